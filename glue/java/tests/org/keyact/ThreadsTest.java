/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Many threads resolve their own games through one Registry; hot swap with select while they
 * run; close while a resolve is in flight (it finishes on the plugin it pinned; later resolves
 * are refused with IllegalStateException).
 */
class ThreadsTest {
    static final int THREADS = 8, RESOLVES = 2000;

    /** A game whose discover 2 result is known: Bears is the hit, cast. */
    static void playOne(Action a, long seed, AtomicReference<Throwable> bad) {
        TestHost h = new TestHost(seed);
        h.land("Forest");
        h.add("Colossal Dreadmaw", "{4}{G}{G}");
        long bears = h.add("Grizzly Bears", "{1}{G}");
        h.add("Llanowar Elves", "{G}");
        Result r = a.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        if (!r.discovered().equals(OptionalLong.of(bears)) || !h.stack.equals(List.of(bears))
                || r.bottomedCount() != 2 || h.library.size() != 3)
            bad.compareAndSet(null, new AssertionError("wrong result " + r + " library " + h.library));
        h.assertConserved();
    }

    private static List<Thread> start(Action a, AtomicReference<Throwable> bad, AtomicInteger done) {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int id = t;
            Thread th = new Thread(() -> {
                try {
                    for (int i = 0; i < RESOLVES; i++) {
                        playOne(a, id * 100000L + i, bad);
                        done.incrementAndGet();
                    }
                } catch (Throwable e) {
                    bad.compareAndSet(null, e);
                }
            });
            th.start();
            threads.add(th);
        }
        return threads;
    }

    @Test
    void eightThreadsWithHotSwap() throws Exception {
        Path dir = Files.createTempDirectory("keyact-java-swap");
        Path copy = dir.resolve("keyact-discover-copy.so");
        Files.copy(Plugins.discover(), copy, StandardCopyOption.REPLACE_EXISTING);
        try (Registry r = new Registry()) {
            r.load(Plugins.discover());
            r.load(copy);
            Action a = r.action("discover");
            AtomicReference<Throwable> bad = new AtomicReference<>();
            AtomicInteger done = new AtomicInteger();
            List<Thread> threads = start(a, bad, done);
            int swaps = 0;
            while (threads.stream().anyMatch(Thread::isAlive)) {
                Path to = swaps % 2 == 0 ? copy : Plugins.discover().toAbsolutePath();
                r.select("discover", to.toString());
                assertEquals(to, r.selection("discover").file().orElseThrow());
                assertEquals(SelectedBy.EXPLICIT, r.selection("discover").by());
                swaps++;
                Thread.sleep(1);
            }
            for (Thread t : threads)
                t.join();
            if (bad.get() != null)
                throw new AssertionError(bad.get());
            assertEquals(THREADS * RESOLVES, done.get());
            assertTrue(swaps > 2, "swapped while they ran: " + swaps);
            // Unload while nothing runs: the other file serves.
            r.unload(copy);
            r.clearSelection("discover");
            assertEquals(Plugins.discover().toAbsolutePath(), r.selection("discover").file().orElseThrow());
            playOne(a, 1, bad);
        } finally {
            Files.deleteIfExists(copy);
            Files.deleteIfExists(dir);
        }
    }

    @Test
    void closeWhileAResolveIsInFlight() throws Exception {
        Registry r = Plugins.registry();
        Action a = r.action("discover");
        CountDownLatch inCast = new CountDownLatch(1), closed = new CountDownLatch(1);
        AtomicReference<Object> outcome = new AtomicReference<>();
        TestHost h = new TestHost(1) {
            @Override
            public boolean castFree(long game, long player, long card, int face) {
                inCast.countDown();
                try {
                    closed.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.castFree(game, player, card, face);
            }
        };
        long elves = h.add("Llanowar Elves", "{G}");
        Thread t = new Thread(() -> {
            try {
                outcome.set(a.resolve(h, TestHost.GAME, TestHost.PLAYER, 1));
            } catch (Throwable e) {
                outcome.set(e);
            }
        });
        t.start();
        assertTrue(inCast.await(10, TimeUnit.SECONDS));
        r.close();          // returns at once: the resolve holds its plugin
        closed.countDown();
        t.join(10000);
        assertTrue(outcome.get() instanceof Result, "in-flight resolve finished: " + outcome.get());
        Result res = (Result) outcome.get();
        assertEquals(OptionalLong.of(elves), res.discovered());
        assertEquals(List.of(elves), h.stack);
        assertThrows(IllegalStateException.class, () -> a.resolve(new TestHost(2), TestHost.GAME, TestHost.PLAYER, 1));
        assertThrows(IllegalStateException.class, r::plugins);
        r.close(); // idempotent
    }
}
