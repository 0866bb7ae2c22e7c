/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The 1.3 API an engine's adapter is written against: a Host per resolve, the exile-run-over and
 * resolve-over notifications, a completed resolve returning its Result with the recovered
 * question's failure, CardDescription factories per layout, and answers that name a face.
 */
class EngineApiTest {
    static Registry registry;
    static Action discover, cascade;

    @BeforeAll
    static void load() {
        registry = Plugins.registry();
        discover = registry.action("discover");
        cascade = registry.action("cascade");
    }

    @AfterAll
    static void close() {
        registry.close();
    }

    @AfterEach
    void batchedAgain() {
        Upcalls.batching = 0;
    }

    /** A TestHost that writes each callback (and the engine object it sees) to a trace. */
    static class Tracing extends TestHost {
        final Object ability;
        final List<String> trace = new ArrayList<>();
        final List<Object> seen = new ArrayList<>();

        Tracing(Object ability) {
            super(5);
            this.ability = ability;
        }

        @Override
        public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
            super.moveCard(game, player, card, to, libraryIndex, reveal);
            trace.add("move " + card + " " + to);
            seen.add(ability);
        }

        @Override
        public boolean canCastFace(long game, long player, long card, int face) {
            trace.add("canCast " + card);
            seen.add(ability);
            return super.canCastFace(game, player, card, face);
        }

        @Override
        public int choose(long game, long player, long card, List<Option> options) {
            trace.add("choose " + card);
            seen.add(ability);
            return super.choose(game, player, card, options);
        }

        @Override
        public boolean castFree(long game, long player, long card, int face) {
            trace.add("cast " + card);
            seen.add(ability);
            return super.castFree(game, player, card, face);
        }

        @Override
        public int randomBelow(long game, int bound) {
            trace.add("random");
            return super.randomBelow(game, bound);
        }

        @Override
        public void exileRunOver(long game, long player, List<Long> exiled) {
            assertEquals(exile, exiled, "every exiled card is still in exile, in order");
            trace.add("exileRunOver " + exiled);
            seen.add(ability);
        }

