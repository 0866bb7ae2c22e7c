/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * EngineHost over a small engine of plain objects: a deque library, string zones, faces as their
 * own objects. The engine never sees a handle, the face chosen is the one cast, "cast" is read
 * from the zone, and a failed action's stranded cards are recovered to the bottom.
 */
class EngineHostTest {
    static Registry registry;
    static Action discover;

    @BeforeAll
    static void load() {
        registry = Plugins.registry();
        registry.setValidation(Validation.REPORT);
        discover = registry.action("discover");
    }

    @AfterAll
    static void close() {
        registry.close();
    }

    /** An engine's zone constants, spelled its own way. */
    enum Where { Library, Exiled, Hand, Stack }

    static final class Card {
        final String name;
        final CardDescription printed;
        final List<String> faces;
        Where where = Where.Library;

        Card(String name, CardDescription printed) {
            this.name = name;
            this.printed = printed;
            this.faces = new ArrayList<>();
            for (Face f : printed.faces())
                faces.add(f.name());
        }
    }

    static class Engine extends EngineHost<Card, String> {
        final Deque<Card> library = new ArrayDeque<>();
        final List<Card> all = new ArrayList<>();
        final List<String> cast = new ArrayList<>();
        int reads;
        String pick;
        boolean failBottom;

        Engine(Card... cards) {
            all.addAll(Arrays.asList(cards));
            library.addAll(all);
        }

        @Override
        protected List<Card> library() {
            reads++;
            return new ArrayList<>(library);
        }

        @Override
        protected CardDescription describe(Card card) {
            return card.printed;
        }

        @Override
        protected List<String> faces(Card card) {
            return card.faces;
        }

        @Override
        protected void toExile(Card card) {
            library.remove(card);
            card.where = Where.Exiled;
        }

        @Override
        protected void toHand(Card card) {
            card.where = Where.Hand;
        }

        @Override
        protected void toBottom(Card card) {
            if (failBottom) {
                failBottom = false;
                throw new IllegalStateException("the engine failed a move");
            }
            card.where = Where.Library;
            library.addLast(card);
        }

        @Override
        protected Enum<?> zone(Card card) {
            return card.where;
        }

        @Override
        protected boolean canCast(String face) {
            return true;
        }

        @Override
        protected Optional<String> choose(Card card, List<String> castable) {
            return castable.stream().filter(f -> f.equals(pick)).findFirst();
        }

        @Override
        protected void cast(String face) {
            cast.add(face);
            for (Card c : all)
                if (c.faces.contains(face))
                    c.where = Where.Stack;
        }

        Card named(String name) {
            return all.stream().filter(c -> c.name.equals(name)).findFirst().get();
        }
    }

    static Engine engine() {
        return new Engine(new Card("Forest", CardDescription.normal("Forest", "", true)),
            new Card("Hill Giant", CardDescription.normal("Hill Giant", "{3}{R}", false)),
            new Card("Bonecrusher Giant", CardDescription.adventure("Bonecrusher Giant", "{2}{R}", "Stomp", "{1}{R}")),
            new Card("Opt", CardDescription.normal("Opt", "{U}", false)));
    }

    @Test
    void theFaceChosenIsTheOneCast() {
        Engine e = engine();
        e.pick = "Stomp";
        Optional<Card> found = e.resolve(discover, 3);
        assertEquals("Bonecrusher Giant", found.get().name);
        assertEquals(Arrays.asList("Stomp"), e.cast);
        assertEquals(Outcome.CAST, e.result().outcome());
        assertEquals(Where.Stack, e.named("Bonecrusher Giant").where);
        List<String> library = names(e.library);
        assertEquals("Opt", library.get(0));
        assertEquals(new java.util.HashSet<>(Arrays.asList("Forest", "Hill Giant")),
            new java.util.HashSet<>(library.subList(1, 3)), "the rest on the bottom, in a random order");
        assertEquals(List.of(), e.result().validationErrors());
        assertEquals(Optional.empty(), e.result().validationSkipped(), "an EngineHost offers card_zone: no check skipped");
        assertTrue(e.reads <= 2, "the library is read once, and again only after a move into it: " + e.reads);
    }

