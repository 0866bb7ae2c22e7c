/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Discover through the Java binding on the array host: zones, events, result, conservation. */
class DiscoverTest {
    static Registry registry;
    static Action discover;

    @BeforeAll
    static void load() {
        registry = Plugins.registry();
        discover = registry.action("discover");
    }

    @AfterAll
    static void close() {
        registry.close();
    }

    private static List<EventType> types(TestHost.Recording h) {
        return h.events.stream().map(Event::type).toList();
    }

    @Test
    void hitIsCastAndTheRestGoToTheBottom() {
        TestHost.Recording h = new TestHost.Recording(1);
        long forest = h.land("Forest");
        long big = h.add("Colossal Dreadmaw", "{4}{G}{G}");
        long bolt = h.add("Lightning Bolt", "{R}");
        long under = h.add("Grizzly Bears", "{1}{G}");

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);

        assertEquals(Outcome.CAST, r.outcome());
        assertEquals(OptionalLong.of(bolt), r.discovered());
        assertEquals(2, r.manaValueHalves());
        assertEquals(OptionalInt.of(0), r.faceCast());
        assertEquals(3, r.exiledCount());
        assertEquals(2, r.bottomedCount());
        assertTrue(r.complete());
        assertEquals(List.of(), r.stranded());
        assertEquals(List.of(bolt), h.stack);
        assertEquals(List.of(), h.exile);
        assertEquals(under, h.library.get(0));
        assertEquals(java.util.Set.of(forest, big), java.util.Set.copyOf(h.library.subList(1, 3)));
        h.assertConserved();
        assertEquals(List.of(EventType.EXILED, EventType.EXILED, EventType.EXILED, EventType.HIT,
            EventType.CAST, EventType.BOTTOM, EventType.BOTTOM, EventType.DISCOVERED), types(h));
        Event hit = h.events.get(3);
        assertEquals(bolt, hit.card());
        assertEquals(2, hit.manaValueHalves());
        assertEquals(3, hit.n());
        assertEquals(TestHost.PLAYER, hit.player());
    }

    @Test
    void declinedHitGoesToHand() {
        TestHost.Recording h = new TestHost.Recording(2);
        h.land("Island");
        long opt = h.add("Opt", "{U}");
        h.cast = false;

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);

        assertEquals(Outcome.HAND, r.outcome());
        assertEquals(OptionalLong.of(opt), r.discovered());
        assertEquals(OptionalInt.empty(), r.faceCast());
        assertEquals(List.of(opt), h.hand);
        assertEquals(1, h.library.size());
        assertTrue(types(h).contains(EventType.TO_HAND));
        h.assertConserved();
    }

    @Test
    void failedCastGoesToHandNotLeftInExile() {
        TestHost.Recording h = new TestHost.Recording(3);
        long shock = h.add("Shock", "{R}");
        h.castSucceeds = false;

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);

        assertEquals(Outcome.HAND, r.outcome());
        assertEquals(List.of(shock), h.hand);
        assertEquals(List.of(), h.exile);
        assertEquals(List.of(EventType.EXILED, EventType.HIT, EventType.CAST_FAILED,
            EventType.TO_HAND, EventType.DISCOVERED), types(h));
        h.assertConserved();
    }

    @Test
    void noHitPutsEverythingOnTheBottom() {
        TestHost.Recording h = new TestHost.Recording(4);
        for (int i = 0; i < 5; i++)
            h.add("Expensive " + i, "{5}");
        long plains = h.land("Plains");

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);

        // CR 701.57c: the final card exiled, the Plains (mana value 0 <= 2), is the
        // discovered card, though neither cast nor put into hand.
        assertEquals(Outcome.NONE, r.outcome());
        assertEquals(OptionalLong.of(plains), r.discovered());
        assertEquals(0, r.manaValueHalves());
        assertEquals(6, r.exiledCount());
        assertEquals(6, r.bottomedCount());
        assertEquals(6, h.library.size());
        assertTrue(h.exile.isEmpty());
        assertEquals(EventType.DISCOVERED, h.events.get(h.events.size() - 1).type());
        assertEquals(plains, h.events.get(h.events.size() - 1).card());
        h.assertConserved();
    }

    @Test
    void noHitEndingAboveNDiscoversNothing() {
        TestHost.Recording h = new TestHost.Recording(4);
        h.land("Plains");
        for (int i = 0; i < 3; i++)
            h.add("Expensive " + i, "{5}");

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);

        // CR 701.57c: the final card exiled has mana value 5 > 2: no discovered card.
        assertEquals(Outcome.NONE, r.outcome());
        assertEquals(OptionalLong.empty(), r.discovered());
        assertEquals(4, r.exiledCount());
        assertEquals(4, r.bottomedCount());
        assertEquals(0, h.events.get(h.events.size() - 1).card());
        h.assertConserved();
    }

    @Test
    void emptyLibraryDiscoversNothing() {
        TestHost.Recording h = new TestHost.Recording(5);
        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 4);
        assertEquals(Outcome.NONE, r.outcome());
        assertEquals(0, r.exiledCount());
        assertEquals(List.of(EventType.DISCOVERED), types(h));
    }

    @Test
    void adventureHitsOnTheMainCardsManaValueAndOffersBothFaces() {
        // Bonecrusher Giant {2}{R} // Stomp {1}{R}: mana value 3 in exile.
        CardDescription giantCard = new CardDescription(Layout.ADVENTURE, List.of(
            new Face("Bonecrusher Giant", "{2}{R}", false, false), new Face("Stomp", "{1}{R}", false, false)));
        TestHost.Recording low = new TestHost.Recording(6);
        long g1 = low.add(giantCard);
        Result miss = discover.resolve(low, TestHost.GAME, TestHost.PLAYER, 2);
        assertEquals(Outcome.NONE, miss.outcome());
        assertEquals(List.of(g1), low.library);

        List<List<Option>> offered = new java.util.ArrayList<>();
        TestHost.Recording h = new TestHost.Recording(6) {
            @Override
            public int choose(long game, long player, long card, List<Option> options) {
                offered.add(options);
                return 1; // Stomp
            }
        };
        long giant = h.add(giantCard);
        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);
        assertEquals(Outcome.CAST, r.outcome());
        assertEquals(OptionalLong.of(giant), r.discovered());
        assertEquals(6, r.manaValueHalves());
        assertEquals(OptionalInt.of(1), r.faceCast());
        assertEquals(List.of(giant), h.stack);
        assertEquals(List.of(new Option(OptionKind.CAST_FACE, 0, 6), new Option(OptionKind.CAST_FACE, 1, 4),
            new Option(OptionKind.TO_HAND, -1, 0)), offered.get(0));
    }

    @Test
    void splitCardUsesTheCombinedManaValue() {
        TestHost.Recording h = new TestHost.Recording(7);
        // Fire // Ice: mana value 4 in exile, so discover 3 exiles past it.
        long fire = h.add(new CardDescription(Layout.SPLIT, List.of(
            new Face("Fire", "{1}{R}", false, false), new Face("Ice", "{1}{U}", false, false))));
        long opt = h.add("Opt", "{U}");

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);

        assertEquals(OptionalLong.of(opt), r.discovered());
        assertTrue(h.library.contains(fire));
        h.assertConserved();
    }

    @Test
    void hostWithoutNotifyStillResolves() {
        TestHost h = new TestHost(8);
        long bolt = h.add("Lightning Bolt", "{R}");
        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);
        assertEquals(OptionalLong.of(bolt), r.discovered());
        // TestHost answers cardZone (for the validation layer), nothing else optional.
        assertEquals(Upcalls.FEATURE_CARD_ZONE, Upcalls.features(h));
        assertEquals(Upcalls.FEATURE_NOTIFY | Upcalls.FEATURE_LOG | Upcalls.FEATURE_CARD_ZONE,
            Upcalls.features(new TestHost.Recording(0)));
    }

    @Test
    void sameSeedSameBottomOrder() {
        List<Long> first = null;
        for (int run = 0; run < 2; run++) {
            TestHost h = new TestHost(42);
            for (int i = 0; i < 8; i++)
                h.add("Expensive " + i, "{6}");
            discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);
            if (first == null)
                first = List.copyOf(h.library);
            else
                assertEquals(first, h.library);
        }
    }

    @Test
    void badArgumentsAreRefusedBeforeTheCall() {
        TestHost h = new TestHost(9);
        assertThrows(IllegalArgumentException.class, () -> discover.resolve(h, TestHost.GAME, TestHost.PLAYER, -1));
        assertThrows(NullPointerException.class, () -> discover.resolve(null, TestHost.GAME, TestHost.PLAYER, 1));
        assertEquals(0, h.calls);
    }

    @Test
    void unknownActionIsNotFound() {
        KeyactException e = assertThrows(KeyactException.class,
            () -> registry.action("no-such-action").resolve(new TestHost(1), TestHost.GAME, TestHost.PLAYER, 1));
        assertEquals(Status.NOTFOUND, e.status());
        assertFalse(e.result().isPresent());
    }

    /** A host that answers the batched calls itself, the way an engine would override them. */
    static class BatchingHost extends TestHost.Recording {
        int batches;

        BatchingHost(long seed) {
            super(seed);
        }

        @Override
        public void libraryCards(long game, long player, int fromTop, int count, long[] out) {
            batches++;
            for (int i = 0; i < count; i++)
                out[i] = fromTop + i < library.size() ? library.get(fromTop + i) : 0;
        }

        @Override
        public void applySteps(long game, long player, Steps steps) {
            batches++;
            for (int i = 0; i < steps.count(); i++) {
                if (steps.moves(i)) {
                    long card = steps.card(i);
                    library.remove(card); exile.remove(card); hand.remove(card);
                    switch (steps.zone(i)) {
                        case EXILE -> exile.add(card);
                        case HAND -> hand.add(card);
                        case LIBRARY -> library.add(steps.libraryIndex(i) == LIBRARY_BOTTOM ? library.size() : steps.libraryIndex(i), card);
                    }
                }
                steps.markApplied(i);
                if (steps.hasEvent(i))
                    events.add(steps.event(i));
            }
        }
    }

    @Test
    void overriddenBatchedCallsGiveTheSameGame() {
        TestHost.Recording plain = new TestHost.Recording(77);
        BatchingHost batching = new BatchingHost(77);
        for (TestHost h : List.of(plain, batching)) {
            for (int i = 0; i < 6; i++)
                h.add("Expensive " + i, "{6}");
            h.land("Forest");
            h.add("Grizzly Bears", "{1}{G}");
            h.add("After", "{G}");
        }
        Result a = discover.resolve(plain, TestHost.GAME, TestHost.PLAYER, 2);
        Result b = discover.resolve(batching, TestHost.GAME, TestHost.PLAYER, 2);
        assertEquals(a, b);
        assertEquals(plain.library, batching.library);
        assertEquals(plain.stack, batching.stack);
        assertEquals(plain.events, batching.events);
        assertTrue(batching.batches > 0, "the plugin used the overridden batched calls");
        batching.assertConserved();
    }
}