        @Override
        public void resolveOver(long game, long player, Result result) {
            trace.add("resolveOver " + result.outcome());
            seen.add(ability);
        }
    }

    private static final CardDescription FOREST = CardDescription.normal("Forest", "", true);
    private static final CardDescription BEARS = CardDescription.normal("Grizzly Bears", "{1}{G}", false);
    private static final CardDescription DREADMAW = CardDescription.normal("Colossal Dreadmaw", "{4}{G}{G}", false);

    @Test
    void aHostPerResolveReachesItsOwnObjectsAndCostsNoConversions() {
        Object ability1 = new Object(), ability2 = new Object();
        Tracing first = new Tracing(ability1);
        first.add(FOREST);
        first.add(DREADMAW);
        first.add(BEARS);
        discover.resolve(first, TestHost.GAME, TestHost.PLAYER, 2);
        long conversions = Upcalls.current().conversions;

        Tracing second = new Tracing(ability2);
        second.add(FOREST);
        second.add(DREADMAW);
        second.add(BEARS);
        discover.resolve(second, TestHost.GAME, TestHost.PLAYER, 2);

        assertFalse(first.seen.isEmpty());
        assertTrue(first.seen.stream().allMatch(a -> a == ability1));
        assertTrue(second.seen.stream().allMatch(a -> a == ability2));
        assertEquals(first.seen.size(), second.seen.size());
        assertEquals(conversions, Upcalls.current().conversions, "the second Host reuses the C descriptions");
    }

    private static void exileRunOverBeforeTheFirstQuestion(int batching) {
        Upcalls.batching = batching;
        Tracing h = new Tracing("ability");
        long forest = h.add(FOREST);
        long dreadmaw = h.add(DREADMAW);
        long bears = h.add(BEARS);

        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);

        assertEquals(Outcome.CAST, r.outcome());
        assertEquals(List.of("move " + forest + " EXILE", "move " + dreadmaw + " EXILE", "move " + bears + " EXILE",
            "exileRunOver " + List.of(forest, dreadmaw, bears), "canCast " + bears, "choose " + bears,
            "cast " + bears), h.trace.subList(0, 7));
        assertEquals("resolveOver CAST", h.trace.get(h.trace.size() - 1));
        assertEquals(1, h.trace.stream().filter(s -> s.startsWith("exileRunOver")).count());
    }

    @Test
    void exileRunOverComesBeforeTheFirstQuestionAndResolveOverLast() {
        exileRunOverBeforeTheFirstQuestion(0);
        exileRunOverBeforeTheFirstQuestion(Upcalls.FEATURE_SINGLE);
    }

    @Test
    void exileRunOverComesBeforeTheShuffleWhenNothingIsFound() {
        for (int batching : new int[] {0, Upcalls.FEATURE_SINGLE}) {
            Upcalls.batching = batching;
            Tracing h = new Tracing("ability");
            long a = h.add(FOREST);
            long b = h.add(DREADMAW);
            long c = h.add(FOREST);

            Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 1);

            assertEquals(Outcome.NONE, r.outcome());
            assertEquals("exileRunOver " + List.of(a, b, c), h.trace.get(3));
            assertEquals("random", h.trace.get(4));
            assertEquals("resolveOver NONE", h.trace.get(h.trace.size() - 1));
        }
    }

    @Test
    void cascadeGetsBothNotificationsToo() {
        Tracing h = new Tracing("ability");
        long dreadmaw = h.add(DREADMAW);
        long bears = h.add(BEARS);
        Result r = cascade.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);
        assertEquals(Outcome.CAST, r.outcome());
        int over = h.trace.indexOf("exileRunOver " + List.of(dreadmaw, bears));
        assertTrue(over >= 0 && over < h.trace.indexOf("canCast " + bears), h.trace.toString());
        assertEquals("resolveOver CAST", h.trace.get(h.trace.size() - 1));
    }

    /** Step i of a batch as the C side writes it into the shared buffer. */
    private static void step(Upcalls up, int i, Zone zone, long card, EventType event) {
        int b = i * Steps.STRIDE;
        for (int k = 0; k < Steps.STRIDE; k++)
            up.setData(b + k, 0L);
        up.setData(b + Steps.ZONE, zone == null ? 0 : zone.code());
        up.setData(b + Steps.LIBRARY_INDEX, Host.LIBRARY_BOTTOM);
        up.setData(b + Steps.CARD, card);
        up.setData(b + Steps.EV_TYPE, event == null ? 0 : event.ordinal() + 1);
        up.setData(b + Steps.EV_CARD, card);
    }

    @Test
    void aBatchThatEndsTheExileRunIsSplitAroundTheNotification() {
        // Today's plugins flush the batch at the end of the run; a batch that goes on past it
        // (exiles, then bottoms) must still see exileRunOver in between.
        Tracing h = new Tracing("ability") {
            int batches;

            @Override
            public void applySteps(long game, long player, Steps steps) {
                trace.add("batch " + steps.count());
                if (++batches == 2 && steps.count() == 2) {
                    moveCard(game, player, steps.card(0), steps.zone(0), steps.libraryIndex(0), false);
                    steps.markApplied(0);
                    throw new IllegalStateException("the second move of the second part fails");
                }
                super.applySteps(game, player, steps);
            }
        };
        long a = h.add(FOREST), b = h.add(DREADMAW), c = h.add(FOREST);
        Upcalls up = Upcalls.acquire(null, h, TestHost.GAME, TestHost.PLAYER);
        try {
            up.reserve(5 * Steps.STRIDE + 1);
            step(up, 0, Zone.EXILE, a, EventType.EXILED);
            step(up, 1, Zone.EXILE, b, EventType.EXILED);
            step(up, 2, Zone.EXILE, c, EventType.EXILED);
            step(up, 3, Zone.LIBRARY, a, EventType.BOTTOM);
            step(up, 4, Zone.LIBRARY, b, EventType.BOTTOM);
            assertThrows(IllegalStateException.class, () -> up.applySteps(TestHost.GAME, TestHost.PLAYER, 5));
            assertEquals(List.of("batch 3", "move " + a + " EXILE", "move " + b + " EXILE", "move " + c + " EXILE",
                "exileRunOver " + List.of(a, b, c), "batch 2", "move " + a + " LIBRARY"), h.trace);
            assertEquals(4, up.data(5 * Steps.STRIDE), "the plugin learns that the run and one bottom move were applied");
        } finally {
            up.release();
        }
    }

    @Test
    void aCompletedResolveReturnsWithTheFailedQuestionOnItsResult() {
        RuntimeException boom = new IllegalStateException("the engine could not cast it");
        Tracing t = new Tracing("x") {
            @Override
            public boolean castFree(long game, long player, long card, int face) {
                throw boom;
            }
        };
        t.add(FOREST);
        long tb = t.add(BEARS);

        Result r = discover.resolve(t, TestHost.GAME, TestHost.PLAYER, 2);

        assertTrue(r.complete());
        assertEquals(Outcome.HAND, r.outcome());
        assertEquals(List.of(tb), t.hand);
        t.assertConserved();
        KeyactException failure = r.failure().orElseThrow();
        assertEquals(Status.HOST, failure.status());
        assertSame(boom, failure.getCause());
        assertEquals("resolveOver HAND", t.trace.get(t.trace.size() - 1));

        // No failure: empty.
        TestHost h = new TestHost(3);
        h.add(FOREST);
        long bears = h.add(BEARS);
        Result ok = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        assertEquals(OptionalLong.of(bears), ok.discovered());
        assertTrue(ok.failure().isEmpty());
    }

    @Test
    void aResolveThatCannotCompleteThrowsWithTheStrandedCards() {
        Tracing t = new Tracing("x") {
            @Override
            public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
                if (to == Zone.LIBRARY)
                    throw new IllegalStateException("library locked");
                super.moveCard(game, player, card, to, libraryIndex, reveal);
            }
        };
        long forest = t.add(FOREST);
        long dreadmaw = t.add(DREADMAW);
        t.add(BEARS);
        KeyactException e = assertThrows(KeyactException.class,
            () -> discover.resolve(t, TestHost.GAME, TestHost.PLAYER, 2));
        Result r = e.result().orElseThrow();
        assertFalse(r.complete());
        assertEquals(java.util.Set.of(forest, dreadmaw), java.util.Set.copyOf(r.stranded()));
        assertTrue(t.trace.get(t.trace.size() - 1).startsWith("resolveOver"), "resolveOver also on failure");
    }

    @Test
    void descriptionsInOneCallPerLayout() {
        CardDescription split = CardDescription.split("Fire", "{1}{R}", "Ice", "{1}{U}");
        assertEquals(Layout.SPLIT, split.layout());
        assertEquals(List.of(new Face("Fire", "{1}{R}", false, false), new Face("Ice", "{1}{U}", false, false)),
            split.faces());
        assertEquals(Layout.AFTERMATH, CardDescription.aftermath("Cut", "{1}{R}", "Ribbons", "{X}{B}{B}").layout());
        CardDescription bonecrusher = CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}");
        assertEquals(Layout.ADVENTURE, bonecrusher.layout());
        CardDescription mdfc = CardDescription.modal("Valakut Awakening", "{2}{R}", false, "Valakut Stoneforge", "", true);
        assertTrue(mdfc.faces().get(1).land());
        CardDescription dfc = CardDescription.transform("Delver of Secrets", "{U}", false, "Insectile Aberration", false);
        assertEquals("", dfc.faces().get(1).manaCost());
        // Forge's spellings: X first, "no cost", shards without braces, lower case.
        assertEquals("{X}{R}{R}", CardDescription.normal("Fireball-ish", "{X}{R}{R}", false).faces().get(0).manaCost());
        assertEquals("", CardDescription.normal("Ancestral Vision", "no cost", false).faces().get(0).manaCost());
        assertEquals("{X}{2}{W/U}", CardDescription.normal("Some Spell", "X 2 W/U", false).faces().get(0).manaCost());
        assertEquals("{2}{G}", CardDescription.normal("Some Spell", "{2}{g}", false).faces().get(0).manaCost());

        KeyactException bad = assertThrows(KeyactException.class,
            () -> CardDescription.adventure("Giant", "{2}{R}", "Stomp", "{1}{Q}"));
        assertEquals(Status.BADCOST, bad.status());
        assertTrue(bad.getMessage().contains("Stomp") && bad.getMessage().contains("{Q}"), bad.getMessage());
        assertEquals(Status.BADCOST, assertThrows(KeyactException.class,
            () -> CardDescription.normal("Odd", "2}{R", false)).status());
    }

    @Test
    void factoryDescriptionsResolveAsThePluginReadsThem() {
        TestHost h = new TestHost(9);
        long tergrid = h.add(CardDescription.modal("Tergrid, God of Fright", "{3}{B}{B}", false,
            "Tergrid's Lantern", "{4}{B}", false));
        long fireIce = h.add(CardDescription.split("Fire", "{1}{R}", "Ice", "{1}{U}"));
        long bonecrusher = h.add(CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}"));
        // Tergrid is 5 (the front counts), Fire // Ice 4 (the halves add up): not hits for 3; the giant is.
        Result r = discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 3);
        assertEquals(OptionalLong.of(bonecrusher), r.discovered());
        assertEquals(3, r.exiledCount());
        assertTrue(h.library.containsAll(List.of(tergrid, fireIce)));
    }

    /** A host that answers with faces (Host.decide), as an engine whose choices are spells. */
    static class FaceChooser extends TestHost {
        final Choice answer;
        final List<Integer> castFaces = new ArrayList<>();

        FaceChooser(Choice answer) {
            super(11);
            this.answer = answer;
        }

        @Override
        public int choose(long game, long player, long card, List<Option> options) {
            return decide(game, player, card, options).indexIn(options);
        }

        @Override
        public Choice decide(long game, long player, long card, List<Option> options) {
            return answer;
        }

        @Override
        public boolean castFree(long game, long player, long card, int face) {
            castFaces.add(face);
            return super.castFree(game, player, card, face);
        }
    }

    @Test
    void answersNameTheFace() {
        FaceChooser stomp = new FaceChooser(Choice.cast(1));
        long giant = stomp.add(CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}"));
        Result r = discover.resolve(stomp, TestHost.GAME, TestHost.PLAYER, 3);
        assertEquals(OptionalInt.of(1), r.faceCast());
        assertEquals(List.of(1), stomp.castFaces);
        assertEquals(List.of(giant), stomp.stack);

        FaceChooser decline = new FaceChooser(Choice.decline());
        long giant2 = decline.add(CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}"));
        assertEquals(Outcome.HAND, discover.resolve(decline, TestHost.GAME, TestHost.PLAYER, 3).outcome());
        assertEquals(List.of(giant2), decline.hand);

        // A face not offered is a failed question: recovered, the card to hand.
        FaceChooser wrong = new FaceChooser(Choice.cast(5));
        long giant3 = wrong.add(CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}"));
        Result w = discover.resolve(wrong, TestHost.GAME, TestHost.PLAYER, 3);
        assertEquals(Outcome.HAND, w.outcome());
        assertEquals(Status.RANGE, w.failure().orElseThrow().status());
        assertEquals(List.of(giant3), wrong.hand);

        List<Option> offered = List.of(new Option(OptionKind.CAST_FACE, 0, 6), new Option(OptionKind.CAST_FACE, 1, 4),
            new Option(OptionKind.TO_HAND, -1, 0));
        assertEquals(1, Choice.cast(1).indexIn(offered));
        assertEquals(2, Choice.decline().indexIn(offered));
        assertEquals(Choice.cast(1), Choice.of(offered.get(1)));
        assertEquals(Choice.decline(), Choice.of(offered.get(2)));
    }

    /** Only decide: the default choose answers through it. */
    static final class DecideOnly implements Host {
        final List<Long> library = new ArrayList<>(List.of(1L)), exile = new ArrayList<>(), hand = new ArrayList<>();

        public int librarySize(long g, long p) { return library.size(); }
        public long libraryCard(long g, long p, int i) { return library.get(i); }
        public CardDescription describeCard(long g, long c) { return BEARS; }
        public boolean canCastFace(long g, long p, long c, int f) { return true; }
        public Choice decide(long g, long p, long c, List<Option> o) { return Choice.decline(); }
        public boolean castFree(long g, long p, long c, int f) { return false; }
        public int randomBelow(long g, int bound) { return 0; }
        public void moveCard(long g, long p, long c, Zone to, int i, boolean reveal) {
            library.remove(c);
            exile.remove(c);
            (to == Zone.HAND ? hand : to == Zone.EXILE ? exile : library).add(c);
        }
    }

    @Test
    void aHostMayOverrideOnlyDecideButNotNeither() {
        DecideOnly h = new DecideOnly();
        assertEquals(Outcome.HAND, discover.resolve(h, 1, 1, 2).outcome());
        assertEquals(List.of(1L), h.hand);

        Host neither = new Host() {
            public int librarySize(long g, long p) { return 0; }
            public long libraryCard(long g, long p, int i) { return 0; }
            public CardDescription describeCard(long g, long c) { return BEARS; }
            public boolean canCastFace(long g, long p, long c, int f) { return false; }
            public boolean castFree(long g, long p, long c, int f) { return false; }
            public int randomBelow(long g, int bound) { return 0; }
            public void moveCard(long g, long p, long c, Zone to, int i, boolean reveal) {}
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> discover.resolve(neither, 1, 1, 2));
        assertTrue(e.getMessage().contains("neither"), e.getMessage());
    }
}
