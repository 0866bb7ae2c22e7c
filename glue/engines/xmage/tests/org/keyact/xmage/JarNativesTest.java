/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.TreeMap;
import org.keyact.Registry;
import org.junit.jupiter.api.Test;

/**
 * Run after {@link SwitchTest} in a JVM started with keyact-xmage.jar alone (the build's
 * xmage-SwitchTest-jar-alone, and CI's machine with only a JRE): every library keyact runs on
 * is the copy keyact-xmage.jar carries, extracted under the user's cache folder
 * ($XDG_CACHE_HOME/keyact, else ~/.cache/keyact), GLib and the rest included, whatever the
 * machine has of its own: this process's memory map says where each file came from.
 */
class JarNativesTest {
    @Test
    void everyLibraryKeyactLoadedIsTheJarsCopy() throws Exception {
        assertTrue(Registry.shared().plugins().size() >= 2, Registry.shared().plugins().toString());
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isEmpty() ? Paths.get(xdg) : Paths.get(System.getProperty("user.home"), ".cache"))
            .resolve("keyact");
        Map<String, String> mapped = new TreeMap<>();
        for (String line : Files.readAllLines(Paths.get("/proc/self/maps"))) {
            int slash = line.indexOf(" /");
            if (slash < 0)
                continue;
            String path = line.substring(slash + 1).trim();
            String name = path.substring(path.lastIndexOf('/') + 1);
            if (name.matches("(libkeyact-.*|keyact-.*\\.so|libglib-2\\.0\\.so.*|libgmodule-2\\.0\\.so.*|libffi\\.so.*|libpcre2-8\\.so.*)"))
                mapped.put(name, path);
        }
        for (Map.Entry<String, String> m : mapped.entrySet())
            System.out.println("keyact mapped " + m.getKey() + " from " + m.getValue());
        for (String name : new String[] {"libkeyact-jni.so", "libkeyact-host.so.1", "libglib-2.0.so.0",
                                         "libgmodule-2.0.so.0", "libffi.so.8", "libpcre2-8.so.0",
                                         "keyact-discover.so", "keyact-cascade.so"})
            assertTrue(mapped.containsKey(name), name + " is not mapped: " + mapped);
        for (Map.Entry<String, String> m : mapped.entrySet())
            assertTrue(Paths.get(m.getValue()).startsWith(cache), m.getKey() + " is mapped from " + m.getValue()
                + ", not from the extraction directory under " + cache);
        assertEquals(8, mapped.size(), mapped.toString());
    }
}