    @Test
    void declinedOrNotCastGoesToHand() {
        Engine e = engine();
        e.pick = null;
        e.resolve(discover, 3);
        assertEquals(Outcome.HAND, e.result().outcome());
        assertEquals(Where.Hand, e.named("Bonecrusher Giant").where);

        Engine failing = new Engine(new Card("Opt", CardDescription.normal("Opt", "{U}", false))) {
            @Override
            protected void cast(String face) {
                // the engine's cast did nothing: the card is still in exile
            }
        };
        failing.pick = "Opt";
        failing.resolve(discover, 3);
        assertEquals(Outcome.HAND, failing.result().outcome(), "zone says exile: not cast, to hand");
        assertEquals(Where.Hand, failing.named("Opt").where);
        assertEquals(List.of(), failing.result().validationErrors());
    }

    @Test
    void aFailedActionIsRecoveredAndLogged() {
        Engine e = engine();
        e.pick = null;
        e.failBottom = true;
        List<Optional<Card>> found = new ArrayList<>();
        List<String> logged = logged(() -> found.add(e.resolve(discover, 3)));
        assertTrue(logged.stream().anyMatch(m -> m.contains("the engine failed a move")), logged.toString());
        assertTrue(found.get(0).isPresent());
        assertFalse(e.result().complete());
        for (Card c : e.all)
            assertTrue(c.where == Where.Library || c.where == Where.Hand, c.name + " is " + c.where);
        assertEquals(4, e.all.size());
    }

    /** What the logger org.keyact logged while {@code run} ran. */
    static List<String> logged(Runnable run) {
        List<String> logged = new ArrayList<>();
        java.util.logging.Handler h = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                logged.add(r.getMessage());
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Logger.getLogger("org.keyact").addHandler(h);
        try {
            run.run();
        } finally {
            java.util.logging.Logger.getLogger("org.keyact").removeHandler(h);
        }
        return logged;
    }

    /** An engine that puts the rest on the bottom in one call, with a seeded generator. */
    static class BatchEngine extends Engine {
        final List<List<String>> batches = new ArrayList<>();
        final java.util.Random random;
        int movedBeforeFailing = -1;

        BatchEngine(long seed, Card... cards) {
            super(cards);
            random = new java.util.Random(seed);
        }

        @Override
        protected void toBottom(List<Card> cards) {
            batches.add(names(cards));
            for (int i = 0; i < cards.size(); i++) {
                if (i == movedBeforeFailing) {
                    movedBeforeFailing = -1;
                    throw new IllegalStateException("the engine failed a move");
                }
                cards.get(i).where = Where.Library;
                library.addLast(cards.get(i));
            }
        }

        @Override
        protected int randomBelow(int bound) {
            return random.nextInt(bound);
        }
    }

    /** Ten lands, then Opt (discover 3 hits it), then ten more lands. */
    static BatchEngine landsThenOpt(long seed) {
        List<Card> cards = new ArrayList<>();
        for (int i = 0; i < 21; i++)
            cards.add(i == 10 ? new Card("Opt", CardDescription.normal("Opt", "{U}", false))
                : new Card("Land " + i, CardDescription.normal("Land " + i, "", true)));
        return new BatchEngine(seed, cards.toArray(new Card[0]));
    }

    @Test
    void theRestGoesToTheBottomInOneCallInTheOrderGiven() {
        BatchEngine e = landsThenOpt(7);
        e.resolve(discover, 3);
        assertEquals(Outcome.HAND, e.result().outcome());
        assertEquals(1, e.batches.size(), "one call for the ten cards: " + e.batches);
        List<String> batch = e.batches.get(0);
        assertEquals(10, batch.size());
        List<String> library = names(e.library);
        assertEquals(batch, library.subList(10, 20), "placed in the order given, the last bottommost");
        assertEquals(List.of(), e.result().validationErrors());

        BatchEngine again = landsThenOpt(7);
        again.resolve(discover, 3);
        assertEquals(library, names(again.library), "the same seed, the same bottom order");
        BatchEngine other = landsThenOpt(8);
        other.resolve(discover, 3);
        assertEquals(new java.util.HashSet<>(batch), new java.util.HashSet<>(other.batches.get(0)));
    }

