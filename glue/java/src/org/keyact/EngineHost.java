/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A {@link Host} written in the engine's own objects: cards of type {@code C} and the faces a
 * player casts, of type {@code F} (a split half, an adventure, a modal face, or the card itself).
 * Make one per resolve, holding the engine's game, player and resolving ability in final fields,
 * and call {@link #resolve(String, int)}. The library does what every adapter otherwise writes by
 * hand:
 *
 * <ul>
 *   <li><b>Handles.</b> The plugin's long handles are numbers for the engine's objects, valid for
 *       one resolve; the engine never sees one. No game or player handle either: this object knows
 *       its game and player.</li>
 *   <li><b>The library</b> is read once per resolve with {@link #library()}, top first, and only
 *       the cards the plugin reads are taken from that list, each once, as the exile run takes
 *       its top cards: a list that looks cards up by id as they are read ({@link #byId}) costs one
 *       lookup per card read, and a deque or a linked list one walk.</li>
 *   <li><b>The bottom</b>: the cards put back go to {@link #toBottom(List)} together, in the
 *       plugin's random order, so an engine whose own effects move them in one call makes that
 *       one call; an engine that moves one card at a time writes {@link #toBottom(Object)}
 *       instead. The order comes from {@link #randomBelow}: give it the engine's generator and a
 *       seeded game replays.</li>
 *   <li><b>Faces</b> are the engine's objects: {@link #faces} gives them once per card, the player
 *       chooses among those the plugin offers ({@link #choose}), and the face chosen is the one
 *       {@link #cast}, with nothing kept by the engine in between.</li>
 *   <li><b>"Was it cast"</b> is decided here, from {@link #zone} after {@link #cast}: the card
 *       left exile. The engine's own cast result is not asked for, so it cannot be misread.</li>
 *   <li><b>Failures.</b> A failed question (the plugin recovered: the card went to hand) and a
 *       failed action (cards left in exile) go to {@link #failed}, which logs them; the cards a
 *       failed action left in exile go to {@link #recover}, which puts them on the bottom of the
 *       library. {@link #resolve} then returns; it throws only when no plugin serves the action,
 *       or when the recovery itself fails.</li>
 *   <li><b>The plugin</b> comes from {@link Registry#shared()}, the process's registry.</li>
 * </ul>
 *
 * <p>Its {@link Host} methods are public because Host is an interface; an engine overrides the
 * protected methods, not them. {@link #cardZone} answers from {@link #zone}, so the validation
 * layer ({@code -Dorg.keyact.validate=true}) checks every move and cast of an EngineHost.
 *
 * <p>Not thread-safe: one resolve at a time per object, as one resolve's Host.
 *
 * @param <C> the engine's card
 * @param <F> the engine's castable face (may be the same type as {@code C})
 * @since 1.4
 */
public abstract class EngineHost<C, F> implements Host {
    /** Where {@link #failed} logs by default. */
    static final Logger LOG = Logger.getLogger("org.keyact");

    /** Every card this resolve handed the plugin: handle h is known.get(h - 1). */
    private final List<C> known = new ArrayList<>();
    /** known's handles by card, made only when the library is read a second time in a resolve. */
    private IdentityHashMap<C, Long> seen;
    /** A resolve's later read of the library: a card seen before keeps its handle. */
    private boolean reread;
    /**
     * The library as read (null until read or after a move into it), its size, and per index the
     * handle (0: not read yet) and the card read there; how many the run took from its top.
     */
    private List<? extends C> library;
    private int size;
    private long[] handles = new long[64];
    private Object[] cards = new Object[64];
    private int taken;
    /** The card whose faces the last question offered, and the face its player chose. */
    private C asked;
    private F chosen;
    private Result result;

    /** Per EngineHost class: it overrides one of the toBottom methods (checked once per class). */
    private static final ClassValue<Boolean> WRITES_BOTTOM = new ClassValue<Boolean>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            boolean overridden = false;
            for (Class<?> c = type; c != EngineHost.class; c = c.getSuperclass())
                for (java.lang.reflect.Method m : c.getDeclaredMethods())
                    overridden |= m.getName().equals("toBottom") && m.getParameterCount() == 1;
            if (!overridden)
                throw new IllegalArgumentException(type.getName()
                    + " overrides neither EngineHost.toBottom(card) nor EngineHost.toBottom(cards)");
            return Boolean.TRUE;
        }
    };

    /**
     * Checks that this class overrides one of {@link #toBottom(Object)} and
     * {@link #toBottom(List)}.
     *
     * @throws IllegalArgumentException when it overrides neither
     */
    protected EngineHost() {
        WRITES_BOTTOM.get(getClass());
    }

    // ---- what an engine writes ----

    /**
     * {@code player}'s library now, top first: a copy, or a view that does not change while read.
     * Only the cards the plugin reads are taken from it ({@code get}, each index once): an engine
     * whose library holds ids returns {@link #byId byId(ids, lookup)}.
     */
    protected abstract List<? extends C> library();

    /**
     * The printed card ({@link Host#describeCard}): return the same description object for the
     * same printed card (cache it, e.g. per card class), so the binding converts it to C once.
     */
    protected abstract CardDescription describe(C card);

    /** The card's faces in the order of {@link #describe}'s faces (a one-face card: itself). */
    protected abstract List<? extends F> faces(C card);

    /** Exile {@code card} face up from the library (the resolving ability is the cause). */
    protected abstract void toExile(C card);

    /** Put {@code card} (in exile) into its owner's hand. */
    protected abstract void toHand(C card);

    /**
     * Put {@code card} (in exile) on the bottom of its owner's library. Write this or
     * {@link #toBottom(List)}; the default puts it through {@code toBottom(List)}.
     */
    protected void toBottom(C card) {
        toBottom(Collections.singletonList(card));
    }

    /**
     * Put {@code cards} (in exile) on the bottom of their owner's library in this order: the
     * first goes first, the last ends bottommost. The order is the plugin's random one: place
     * them as given, never shuffled again. When this throws, the cards moved must be the first
     * ones (the rest still in exile, as {@link #zone} then says). Write this (the engine's one
     * call for a group of cards) or {@link #toBottom(Object)}; the default moves each with
     * {@code toBottom(card)}.
     *
     * @since 1.5
     */
    protected void toBottom(List<C> cards) {
        for (C card : cards)
            toBottom(card);
    }

    /**
     * Where {@code card} is now, as the engine's zone constant: its {@code name()} is read
     * ({@link Zone#named}), so an engine returns its own enum ({@code EXILED}, {@code Exile}...);
     * null when the engine does not know the card.
     */
    protected abstract Enum<?> zone(C card);

    /**
     * Can the player cast {@code face} now, by this effect, for free: by the engine's own rules,
     * legal targets exist and no rule or effect forbids the cast (CR 601.3: an opponent's "can't
     * cast spells from anywhere other than their hands" included)?
     */
    protected abstract boolean canCast(F face);

    /**
     * Ask the player: cast one of {@code castable} (each a face of {@code card} with mana value
     * low enough, castable) without paying its mana cost, or not (empty).
     */
    protected abstract Optional<F> choose(C card, List<F> castable);

    /**
     * Cast {@code face} (its card is in exile) without paying its mana cost: X = 0, no
     * alternative costs, targets and additional costs as the engine asks them. Whether it was cast
     * is read from {@link #zone} afterwards.
     */
    protected abstract void cast(F face);

    /** A uniform random int in [0, bound): the bottom order. Default: the thread's generator. */
    protected int randomBelow(int bound) {
        return java.util.concurrent.ThreadLocalRandom.current().nextInt(bound);
    }

    /** The exile run is over: {@code exiled}, top first, are in exile (reveal, "as you cascade"). */
    protected void exiled(List<C> exiled) {}

    /**
     * A resolve did not go as asked ({@link KeyactException#result()} says how it ended).
     * Default: a warning of the {@code java.util.logging} logger {@code org.keyact}.
     */
    protected void failed(KeyactException failure) {
        LOG.log(Level.WARNING, failure.getMessage(), failure);
    }

    /**
     * A failed action left {@code stranded} in exile: put them where the rules say. Default: on
     * the bottom of the library in a random order ({@link #randomBelow}).
     */
    protected void recover(List<C> stranded) {
        List<C> cards = new ArrayList<>(stranded);
        for (int top = cards.size() - 1; top >= 1; top--)
            Collections.swap(cards, top, randomBelow(top + 1));
        toBottom(cards);
    }

    /**
     * {@code ids} as a list of cards, each looked up with {@code lookup} when it is read (and
     * again each time: {@link #library()} reads each index once): for {@link #library()} when
     * the engine's library holds ids.
     *
     * @since 1.5
     */
    protected static <I, C> List<C> byId(List<I> ids, Function<? super I, ? extends C> lookup) {
        return new ById<I, C>(ids, lookup);
    }

    private static final class ById<I, C> extends AbstractList<C> implements RandomAccess {
        private final List<I> ids;
        private final Function<? super I, ? extends C> lookup;

        ById(List<I> ids, Function<? super I, ? extends C> lookup) {
            this.ids = ids;
            this.lookup = lookup;
        }

        @Override
        public C get(int index) {
            return lookup.apply(ids.get(index));
        }

        @Override
        public int size() {
            return ids.size();
        }
    }

    // ---- what an engine calls ----

    /**
     * Resolve {@code action} ("discover", "cascade") with {@code n} through the shared registry;
     * the card found (discover: the discovered card, CR 701.57c), empty when none.
     *
     * @throws KeyactException when no plugin serves the action, or a recovery failed
     */
    public final Optional<C> resolve(String action, int n) {
        return resolve(Registry.shared().action(action), n);
    }

    /** {@link #resolve(String, int)} through {@code action}. */
    public final Optional<C> resolve(Action action, int n) {
        known.clear();
        seen = null;
        reread = false;
        library = null;
        asked = null;
        chosen = null;
        try {
            result = action.resolve(this, 1, 1, n);
        } catch (KeyactException e) {
            if (!e.result().isPresent())
                throw e;
            result = e.result().get();
            failed(e);
            recover(cards(result.stranded()));
        }
        result.failure().ifPresent(this::failed);
        return result.discovered().isPresent() ? Optional.of(card(result.discovered().getAsLong())) : Optional.empty();
    }

    /** The last resolve's Result (its handles name this resolve's cards: see {@link #card}). */
    public final Result result() {
        if (result == null)
            throw new IllegalStateException("nothing resolved yet");
        return result;
    }

    /** The card of one of the last resolve's handles. */
    public final C card(long handle) {
        if (handle < 1 || handle > known.size())
            throw new KeyactException(Status.NOTFOUND, "no card " + handle + " in this resolve");
        return known.get((int) handle - 1);
    }

    private List<C> cards(List<Long> handles) {
        List<C> out = new ArrayList<>(handles.size());
        for (long h : handles)
            out.add(card(h));
        return Collections.unmodifiableList(out);
    }

    /** The library, read when not yet read (or moved into since); no card is taken from it yet. */
    private void read() {
        if (library != null)
            return;
        reread = !known.isEmpty();
        library = library();
        size = library.size();
        taken = 0;
        if (handles.length < size) {
            handles = new long[size];
            cards = new Object[size];
        } else {
            Arrays.fill(handles, 0, size, 0L);
            Arrays.fill(cards, 0, size, null);
        }
    }

    /**
     * The handle of the library's card at index i (0 <= i < size), taking it from the list the
     * first time; a card seen before in this resolve keeps its handle (the validation layer reads
     * the library again at the end of a resolve).
     */
    private long handleAt(int i) {
        long h = handles[i];
        if (h != 0)
            return h;
        C c = library.get(i);
        if (c == null)
            throw new KeyactException(Status.HOST, "library() has no card at " + i);
        Long before = null;
        if (reread) {
            if (seen == null) {
                seen = new IdentityHashMap<>(2 * known.size());
                for (int k = 0; k < known.size(); k++)
                    seen.put(known.get(k), (long) k + 1);
            }
            before = seen.get(c);
        }
        if (before != null) {
            h = before;
        } else {
            known.add(c);
            h = known.size();
            if (seen != null)
                seen.put(c, h);
        }
        handles[i] = h;
        cards[i] = c;
        return h;
    }

    // ---- the Host methods, in the engine's objects ----

    @Override
    public int librarySize(long game, long player) {
        read();
        return size - taken;
    }

    @Override
    public long libraryCard(long game, long player, int indexFromTop) {
        read();
        int i = taken + indexFromTop;
        return indexFromTop >= 0 && i < size ? handleAt(i) : 0;
    }

    @Override
    public void libraryCards(long game, long player, int fromTop, int count, long[] out) {
        read();
        for (int k = 0; k < count; k++) {
            int i = taken + fromTop + k;
            out[k] = fromTop + k >= 0 && i < size ? handleAt(i) : 0;
        }
    }

    @Override
    public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
        C c = card(card);
        if (to == Zone.EXILE) {
            toExile(c);
            if (library != null && taken < size && cards[taken] == c)
                taken++;
            else
                library = null;
        } else if (to == Zone.HAND) {
            toHand(c);
        } else if (libraryIndex == LIBRARY_BOTTOM) {
            library = null;
            toBottom(c);
        } else {
            throw new KeyactException(Status.NOTSUP, "EngineHost moves cards into the library only to the bottom");
        }
    }

    /**
     * The steps in order, as {@link Host#applySteps} does, but each run of moves to the bottom
     * in one {@link #toBottom(List)}. When that throws, the steps applied are the run's first
     * cards that {@link #zone} puts in the library.
     */
    @Override
    public void applySteps(long game, long player, Steps steps) {
        int count = steps.count();
        for (int i = 0; i < count; ) {
            int end = i;
            while (end < count && toBottom(steps, end) && (end == i || !steps.hasEvent(end - 1)))
                end++;
            if (end - i < 2) {
                if (steps.moves(i))
                    moveCard(game, player, steps.card(i), steps.zone(i), steps.libraryIndex(i), steps.reveal(i));
                steps.markApplied(i);
                if (steps.hasEvent(i))
                    steps.deliver(this, game, i);
                i++;
                continue;
            }
            List<C> run = new ArrayList<>(end - i);
            for (int k = i; k < end; k++)
                run.add(card(steps.card(k)));
            library = null;
            try {
                toBottom(Collections.unmodifiableList(run));
            } catch (RuntimeException | Error e) {
                for (int k = 0; k < run.size() && Zone.named(zone(run.get(k))) == Zone.LIBRARY; k++)
                    steps.markApplied(i + k);
                throw e;
            }
            steps.markApplied(end - 1);
            if (steps.hasEvent(end - 1))
                steps.deliver(this, game, end - 1);
            i = end;
        }
    }

    private static boolean toBottom(Steps steps, int i) {
        return steps.moves(i) && steps.zone(i) == Zone.LIBRARY && steps.libraryIndex(i) == LIBRARY_BOTTOM;
    }

    @Override
    public CardDescription describeCard(long game, long card) {
        return describe(card(card));
    }

    @Override
    public boolean canCastFace(long game, long player, long card, int face) {
        return canCast(faces(card(card)).get(face));
    }

    @Override
    public Choice decide(long game, long player, long card, List<Option> options) {
        C c = card(card);
        List<? extends F> faces = faces(c);
        List<F> castable = new ArrayList<>(options.size());
        for (Option o : options)
            if (o.kind() == OptionKind.CAST_FACE)
                castable.add(faces.get(o.face()));
        Optional<F> pick = choose(c, Collections.unmodifiableList(castable));
        asked = null;
        chosen = null;
        if (!pick.isPresent())
            return Choice.decline();
        for (int i = 0; i < faces.size(); i++)
            if (faces.get(i) == pick.get() && castable.contains(pick.get())) {
                asked = c;
                chosen = pick.get();
                return Choice.cast(i);
            }
        throw new KeyactException(Status.RANGE, "choose answered " + pick.get() + ", which is not among " + castable);
    }

    @Override
    public boolean castFree(long game, long player, long card, int face) {
        C c = card(card);
        cast(c == asked && chosen != null ? chosen : faces(c).get(face));
        return Zone.named(zone(c)) != Zone.EXILE;
    }

    @Override
    public int randomBelow(long game, int bound) {
        return randomBelow(bound);
    }

    @Override
    public Optional<Zone> cardZone(long game, long card) {
        Enum<?> z = zone(card(card));
        return z == null ? Optional.<Zone>empty() : Optional.of(Zone.named(z));
    }

    @Override
    public void exileRunOver(long game, long player, List<Long> exiled) {
        exiled(cards(exiled));
    }
}
