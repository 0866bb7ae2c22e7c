/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.ConsoleHandler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A JVM as an engine starts it, for {@link BundledNativesTest}: keyact's debug line on stderr,
 * then {@link Registry#shared()} with whatever natives the loader picks, one discover resolved
 * through it, and where this process mapped each library from (/proc/self/maps). Prints
 * "plugin FILE" (and " isolated" when it runs in a helper process), "resolved OUTCOME NAME" and
 * "mapped FILE" lines; a failure is its stack trace and exit status 1.
 */
public final class NativesProbe {
    private NativesProbe() {}

    public static void main(String[] args) throws Exception {
        Logger log = Logger.getLogger("org.keyact");
        log.setLevel(Level.FINE);
        ConsoleHandler handler = new ConsoleHandler();
        handler.setLevel(Level.FINE);
        log.addHandler(handler);

        Registry shared = Registry.shared();
        for (Plugin p : shared.plugins())
            System.out.println("plugin " + p.file() + (p.isolated() ? " isolated" : ""));
        for (Refusal r : shared.refused())
            System.out.println("refused " + r.file() + ": " + r.reason());

        TestHost host = new TestHost(1);
        host.land("Forest");
        long bolt = host.add("Lightning Bolt", "{R}");
        Result r = shared.action("discover").resolve(host, TestHost.GAME, TestHost.PLAYER, 3);
        host.assertConserved();
        System.out.println("resolved " + r.outcome() + (r.discovered().orElse(0) == bolt ? " Lightning Bolt" : " ?"));

        java.util.Set<String> mapped = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf(" /");
            if (slash >= 0 && (line.contains("keyact") || line.contains("libglib") || line.contains("libgmodule")
                               || line.contains("libffi") || line.contains("libpcre2")))
                mapped.add(line.substring(slash + 1).trim());
        }
        for (String file : mapped)
            System.out.println("mapped " + file);
    }
}