    @Test
    void onlyTheCardsReadAreLookedUpEachOnce() {
        List<Card> cards = new ArrayList<>();
        for (int i = 0; i < 60; i++)
            cards.add(i == 2 ? new Card("Opt", CardDescription.normal("Opt", "{U}", false))
                : new Card("Land " + i, CardDescription.normal("Land " + i, "", true)));
        int[] lookups = new int[60];
        Engine e = new Engine(cards.toArray(new Card[0])) {
            @Override
            protected List<Card> library() {
                List<Integer> ids = new ArrayList<>();
                for (Card c : library)
                    ids.add(all.indexOf(c));
                return byId(ids, id -> {
                    lookups[id]++;
                    return all.get(id);
                });
            }
        };
        // Without validation, which reads the whole library again at the end.
        try (Registry plain = Plugins.registry()) {
            plain.setValidation(Validation.OFF);
            e.resolve(plain.action("discover"), 3);
        }
        assertEquals(Outcome.HAND, e.result().outcome());
        int read = 0;
        for (int i = 0; i < 60; i++) {
            assertTrue(lookups[i] <= 1, "card " + i + " looked up " + lookups[i] + " times");
            read += lookups[i];
        }
        assertTrue(read >= 3 && read <= 8, "3 exiled, at most a window more looked up: " + read);
    }

    @Test
    void aBatchThatFailsPartWayStrandsOnlyWhatItDidNotMove() {
        BatchEngine e = landsThenOpt(3);
        e.movedBeforeFailing = 4;
        List<String> logged = logged(() -> e.resolve(discover, 3));
        assertTrue(logged.stream().anyMatch(m -> m.contains("the engine failed a move")), logged.toString());
        assertFalse(e.result().complete());
        assertEquals(4, e.result().bottomedCount(), "the four the engine moved");
        assertEquals(6, e.result().stranded().size(), "the six it did not");
        assertEquals(2, e.batches.size(), "the failed batch, then the recovery's");
        assertEquals(6, e.batches.get(1).size());
        for (Card c : e.all)
            assertTrue(c.where == Where.Library || c.where == Where.Hand, c.name + " is " + c.where);
        assertEquals(20, e.library.size(), "no card lost: all but Opt in the library");
    }

    @Test
    void anEngineHostWritesOneOfTheBottoms() {
        class NoBottom extends EngineHost<Card, String> {
            @Override
            protected List<Card> library() {
                return List.of();
            }

            @Override
            protected CardDescription describe(Card card) {
                return card.printed;
            }

            @Override
            protected List<String> faces(Card card) {
                return card.faces;
            }

            @Override
            protected void toExile(Card card) {}

            @Override
            protected void toHand(Card card) {}

            @Override
            protected Enum<?> zone(Card card) {
                return card.where;
            }

            @Override
            protected boolean canCast(String face) {
                return false;
            }

            @Override
            protected Optional<String> choose(Card card, List<String> castable) {
                return Optional.empty();
            }

            @Override
            protected void cast(String face) {}
        }
        IllegalArgumentException x = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            NoBottom::new);
        assertTrue(x.getMessage().contains("toBottom"), x.getMessage());
    }

    @Test
    void zoneNames() {
        assertEquals(Zone.EXILE, Zone.named(Where.Exiled));
        assertEquals(Zone.LIBRARY, Zone.named(Where.Library));
        assertEquals(Zone.STACK, Zone.named(Where.Stack));
        assertEquals(Zone.OTHER, Zone.named(null));
        assertEquals(Zone.HAND, Zone.named(Zone.HAND));
    }

    static List<String> names(Iterable<Card> cards) {
        List<String> out = new ArrayList<>();
        for (Card c : cards)
            out.add(c.name);
        return out;
    }
}
