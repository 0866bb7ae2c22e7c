/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Java Hosts written to make the validation layer fail, each lying in one way an engine
 * integrator could, each run with validation off, on and fatal (tests/validate/README.md has
 * the table): off is silent, on names the liar in its first report, the game is the same off
 * and on, and fatal throws with nothing lost (every card in exile is in the Result's stranded or
 * unsettled list). And a Host without cardZone is told, on its Result and its logger, which
 * checks are skipped.
 */
class AdversarialHostsTest {
    static final Logger LOG = Logger.getLogger("org.keyact.validate");
    final List<LogRecord> logged = new ArrayList<>();
    final Handler collect = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void listen() {
        LOG.addHandler(collect);
    }

    @AfterEach
    void stopListening() {
        LOG.removeHandler(collect);
    }

    /** applySteps applies and marks every step, then throws: "the batch failed". */
    static final class StepsThrowAfterApplying extends TestHost {
        boolean thrown;

        StepsThrowAfterApplying() {
            super(1);
        }

        @Override
        public void applySteps(long game, long player, Steps steps) {
            for (int i = 0; i < steps.count(); i++) {
                if (steps.moves(i))
                    moveCard(game, player, steps.card(i), steps.zone(i), steps.libraryIndex(i), steps.reveal(i));
                steps.markApplied(i);
            }
            if (!thrown && steps.count() >= 3) {
                thrown = true;
                throw new KeyactException(Status.STATE, "the engine rolled back nothing");
            }
        }
    }

    /** moveCard to the hand is dropped: the card stays in exile. */
    static final class HandMoveDropped extends TestHost {
        HandMoveDropped() {
            super(1);
            cast = false;
        }

