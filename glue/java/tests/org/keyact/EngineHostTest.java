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
        Optional<Card> found;
        try {
            found = e.resolve(discover, 3);
        } finally {
            java.util.logging.Logger.getLogger("org.keyact").removeHandler(h);
        }
        assertTrue(logged.stream().anyMatch(m -> m.contains("the engine failed a move")), logged.toString());
        assertTrue(found.isPresent());
        assertFalse(e.result().complete());
        for (Card c : e.all)
            assertTrue(c.where == Where.Library || c.where == Where.Hand, c.name + " is " + c.where);
        assertEquals(4, e.all.size());
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
