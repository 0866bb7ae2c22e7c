/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every Host call k of a resolve throws, for every kind of throwable (RuntimeException, Error,
 * OutOfMemoryError, a KeyactException with its own status): when the action still completed
 * (a question failed) resolve returns its Result with a failure whose cause is that throwable;
 * when it could not, resolve throws a KeyactException with that cause and the Result; no card
 * is lost; the stranded list is exactly the cards left in exile; the JVM goes on (the next
 * resolve is clean).
 */
class FaultSweepTest {
    static Registry registry;

    @BeforeAll
    static void load() {
        registry = Plugins.registry();
    }

    @AfterAll
    static void close() {
        registry.close();
    }

    static final Map<String, Supplier<Throwable>> KINDS = Map.of(
        "runtime", () -> new IllegalStateException("injected"),
        "error", () -> new AssertionError("injected"),
        "oom", () -> new OutOfMemoryError("injected"),
        "keyact", () -> new KeyactException(Status.STATE, "injected"));

    /** A deck where discover 3 exiles several cards, hits, casts, and bottoms the rest. */
    static TestHost game(String action, long seed) {
        TestHost h = new TestHost.Recording(seed);
        h.land("Forest");
        h.add("Colossal Dreadmaw", "{4}{G}{G}");
        h.land("Swamp");
        h.add("Ancestral Recall", "{U}");
        h.add("Grizzly Bears", "{1}{G}");
        h.add("Llanowar Elves", "{G}");
        return h;
    }

    private void sweep(String action, int n) {
        Action a = registry.action(action);
        TestHost clean = game(action, 5);
        a.resolve(clean, TestHost.GAME, TestHost.PLAYER, n);
        int total = clean.calls;
        assertTrue(total > 8, "a clean " + action + " makes several host calls, made " + total);
        int failures = 0;
        for (int k = 1; k <= total; k++) {
            for (var kind : KINDS.entrySet()) {
                TestHost h = game(action, 5);
                h.failAt = k;
                h.fault = kind.getValue();
                KeyactException e;
                Result r;
                try {
                    r = a.resolve(h, TestHost.GAME, TestHost.PLAYER, n);
                    assertTrue(r.complete(), "resolve returns only a completed action");
                    assertTrue(r.failure().isPresent(), action + ": call " + k + " threw " + kind.getKey()
                        + " but the result has no failure");
                    e = r.failure().get();
                } catch (KeyactException x) {
                    e = x;
                    r = x.result().orElseThrow();
                    assertFalse(r.complete(), "resolve throws only when the action could not complete");
                }
                {
                    failures++;
                    assertSame(h.thrown, e.getCause(), "the host's throwable is the cause");
                    Status expected = kind.getKey().equals("keyact") ? Status.STATE : Status.HOST;
                    assertEquals(expected, e.status(), action + " call " + k + " " + kind.getKey());
                    h.assertConserved();
                    if (r.complete())
                        assertEquals(List.of(), h.exile, "a complete resolve leaves nothing in exile");
                    else
                        assertEquals(new HashSet<>(h.exile), new HashSet<>(r.stranded()),
                            action + " call " + k + ": stranded is exactly what is in exile");
                    assertEquals(r.stranded().size(), new HashSet<>(r.stranded()).size());
                }
            }
            // The JVM and the binding go on: the next resolve is clean.
            TestHost after = game(action, 5);
            Result ok = a.resolve(after, TestHost.GAME, TestHost.PLAYER, n);
            assertTrue(ok.complete());
            after.assertConserved();
        }
        assertEquals(total * KINDS.size(), failures);
    }

    @Test
    void discoverSurvivesEveryInjectedThrowable() {
        sweep("discover", 3);
    }

    @Test
    void cascadeSurvivesEveryInjectedThrowable() {
        sweep("cascade", 3);
    }

    @Test
    void realOutOfMemoryInTheHostIsContained() {
        Action a = registry.action("discover");
        TestHost h = new TestHost(1) {
            @Override
            public boolean canCastFace(long game, long player, long card, int face) {
                long[][] hog = new long[1024][];
                for (int i = 0; ; i++)
                    hog[i % 1024] = new long[1 << 22]; // 32 MB each: exceeds -Xmx64m
            }
        };
        h.add("Llanowar Elves", "{G}");
        Result r = a.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);
        assertTrue(r.complete(), "a failed question is recovered");
        KeyactException e = r.failure().orElseThrow();
        assertTrue(e.getCause() instanceof OutOfMemoryError, "cause " + e.getCause());
        assertEquals(List.of(h.cards.keySet().iterator().next()), h.hand, "the card went to hand");
        h.assertConserved();
    }
}
