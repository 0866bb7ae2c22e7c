/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No global-ref, local-ref or native leak: many resolves (events on, a host failure every 100th
 * so the throwable path runs too) in a small heap under -Xcheck:jni, with the process's RSS
 * (VmRSS of /proc/self/status) not growing in every measured window (windows run until four
 * of them compiled nothing, at most twelve). The count
 * of measured resolves is the system property keyact.leak.resolves: 10^5 in the java suite,
 * 10^6 in the java-slow suite (meson test --benchmark --suite java-slow).
 *
 * <p>Two things move RSS without any leak, and the test keeps both out of the windows: the Java
 * heap growing towards -Xmx (meson runs this class with -Xms equal to -Xmx and
 * -XX:+AlwaysPreTouch, so the heap is resident before the first resolve), and the JIT compilers'
 * arenas (C2 compiling the resolve path leaves several MB with malloc; the window starts only
 * once a chunk of resolves ran with no compilation at all, which under load can take longer
 * than a fixed count of resolves would allow for).
 */
class LeakTest {
    static final int CHUNK = 5000;
    static final int WINDOWS = 4;
    static final int MAX_WINDOWS = 12;

    static long rssKb() throws Exception {
        for (String line : Files.readAllLines(Paths.get("/proc/self/status")))
            if (line.startsWith("VmRSS:"))
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
        throw new IllegalStateException("no VmRSS");
    }

    static long compileMs() {
        return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    @Test
    void rssStaysFlat() throws Exception {
        int measured = Integer.getInteger("keyact.leak.resolves", 100000);
        boolean trace = Boolean.getBoolean("keyact.leak.trace");
        assertTrue(ManagementFactory.getCompilationMXBean().isCompilationTimeMonitoringSupported());
        try (Registry r = Plugins.registry()) {
            Action a = r.action("discover");
            TestHost.Recording h = new TestHost.Recording(1);
            int[] failures = {0};
            // Warm up: at least 40,000 resolves, then until a whole chunk compiled nothing.
            int warm = 0;
            long compiled = -1;
            while (warm < 40000 || compileMs() != compiled) {
                assertTrue(warm < 2000000, "the JIT never went quiet in " + warm + " resolves");
                compiled = compileMs();
                warm += run(a, h, warm, CHUNK, failures);
                if (trace)
                    System.out.println("warm " + warm + " rss " + rssKb() + " compile_ms " + compiled);
            }
            // Windows of measured / 4 resolves, RSS after each: a leak grows every one of them,
            // whereas what is left of the JIT's arenas or a malloc trim moves a window up or
            // down. Under load C2 can still be compiling, and its arenas grow a window by MBs:
            // windows run until WINDOWS of them compiled nothing (at most MAX_WINDOWS), and the
            // least growth of them all is judged.
            List<Long> grown = new ArrayList<>(), quiet = new ArrayList<>();
            System.gc();
            long rss = rssKb();
            long first = rss;
            int done = 0, window = measured / WINDOWS;
            while (quiet.size() < WINDOWS && grown.size() < MAX_WINDOWS) {
                long compiledBefore = compileMs();
                for (int end = done + window; done < end; )
                    done += run(a, h, warm + done, Math.min(CHUNK, end - done), failures);
                System.gc();
                long now = rssKb();
                grown.add(now - rss);
                if (compileMs() == compiledBefore)
                    quiet.add(now - rss);
                rss = now;
            }
            long least = Collections.min(grown);
            System.out.printf("{\"leak\":{\"warmup_resolves\":%d,\"resolves\":%d,\"rss_before_kb\":%d,"
                + "\"rss_after_kb\":%d,\"grown_kb_per_window\":%s,\"grown_kb_per_quiet_window\":%s}}%n",
                warm, done, first, rss, grown, quiet);
            assertEquals((warm + done) / 100, failures[0]);
            // Quiet windows here grow by 0-100 kB. One leaked global ref (8 bytes) or malloc
            // block (>= 32 bytes) per resolve is 200 or 800 kB per window of 25,000 resolves,
            // and at 10^6 resolves ten times that.
            long bound = window * 8L / 1024;
            assertTrue(least < bound, "RSS grew in every window " + grown + " kB, by " + least + " kB or more per "
                + window + " resolves");
        }
    }

    /** Runs n resolves, numbered from first (every 100th has a host failure); returns n. */
    static int run(Action a, TestHost.Recording h, int first, int n, int[] failures) {
        for (int i = first; i < first + n; i++) {
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
                failures[0]++;
            }
            h.assertConserved();
        }
        return n;
    }
}
