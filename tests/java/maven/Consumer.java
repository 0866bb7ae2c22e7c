/* SPDX-License-Identifier: MIT */
package org.example.keyactconsumer;

import java.nio.file.Paths;
import org.keyact.Action;
import org.keyact.Plugin;
import org.keyact.Registry;

/**
 * The one class of the Maven consumer (maven-consumer.sh): org.keyact:keyact comes from the
 * Maven repository the install laid out; at run time it loads libkeyact-jni and the discover
 * plugin named on the command line and prints what the registry says about them.
 */
public final class Consumer {
    public static void main(String[] args) {
        try (Registry registry = new Registry()) {
            Plugin plugin = registry.load(Paths.get(args[0]));
            Action discover = registry.action("discover");
            System.out.println("consumer: plugin " + plugin.id() + " " + plugin.version()
                + " action " + discover.name());
        }
    }
}
