/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * No global-ref, local-ref or native leak: many resolves (events on, a host failure every 100th
 * so the throwable path runs too) in a small heap under -Xcheck:jni, with the process's RSS
 * (VmRSS of /proc/self/status) flat between a warmed-up point and the end. The count is the
 * system property keyact.leak.resolves: 10^5 in the java suite, 10^6 in the java-slow suite
 * (meson test --benchmark --suite java-slow), both with -Xmx32m.
 */
class LeakTest {
    static long rssKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status")))
            if (line.startsWith("VmRSS:"))
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
        throw new IllegalStateException("no VmRSS");
    }

    @Test
    void rssStaysFlat() throws Exception {
        int total = Integer.getInteger("keyact.leak.resolves", 100000);
        try (Registry r = Plugins.registry()) {
            Action a = r.action("discover");
            TestHost.Recording h = new TestHost.Recording(1);
            long before = 0;
            int failures = 0;
            int warm = total * 2 / 5; // past JIT, heap and malloc-arena growth
            for (int i = 0; i < total; i++) {
                if (i == warm) {
                    System.gc();
                    before = rssKb();
                }
                if (Boolean.getBoolean("keyact.leak.trace") && i % 20000 == 0)
                    System.out.println(i + " " + rssKb());
                h.reset();
                h.events.clear();
                h.calls = 0;
                h.land("Forest");
                h.add("Colossal Dreadmaw", "{4}{G}{G}");
                h.add("J\u00f6tun Grunt", "{1}{W}");
                h.add("Llanowar Elves", "{G}");
                h.failAt = i % 100 == 99 ? 3 : 0;
                h.fault = () -> new IllegalStateException("injected");
                try {
                    a.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
                } catch (KeyactException e) {
                    failures++;
                }
                h.assertConserved();
            }
            System.gc();
            long after = rssKb();
            long grown = after - before;
            System.out.printf("{\"leak\":{\"resolves\":%d,\"rss_before_kb\":%d,\"rss_after_kb\":%d,\"grown_kb\":%d}}%n",
                total, before, after, grown);
            assertEquals(total / 100, failures);
            // JIT, GC and malloc arenas move RSS by up to ~10 MB either way; a leak of one
            // global or local ref per resolve (>= 16 bytes) over 6 * 10^5 resolves is more.
            assertTrue(grown < 16 * 1024, "RSS grew by " + grown + " kB over " + (total - warm) + " resolves");
        }
    }
}
