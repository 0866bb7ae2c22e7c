/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Isolated plugins through the Java binding: the same game as in-process, a crashing plugin
 * costs one resolve ({@link Status#PLUGIN}, stranded cards) and never the JVM, the system
 * property and the builder.
 */
class IsolationTest {
    /** Two lands then Shock: discover 3 exiles three cards. */
    private static TestHost.Recording game(long seed) {
        TestHost.Recording h = new TestHost.Recording(seed);
        h.land("Mountain");
        h.land("Forest");
        h.add("Shock", "{R}");
        h.add("Colossal Dreadmaw", "{4}{G}{G}");
        h.land("Island");
        return h;
    }

    private static List<Object> played(Registry r, long seed) {
        TestHost.Recording h = game(seed);
        Result result = r.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 3);
        h.assertConserved();
        List<Object> all = new ArrayList<>();
        all.add(result);
        all.add(h.events);
        all.add(new ArrayList<>(h.library));
        all.add(new ArrayList<>(h.stack));
        all.add(new ArrayList<>(h.hand));
        return all;
    }

    @Test
    void sameGameAsInProcess() {
        try (Registry in = new Registry(Isolation.off()); Registry iso = new Registry(Isolation.on())) {
            in.load(Plugins.discover());
            iso.load(Plugins.discover());
            assertFalse(in.plugins().get(0).isolated());
            assertTrue(iso.plugins().get(0).isolated());
            for (long seed = 1; seed <= 20; seed++)
                assertEquals(played(in, seed), played(iso, seed), "seed " + seed);
        }
    }

    @Test
    void systemPropertyIsolates() {
        System.setProperty("org.keyact.isolate", "true");
        try (Registry r = new Registry()) {
            assertTrue(r.isolation().isolated());
            r.load(Plugins.discover());
            assertTrue(r.plugins().get(0).isolated());
        } finally {
            System.clearProperty("org.keyact.isolate");
        }
        try (Registry r = new Registry()) {
            assertFalse(r.isolation().isolated());
        }
    }

    @Test
    void builderKeepsLimits() {
        Isolation i = Isolation.builder().deadlineMillis(250).memoryBytes(1L << 29).cpuSeconds(30).build();
        assertTrue(i.isolated());
        assertEquals(250, i.deadlineMillis().getAsInt());
        assertEquals(1L << 29, i.memoryBytes().getAsLong());
        assertEquals(30, i.cpuSeconds().getAsInt());
        assertFalse(Isolation.on().deadlineMillis().isPresent());
        assertThrows(IllegalArgumentException.class, () -> Isolation.builder().deadlineMillis(0));
        assertThrows(IllegalArgumentException.class, () -> Isolation.builder().memoryBytes(-1));
        assertThrows(NullPointerException.class, () -> new Registry(null));
    }

    @Test
    void crashInInitRefusesTheLoad() {
        try (Registry r = new Registry(Isolation.on())) {
            java.nio.file.Path file = Plugins.env("KEYACT_TEST_MISBEHAVE_INIT_CRASH");
            KeyactException e = assertThrows(KeyactException.class, () -> r.load(file));
            assertEquals(Status.PLUGIN, e.status());
            assertTrue(e.getMessage().contains("killed by SIGSEGV during init"), e.getMessage());
            assertEquals(1, r.refused().size());
            assertTrue(r.plugins().isEmpty());
        }
    }

    @Test
    void crashCostsOneResolve() {
        try (Registry r = new Registry(Isolation.builder().deadlineMillis(2000).build())) {
            r.load(Plugins.env("KEYACT_TEST_MISBEHAVE_CRASH"));
            TestHost.Recording h = game(3);
            KeyactException e = assertThrows(KeyactException.class,
                () -> r.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 3));
            assertEquals(Status.PLUGIN, e.status());
            Result result = e.result().orElseThrow();
            assertFalse(result.complete());
            assertEquals(h.exile, result.stranded());
            assertTrue(h.exile.size() >= 2);
            h.assertConserved();
            // The next resolve: a fresh helper, a game the plugin does not ruin (the hit first).
            TestHost.Recording next = new TestHost.Recording(4);
            long shock = next.add("Shock", "{R}");
            Result ok = r.action("discover").resolve(next, TestHost.GAME, TestHost.PLAYER, 3);
            assertTrue(ok.complete());
            assertEquals(List.of(shock), next.stack);
        }
    }
}
