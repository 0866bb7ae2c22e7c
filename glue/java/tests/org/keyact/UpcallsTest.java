/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * JNI upcalls per exiled card, counted (not timed) with the binding's per-thread counter, with
 * the ABI 1.1 batched calls and with the 1.0 single calls, for a host without and with notify.
 * Prints one JSON line per figure. The batched calls must need fewer upcalls per card.
 */
class UpcallsTest {
    static final int MISSES = 30;

    /** Upcalls per exiled card of discover 1 on MISSES expensive cards then a hit. */
    private static double perCard(Action a, boolean events, boolean batched) {
        int saved = Upcalls.batching;
        Upcalls.batching = batched ? 0 : Upcalls.FEATURE_SINGLE;
        try {
            TestHost h = events ? new TestHost.Recording(1) : new TestHost(1);
            for (int i = 0; i < MISSES; i++)
                h.add("Expensive " + i, "{7}");
            h.add("Llanowar Elves", "{G}");
            a.resolve(h, TestHost.GAME, TestHost.PLAYER, 1); // warm the description cache
            h.library.clear(); h.exile.clear(); h.hand.clear(); h.stack.clear();
            h.library.addAll(h.cards.keySet().stream().sorted().toList());
            long before = Native.upcalls();
            Result r = a.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);
            long upcalls = Native.upcalls() - before;
            assertEquals(MISSES + 1, r.exiledCount());
            h.assertConserved();
            double per = (double) upcalls / r.exiledCount();
            System.out.printf("{\"upcalls\":{\"batched\":%b,\"notify\":%b,\"exiled\":%d,\"per_resolve\":%d,\"per_exiled_card\":%.2f}}%n",
                batched, events, r.exiledCount(), upcalls, per);
            return per;
        } finally {
            Upcalls.batching = saved;
        }
    }

    @Test
    void batchedCallsNeedFewerUpcalls() {
        try (Registry r = Plugins.registry()) {
            Action a = r.action("discover");
            double single = perCard(a, false, false);
            double batched = perCard(a, false, true);
            double singleEvents = perCard(a, true, false);
            double batchedEvents = perCard(a, true, true);
            assertTrue(batched < single, batched + " vs " + single);
            assertTrue(batchedEvents < singleEvents, batchedEvents + " vs " + singleEvents);
            assertTrue(batchedEvents <= 2.0, "ABI 1.1: at most two host calls per exiled card, " + batchedEvents);
        }
    }

    /**
     * The same question twice gets the same list object: choose builds no list for a question it
     * has seen (the hand option's face is KEYACT_FACE_NONE, all bits set: it must match itself).
     */
    @Test
    void aRepeatedQuestionReusesItsOptionList() {
        try (Registry r = Plugins.registry()) {
            Action a = r.action("discover");
            List<List<Option>> asked = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                TestHost h = new TestHost(1) {
                    @Override
                    public int choose(long game, long player, long card, List<Option> options) {
                        asked.add(options);
                        return super.choose(game, player, card, options);
                    }
                };
                h.add("Llanowar Elves", "{G}");
                assertEquals(Outcome.CAST, a.resolve(h, TestHost.GAME, TestHost.PLAYER, 1).outcome());
            }
            assertEquals(2, asked.size());
            assertTrue(asked.get(0).stream().anyMatch(o -> o.kind() == OptionKind.TO_HAND), asked.get(0).toString());
            assertSame(asked.get(0), asked.get(1));
        }
    }

    /**
     * A description remembers its C block only for the cache that made it: once the cache is
     * emptied (past MAX_CACHED descriptions, at the next resolve) its old block is freed, and
     * the description is converted again rather than handed over freed.
     */
    @Test
    void aDescriptionIsConvertedAgainAfterTheCacheWasEmptied() {
        CardDescription elves = CardDescription.of(new Face("Llanowar Elves", "{G}", false, false));
        Upcalls up = Upcalls.current();
        long before = up.conversions;
        long block = up.block(elves);
        assertEquals(block, up.block(elves));
        assertEquals(before + 1, up.conversions, "the second lookup converts nothing");
        for (int i = 0; i <= Upcalls.MAX_CACHED; i++)
            up.block(CardDescription.of(new Face("Filler " + i, "{1}", false, false)));
        Upcalls.acquire(null, new TestHost(1), TestHost.GAME, TestHost.PLAYER).release();
        long converted = up.conversions;
        long again = up.block(elves);
        assertEquals(converted + 1, up.conversions, "converted again");
        assertEquals("Llanowar Elves", Utf8.string(Native.describedString(again, 0, false)));
        assertEquals(again, up.block(elves));
    }
}
