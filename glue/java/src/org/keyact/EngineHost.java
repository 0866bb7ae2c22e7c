/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
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
 *   <li><b>The library</b> is read once per resolve with {@link #library()}, top first, and the
 *       plugin's reads by index are answered from that list as the exile run takes its top cards;
 *       a library that is a deque or a linked list costs one walk, not one per card.</li>
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
    /** The library as read, null until read or after a move into it; its cards' handles; how many the run took. */
    private List<? extends C> library;
    private long[] handles = new long[64];
    private int taken;
    /** The card whose faces the last question offered, and the face its player chose. */
    private C asked;
    private F chosen;
    private Result result;

    // ---- what an engine writes ----

    /** {@code player}'s library now, top first (a copy or a view that does not change while read). */
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

    /** Put {@code card} (in exile) on the bottom of its owner's library. */
    protected abstract void toBottom(C card);

    /**
     * Where {@code card} is now, as the engine's zone constant: its {@code name()} is read
     * ({@link Zone#named}), so an engine returns its own enum ({@code EXILED}, {@code Exile}...);
     * null when the engine does not know the card.
     */
    protected abstract Enum<?> zone(C card);

    /** Can the player cast {@code face} now, by this effect, for free (legal targets exist)? */
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
     * the bottom of the library in a random order.
     */
    protected void recover(List<C> stranded) {
        List<C> cards = new ArrayList<>(stranded);
        while (!cards.isEmpty())
            toBottom(cards.remove(randomBelow(cards.size())));
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

    /**
     * The library, read when not yet read (or moved into since): a card seen before keeps its
     * handle (the validation layer reads the library again at the end of a resolve).
     */
    private List<? extends C> read() {
        if (library == null) {
            library = library();
            taken = 0;
            if (handles.length < library.size())
                handles = new long[library.size()];
            IdentityHashMap<C, Long> seen = known.isEmpty() ? null : new IdentityHashMap<C, Long>(known.size());
            for (int i = 0; i < known.size(); i++)
                seen.put(known.get(i), (long) i + 1);
            for (int i = 0; i < library.size(); i++) {
                Long h = seen == null ? null : seen.get(library.get(i));
                if (h == null) {
                    known.add(library.get(i));
                    h = (long) known.size();
                }
                handles[i] = h;
            }
        }
        return library;
    }

    // ---- the Host methods, in the engine's objects ----

    @Override
    public int librarySize(long game, long player) {
        return read().size() - taken;
    }

    @Override
    public long libraryCard(long game, long player, int indexFromTop) {
        int i = taken + indexFromTop;
        return indexFromTop >= 0 && i < read().size() ? handles[i] : 0;
    }

    @Override
    public void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal) {
        C c = card(card);
        if (to == Zone.EXILE) {
            toExile(c);
            if (library != null && taken < library.size() && library.get(taken) == c)
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
