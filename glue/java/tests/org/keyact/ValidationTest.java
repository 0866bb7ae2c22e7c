/* SPDX-License-Identifier: MIT */
package org.keyact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The validation layer through the binding: deliberately wrong Java hosts produce the named
 * report on {@link Result#validationErrors()} (and a log line), {@link Validation#FATAL} fails the
 * resolve with it, a correct host and validation off produce none. The rule texts are libkeyact-host's
 * (glue/host/validate_layer.c), the same tests/validate checks for C hosts.
 */
class ValidationTest {
    static final String CAST_FAILED_IN_EXILE = "a cast_free that answered KEYACT_CAST_FAILED";
    static final String CAST_DONE_ON_STACK = "a cast_free that answered KEYACT_CAST_DONE moved the card";
    static final String LIBRARY_AGREES = "library_card and library_cards agree with each other";
    static final String RANDOM_UNIFORM = "random draws are uniform";

    /** Collects what the binding logs to org.keyact.validate. */
    static final Logger LOG = Logger.getLogger("org.keyact.validate");
    final List<String> logged = new ArrayList<>();
    final Handler collect = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r.getLevel() + " " + java.text.MessageFormat.format(r.getMessage(), r.getParameters()));
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
        System.clearProperty("org.keyact.validate");
    }

    /** castFree puts the spell on the stack and then answers "not cast". */
    static final class CastButSaysFailed extends TestHost {
        CastButSaysFailed(long seed) {
            super(seed);
        }

        @Override
        public boolean castFree(long game, long player, long card, int face) {
            super.castFree(game, player, card, face);
            return false;
        }
    }

    /** castFree answers "cast" and leaves the card in exile. */
    static final class SaysCastButDidNot extends TestHost {
        SaysCastButDidNot(long seed) {
            super(seed);
        }

        @Override
        public boolean castFree(long game, long player, long card, int face) {
            return true;
        }
    }

    /** The library as it was when the resolve began: libraryCard never sees the moves. */
    static final class StaleLibrary extends TestHost {
        List<Long> snapshot;

        StaleLibrary(long seed) {
            super(seed);
        }

        @Override
        public long libraryCard(long game, long player, int indexFromTop) {
            if (snapshot == null)
                snapshot = new ArrayList<>(library);
            return indexFromTop < snapshot.size() ? snapshot.get(indexFromTop) : 0;
        }
    }

    /** An RNG that always answers 0. */
    static final class ZeroRandom extends TestHost {
        ZeroRandom(long seed) {
            super(seed);
        }

        @Override
        public int randomBelow(long game, int bound) {
            return 0;
        }
    }

    /** The same wrong castFree in a Host that does not say where cards are (no cardZone). */
    static final class NoZones implements Host {
        final CastButSaysFailed inner;

        NoZones(CastButSaysFailed inner) {
            this.inner = inner;
        }

        @Override public int librarySize(long g, long p) { return inner.librarySize(g, p); }
        @Override public long libraryCard(long g, long p, int i) { return inner.libraryCard(g, p, i); }
        @Override public void moveCard(long g, long p, long c, Zone to, int i, boolean r) { inner.moveCard(g, p, c, to, i, r); }
        @Override public CardDescription describeCard(long g, long c) { return inner.describeCard(g, c); }
        @Override public boolean canCastFace(long g, long p, long c, int f) { return inner.canCastFace(g, p, c, f); }
        @Override public int choose(long g, long p, long c, List<Option> o) { return inner.choose(g, p, c, o); }
        @Override public boolean castFree(long g, long p, long c, int f) { return inner.castFree(g, p, c, f); }
        @Override public int randomBelow(long g, int b) { return inner.randomBelow(g, b); }
    }

    /** Two lands, then Shock: discover 2 hits Shock and the player casts it. */
    static long deal(TestHost h) {
        h.land("Mountain");
        h.land("Swamp");
        long shock = h.add("Shock", "{R}");
        h.add("Grizzly Bears", "{1}{G}");
        return shock;
    }

    static Registry registry(Validation mode) {
        Registry r = Plugins.registry();
        r.setValidation(mode);
        return r;
    }

    static List<ValidationException> withRule(List<ValidationException> errors, String rule) {
        List<ValidationException> out = new ArrayList<>();
        for (ValidationException e : errors)
            if (e.rule().startsWith(rule))
                out.add(e);
        return out;
    }

    @Test
    void offByDefaultAndSwitchable() {
        try (Registry r = Plugins.registry()) {
            assertEquals(Validation.OFF, r.getValidation());
            r.setValidation(Validation.FATAL);
            assertEquals(Validation.FATAL, r.getValidation());
            r.setValidation(Validation.REPORT);
            assertEquals(Validation.REPORT, r.getValidation());
        }
    }

    @Test
    void systemPropertyIsReadWhenARegistryIsMade() {
        System.setProperty("org.keyact.validate", "true");
        try (Registry r = new Registry()) {
            assertEquals(Validation.REPORT, r.getValidation());
        }
        System.setProperty("org.keyact.validate", "fatal");
        try (Registry r = new Registry()) {
            assertEquals(Validation.FATAL, r.getValidation());
        }
        System.setProperty("org.keyact.validate", "false");
        try (Registry r = new Registry()) {
            assertEquals(Validation.OFF, r.getValidation());
        }
    }

    @Test
    void castFreeThatSaysFailedForASpellOnTheStackIsReported() {
        CastButSaysFailed h = new CastButSaysFailed(1);
        long shock = deal(h);
        Result r;
        try (Registry reg = registry(Validation.REPORT)) {
            r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        }

        List<ValidationException> named = withRule(r.validationErrors(), CAST_FAILED_IN_EXILE);
        assertEquals(1, named.size(), r.validationErrors().toString());
        ValidationException v = named.get(0);
        assertEquals("cast_free", v.callback());
        assertEquals(OptionalLong.of(shock), v.card());
        assertEquals(Optional.of("Shock"), v.cardName());
        assertTrue(v.answer().contains("FAILED"), v.answer());
        assertTrue(v.getMessage().startsWith("host \"keyact-java\": cast_free or card_zone, card " + shock + " \"Shock\": "),
            v.getMessage());
        assertTrue(v.getMessage().contains("rule: " + v.rule()), v.getMessage());
        // The first report is this one, and it was logged as one warning line.
        assertEquals(v, r.validationErrors().get(0));
        assertTrue(logged.contains("WARNING keyact-validate: " + v.getMessage()), logged.toString());
        assertEquals(r.validationErrors().size(), logged.size(), logged.toString());
        // The layer changed nothing: the plugin, told FAILED, put Shock into hand; the host had
        // it on the stack, so it is in hand now (the host's bug, not the layer's).
        assertEquals(Outcome.HAND, r.outcome());
        assertEquals(List.of(shock), h.hand);
        assertEquals(List.of(), h.stack);
        h.assertConserved();
    }

    @Test
    void theSameGamePlaysTheSameWithValidationOff() {
        CastButSaysFailed off = new CastButSaysFailed(1), on = new CastButSaysFailed(1);
        deal(off);
        deal(on);
        Result a, b;
        try (Registry reg = registry(Validation.OFF)) {
            a = reg.action("discover").resolve(off, TestHost.GAME, TestHost.PLAYER, 2);
        }
        try (Registry reg = registry(Validation.REPORT)) {
            b = reg.action("discover").resolve(on, TestHost.GAME, TestHost.PLAYER, 2);
        }
        assertEquals(List.of(), a.validationErrors());
        assertTrue(!b.validationErrors().isEmpty());
        assertEquals(new Result(a.outcome(), a.discovered(), a.manaValueHalves(), a.faceCast(), a.exiledCount(),
                a.bottomedCount(), a.complete(), a.stranded(), a.failure(), b.validationErrors()), b);
        assertEquals(off.library, on.library);
        assertEquals(off.hand, on.hand);
        assertEquals(off.exile, on.exile);
        assertEquals(off.stack, on.stack);
    }

    @Test
    void fatalFailsTheResolveWithTheViolation() {
        CastButSaysFailed h = new CastButSaysFailed(1);
        long shock = deal(h);
        KeyactException e;
        try (Registry reg = registry(Validation.FATAL)) {
            Action discover = reg.action("discover");
            e = assertThrows(KeyactException.class,
                () -> discover.resolve(h, TestHost.GAME, TestHost.PLAYER, 2));
        }
        assertEquals(Status.HOST, e.status());
        ValidationException v = assertInstanceOf(ValidationException.class, e.getCause());
        assertEquals("cast_free", v.callback());
        assertEquals(OptionalLong.of(shock), v.card());
        assertTrue(v.rule().startsWith(CAST_FAILED_IN_EXILE), v.rule());
        assertTrue(e.getMessage().contains(v.getMessage()), e.getMessage());
        Result r = e.result().orElseThrow();
        assertEquals(List.of(v), r.validationErrors());
        assertEquals(1, logged.size(), logged.toString());
        // Nothing lost: every card is in one zone, and the host's zones say where.
        h.assertConserved();
        assertEquals(List.of(shock), h.stack);
    }

    @Test
    void castFreeThatSaysDoneWithNothingCastIsReported() {
        SaysCastButDidNot h = new SaysCastButDidNot(1);
        long shock = deal(h);
        Result r;
        try (Registry reg = registry(Validation.REPORT)) {
            r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        }
        List<ValidationException> named = withRule(r.validationErrors(), CAST_DONE_ON_STACK);
        assertEquals(1, named.size(), r.validationErrors().toString());
        assertEquals("cast_free", named.get(0).callback());
        assertEquals(OptionalLong.of(shock), named.get(0).card());
        assertEquals(List.of(shock), h.exile);
    }

    /** The library as the single calls see it, one resolve, for a given batching. */
    static Result resolveOn(TestHost h, boolean batched) {
        int saved = Upcalls.batching;
        Upcalls.batching = batched ? 0 : Upcalls.FEATURE_SINGLE;
        try (Registry reg = registry(Validation.REPORT)) {
            return reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        } catch (KeyactException e) {
            return e.result().orElseThrow();
        } finally {
            Upcalls.batching = saved;
        }
    }

    @Test
    void aLibraryCardThatDoesNotSeeTheMovesIsReported() {
        StaleLibrary h = new StaleLibrary(1);
        deal(h);
        Result r = resolveOn(h, false);
        List<ValidationException> named = withRule(r.validationErrors(), LIBRARY_AGREES);
        assertTrue(!named.isEmpty(), r.validationErrors().toString());
        // The plugin exiled the Mountain from the top; library_card still answers it there.
        assertEquals("library_card", named.get(0).callback(), named.get(0).getMessage());
        assertEquals(Optional.of("Mountain"), named.get(0).cardName(), named.get(0).getMessage());
    }

    /** library_cards answers the top card for every index. */
    static final class DuplicateBatch extends TestHost {
        DuplicateBatch(long seed) {
            super(seed);
        }

        @Override
        public void libraryCards(long game, long player, int fromTop, int count, long[] out) {
            for (int i = 0; i < count; i++)
                out[i] = libraryCard(game, player, fromTop);
        }
    }

    @Test
    void aLibraryCardsBatchThatDisagreesWithLibraryCardIsReported() {
        DuplicateBatch h = new DuplicateBatch(1);
        long top = h.land("Mountain");
        h.land("Swamp");
        h.add("Shock", "{R}");
        Result r = resolveOn(h, true);
        List<ValidationException> named = withRule(r.validationErrors(), LIBRARY_AGREES);
        assertTrue(!named.isEmpty(), r.validationErrors().toString());
        assertEquals("library_cards", named.get(0).callback(), named.get(0).getMessage());
        assertEquals(OptionalLong.of(top), named.get(0).card(), named.get(0).getMessage());
    }

    @Test
    void anRngThatAlwaysAnswersZeroIsReported() {
        ZeroRandom h = new ZeroRandom(1);
        for (int i = 0; i < 30; i++)
            h.land("Forest");
        h.add("Shock", "{R}");
        Result r;
        try (Registry reg = registry(Validation.REPORT)) {
            r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        }
        List<ValidationException> named = withRule(r.validationErrors(), RANDOM_UNIFORM);
        assertEquals(1, named.size(), r.validationErrors().toString());
        assertEquals(OptionalLong.empty(), named.get(0).card());
        assertEquals(Optional.empty(), named.get(0).cardName());
        assertEquals("random_below_each", named.get(0).callback());
    }

    @Test
    void withoutCardZoneTheZoneChecksAreSkipped() {
        CastButSaysFailed inner = new CastButSaysFailed(1);
        deal(inner);
        Result r;
        try (Registry reg = registry(Validation.REPORT)) {
            r = reg.action("discover").resolve(new NoZones(inner), TestHost.GAME, TestHost.PLAYER, 2);
        }
        assertEquals(List.of(), withRule(r.validationErrors(), CAST_FAILED_IN_EXILE));
        assertEquals(Outcome.HAND, r.outcome());
    }

    @Test
    void offMeansNoReports() {
        CastButSaysFailed h = new CastButSaysFailed(1);
        deal(h);
        Result r;
        try (Registry reg = Plugins.registry()) {
            r = reg.action("discover").resolve(h, TestHost.GAME, TestHost.PLAYER, 2);
        }
        assertEquals(List.of(), r.validationErrors());
        assertEquals(List.of(), logged);
    }

    @Test
    void aHostThatKeepsTheContractIsNeverReported() {
        try (Registry reg = registry(Validation.FATAL)) {
            for (String action : new String[] {"discover", "cascade"}) {
                for (long seed = 1; seed <= 200; seed++) {
                    TestHost h = new TestHost(seed);
                    java.util.Random rnd = new java.util.Random(seed);
                    int lands = rnd.nextInt(12);
                    for (int i = 0; i < lands; i++)
                        h.land("Forest " + i);
                    h.add("Shock", "{R}");
                    h.add("Grizzly Bears", "{1}{G}");
                    h.add(new CardDescription(Layout.SPLIT, List.of(new Face("Fire", "{1}{R}", false, false),
                        new Face("Ice", "{1}{U}", false, false))));
                    h.cast = rnd.nextBoolean();
                    h.castSucceeds = rnd.nextInt(4) != 0;
                    h.castable = rnd.nextInt(4) != 0;
                    Result r = reg.action(action).resolve(h, TestHost.GAME, TestHost.PLAYER, 1 + rnd.nextInt(3));
                    assertEquals(List.of(), r.validationErrors());
                    h.assertConserved();
                }
            }
        }
        assertEquals(List.of(), logged);
    }
}