        @Override
        public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
            if (to != Zone.HAND)
                super.moveCard(game, player, card, to, libraryIndex, reveal);
        }
    }

    /** describeCards answers Shock dearer than describeCard does. */
    static final class DearerInBatch extends TestHost {
        DearerInBatch() {
            super(1);
        }

        @Override
        public void describeCards(long game, long[] cards, int count, CardDescription[] out) {
            for (int i = 0; i < count; i++) {
                CardDescription d = describeCard(game, cards[i]);
                out[i] = d.faces().get(0).name().equals("Shock")
                    ? CardDescription.of(new Face("Shock", "{1}{R}", false, false)) : d;
            }
        }
    }

    /** libraryCards answers the window one card further down. */
    static final class ShiftedWindow extends TestHost {
        ShiftedWindow() {
            super(1);
        }

        @Override
        public void libraryCards(long game, long player, int fromTop, int count, long[] out) {
            for (int i = 0; i < count; i++)
                out[i] = libraryCard(game, player, fromTop + i + 1);
        }
    }

    /** cardZone answers from a map the engine never updates: the library. */
    static final class StaleZones extends TestHost {
        StaleZones() {
            super(1);
        }

        @Override
        public Optional<Zone> cardZone(long game, long card) {
            return all.contains(card) ? Optional.of(Zone.LIBRARY) : Optional.empty();
        }
    }

    /** One lie: the Host, and the callbacks the first report names. */
    record Lie(String name, Supplier<TestHost> host, boolean batched, String named) {}

    static final List<Lie> LIES = List.of(
        new Lie("castFree says failed for a spell it cast", () -> new ValidationTest.CastButSaysFailed(1), true,
            "cast_free or card_zone"),
        new Lie("libraryCard never sees the moves", () -> new ValidationTest.StaleLibrary(1), false,
            "library_card"),
        new Lie("randomBelow always 0", () -> new ValidationTest.ZeroRandom(1), true, "random_below_each"),
        new Lie("applySteps throws after applying every step", StepsThrowAfterApplying::new, true,
            "apply_steps or card_zone"),
        new Lie("moveCard to the hand dropped", HandMoveDropped::new, true, "apply_steps or card_zone"),
        new Lie("moveCard to the hand dropped, single calls", HandMoveDropped::new, false,
            "move_card or card_zone"),
        new Lie("describeCards dearer than describeCard", DearerInBatch::new, true,
            "describe_cards or describe_card"),
        new Lie("libraryCards window shifted by one", ShiftedWindow::new, true,
            "library_cards or library_card"),
        new Lie("cardZone never updated", StaleZones::new, true, "card_zone"));

    /** Two lands, Shock, then more lands; for the RNG lie 30 lands first. */
    static TestHost deal(Lie lie) {
        TestHost h = lie.host().get();
        int lands = h instanceof ValidationTest.ZeroRandom ? 30 : 2;
        for (int i = 0; i < lands; i++)
            h.land("Forest " + i);
        h.add("Shock", "{R}");
        for (int i = 0; i < 3; i++)
            h.land("Swamp " + i);
        return h;
    }

    /** A resolve and what it left: the Result, or the one the exception carries. */
    record LieRun(TestHost host, Result result, Optional<KeyactException> thrown) {}

    static LieRun run(Lie lie, Validation mode) {
        TestHost h = deal(lie);
        int saved = Upcalls.batching;
        Upcalls.batching = lie.batched() ? 0 : Upcalls.FEATURE_SINGLE;
        try (Registry reg = Plugins.registry()) {
            reg.setValidation(mode);
            try {
                return new LieRun(h, reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2),
                    Optional.empty());
            } catch (KeyactException e) {
                return new LieRun(h, e.result().orElseThrow(), Optional.of(e));
            }
        } finally {
            Upcalls.batching = saved;
        }
    }

    @TestFactory
    Stream<DynamicTest> eachLieOffOnAndFatal() {
        return LIES.stream().map(lie -> DynamicTest.dynamicTest(lie.name(), () -> {
            LieRun off = run(lie, Validation.OFF);
            assertEquals(List.of(), off.result().validationErrors());
            assertEquals(Optional.empty(), off.result().validationSkipped());

            LieRun on = run(lie, Validation.REPORT);
            List<ValidationException> errors = on.result().validationErrors();
            assertFalse(errors.isEmpty(), lie.name() + ": no report");
            ValidationException first = errors.get(0);
            System.out.println(lie.name() + ": " + first.getMessage());
            assertEquals(lie.named().split(" ")[0], first.callback(), first.getMessage());
            assertTrue(first.getMessage().startsWith("host \"keyact-java\": " + lie.named()), first.getMessage());
            assertEquals(1, errors.size(), "one cause, one report: " + errors);
            // The same game.
            assertEquals(off.host().library, on.host().library);
            assertEquals(off.host().exile, on.host().exile);
            assertEquals(off.host().hand, on.host().hand);
            assertEquals(off.host().stack, on.host().stack);
            assertEquals(off.result().outcome(), on.result().outcome());
            assertEquals(off.result().stranded(), on.result().stranded());
            assertEquals(off.thrown().isPresent(), on.thrown().isPresent());

            LieRun fatal = run(lie, Validation.FATAL);
            KeyactException e = fatal.thrown().orElseThrow();
            assertEquals(Status.HOST, e.status());
            assertEquals(lie.named().split(" ")[0], fatal.result().validationErrors().get(0).callback());
            Set<Long> listed = new HashSet<>(fatal.result().stranded());
            for (UnsettledCard u : fatal.result().unsettled())
                listed.add(u.card());
            for (long card : fatal.host().exile)
                assertTrue(listed.contains(card), "card " + card + " is in exile and in no list: " + fatal.result());
            if (!(fatal.host() instanceof StaleZones))
                assertTrue(fatal.host().exile.containsAll(fatal.result().stranded()), fatal.result().toString());
            fatal.host().assertConserved();
        }));
    }

    /** castFree's lie in a Host that does not say where cards are (it does not override cardZone). */
    static ValidationTest.NoZones noZones(boolean land) {
        ValidationTest.CastButSaysFailed inner = new ValidationTest.CastButSaysFailed(1);
        if (land)
            inner.land("Mountain");
        inner.add("Shock", "{R}");
        return new ValidationTest.NoZones(inner);
    }

    @Test
    void aHostWithoutCardZoneIsToldWhichChecksAreSkipped() {
        ValidationTest.NoZones h = noZones(true);
        Result r, again, off;
        try (Registry reg = Plugins.registry()) {
            reg.setValidation(Validation.REPORT);
            r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
            again = reg.action("discover").resolve(noZones(true), TestHost.GAME, TestHost.PLAYER, 2);
            reg.setValidation(Validation.OFF);
            off = reg.action("discover").resolve(noZones(false), TestHost.GAME, TestHost.PLAYER, 2);
        }
        String skipped = r.validationSkipped().orElseThrow();
        assertTrue(skipped.contains(ValidationTest.NoZones.class.getName()), skipped);
        assertTrue(skipped.contains("cardZone"), skipped);
        assertTrue(skipped.contains("cast_free's answer matches where the card went"), skipped);
        assertEquals(r.validationSkipped(), again.validationSkipped());
        assertEquals(Optional.empty(), off.validationSkipped());
        // The lie itself goes unseen without cardZone; the skipped checks say why.
        assertEquals(List.of(), r.validationErrors());
        // Logged once for the class, at INFO, on org.keyact.validate.
        List<LogRecord> info = new ArrayList<>();
        for (LogRecord rec : logged)
            if (rec.getLevel() == Level.INFO)
                info.add(rec);
        assertEquals(1, info.size(), info.toString());
        String line = java.text.MessageFormat.format(info.get(0).getMessage(), info.get(0).getParameters());
        assertEquals("keyact-validate: " + skipped, line);
    }

    @Test
    void aHostWithCardZoneSkipsNothing() {
        TestHost h = new TestHost(1);
        h.add("Shock", "{R}");
        try (Registry reg = Plugins.registry()) {
            reg.setValidation(Validation.FATAL);
            Result r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
            assertEquals(Optional.empty(), r.validationSkipped());
            assertEquals(List.of(), r.unsettled());
        }
        assertThrows(NullPointerException.class, () -> new UnsettledCard(1, null));
    }
}
