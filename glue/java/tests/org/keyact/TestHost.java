/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * An array-backed Host for the tests: one player's library (index 0 the top), exile, hand and
 * stack as lists; one CardDescription object per card; a splitmix64 RNG; and fault injection:
 * the k-th Host call (counting every method) throws what {@link #failAt} says.
 */
class TestHost implements Host {
    static final long GAME = 7, PLAYER = 1;

    final Map<Long, CardDescription> cards = new HashMap<>();
    final List<Long> library = new ArrayList<>();
    final List<Long> exile = new ArrayList<>();
    final List<Long> hand = new ArrayList<>();
    final List<Long> stack = new ArrayList<>();
    final Set<Long> all = new HashSet<>();
    private long nextId = 100;
    long rng;

    /** Policies. */
    boolean cast = true;          // choose a CAST_FACE option when offered
    boolean castSucceeds = true;  // castFree answers true
    boolean castable = true;      // canCastFace answers true

    /** Fault injection: call number failAt (1-based) throws fault.get(). */
    int calls;
    int failAt;
    Supplier<Throwable> fault;
    Throwable thrown;

    TestHost(long seed) {
        rng = seed;
    }

    long add(CardDescription d) {
        long id = nextId++;
        cards.put(id, d);
        library.add(id);
        all.add(id);
        return id;
    }

    long add(String name, String cost) {
        return add(CardDescription.of(new Face(name, cost, false, false)));
    }

    long land(String name) {
        return add(CardDescription.of(new Face(name, "", true, false)));
    }

    void reset() {
        library.clear(); exile.clear(); hand.clear(); stack.clear(); all.clear(); cards.clear();
    }

    private void tick() {
        calls++;
        if (calls == failAt && fault != null) {
            Throwable t = fault.get();
            thrown = t;
            if (t instanceof RuntimeException r)
                throw r;
            throw (Error) t;
        }
    }

    /** Every card is in exactly one zone, and no card is lost or invented. */
    void assertConserved() {
        List<Long> seen = new ArrayList<>();
        seen.addAll(library); seen.addAll(exile); seen.addAll(hand); seen.addAll(stack);
        if (seen.size() != all.size() || !new HashSet<>(seen).equals(all))
            throw new AssertionError("cards not conserved: " + seen + " vs " + all);
    }

    @Override
    public int librarySize(long game, long player) {
        tick();
        check(game, player);
        return library.size();
    }

    @Override
    public long libraryCard(long game, long player, int indexFromTop) {
        tick();
        check(game, player);
        return indexFromTop < library.size() ? library.get(indexFromTop) : 0;
    }

    @Override
    public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
        tick();
        check(game, player);
        if (!all.contains(card))
            throw new KeyactException(Status.NOTFOUND, "no card " + card);
        library.remove(card); exile.remove(card); hand.remove(card); stack.remove(card);
        switch (to) {
            case LIBRARY -> {
                if (libraryIndex == LIBRARY_BOTTOM || libraryIndex >= library.size())
                    library.add(card);
                else
                    library.add(libraryIndex, card);
            }
            case EXILE -> exile.add(card);
            case HAND -> hand.add(card);
        }
    }

    @Override
    public CardDescription describeCard(long game, long card) {
        tick();
        CardDescription d = cards.get(card);
        if (d == null)
            throw new KeyactException(Status.NOTFOUND, "no card " + card);
        return d;
    }

    @Override
    public boolean canCastFace(long game, long player, long card, int face) {
        tick();
        return castable;
    }

    @Override
    public int choose(long game, long player, long card, List<Option> options) {
        tick();
        for (int i = 0; i < options.size(); i++)
            if ((options.get(i).kind() == OptionKind.CAST_FACE) == cast)
                return i;
        return options.size() - 1;
    }

    @Override
    public boolean castFree(long game, long player, long card, int face) {
        tick();
        if (!castSucceeds)
            return false;
        exile.remove(card);
        stack.add(card);
        return true;
    }

    @Override
    public int randomBelow(long game, int bound) {
        tick();
        rng += 0x9E3779B97F4A7C15L;
        long z = rng;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (int) Long.remainderUnsigned(z, bound);
    }

    /** Where the card is (ABI 1.2, asked only by the validation layer). Not a counted call. */
    @Override
    public Optional<Zone> cardZone(long game, long card) {
        if (library.contains(card))
            return Optional.of(Zone.LIBRARY);
        if (exile.contains(card))
            return Optional.of(Zone.EXILE);
        if (hand.contains(card))
            return Optional.of(Zone.HAND);
        if (stack.contains(card))
            return Optional.of(Zone.STACK);
        return Optional.empty();
    }

    private static void check(long game, long player) {
        if (game != GAME || player != PLAYER)
            throw new IllegalArgumentException("wrong game or player " + game + "/" + player);
    }

    /** A TestHost that records events (it overrides notify) and log messages. */
    static class Recording extends TestHost {
        final List<Event> events = new ArrayList<>();
        final List<String> logs = new ArrayList<>();

        Recording(long seed) {
            super(seed);
        }

        @Override
        public void notify(long game, Event event) {
            tick2();
            events.add(event);
        }

        @Override
        public void log(LogLevel level, String message) {
            logs.add(level + " " + message);
        }

        private void tick2() {
            calls++;
            if (calls == failAt && fault != null) {
                Throwable t = fault.get();
                thrown = t;
                if (t instanceof RuntimeException r)
                    throw r;
                throw (Error) t;
            }
        }
    }
}
