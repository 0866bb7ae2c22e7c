/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.List;
import java.util.Optional;

/**
 * The engine's side of a resolve: the game state the plugin reads and changes
 * ({@code keyact_host} of {@code keyact/host.h}), with plain return values.
 *
 * <p><b>Handles.</b> Game, player and card handles are the engine's own longs; the plugin never
 * interprets them and hands them back. 0 is never a card.
 *
 * <p><b>Per resolve.</b> Make a Host per resolve when the engine needs its own per-resolve objects
 * (the resolving ability, its controller, the zone-change batch) in the callbacks: pass them to the
 * Host's constructor and keep them in final fields, e.g. {@code action.resolve(new ForgeHost(sa),
 * ...)}. That costs one small allocation and nothing else: the binding keeps nothing per Host
 * object (what it learns about a Host class it learns once per class, and its C copies of card
 * descriptions are cached per thread, by description object). No field set before resolve, no
 * thread-local. One Host may also serve many games when it needs nothing per resolve.
 *
 * <p><b>Threads.</b> The methods are called only inside {@link Action#resolve}, on the thread that
 * called it. Resolves of different games may run on different threads at once with the same Host
 * object; a Host whose methods touch shared state must lock it itself.
 *
 * <p><b>Failures.</b> A method that throws fails that one callback: a {@link KeyactException}
 * keeps its {@link KeyactException#status() status}, anything else ({@code RuntimeException} or
 * {@code Error}, {@code OutOfMemoryError} included) becomes {@link Status#HOST}. The plugin's
 * failure policy then applies: a failed question ({@link #canCastFace}, {@link #choose},
 * {@link #castFree}) is recovered as the rules allow (not castable, the card to hand) and the
 * resolve finishes: {@link Action#resolve} returns its {@link Result} with the failure on
 * {@link Result#failure()}; a failed action ({@link #libraryCard}, {@link #moveCard},
 * {@link #describeCard}, {@link #randomBelow}) stops it, leaving the cards listed in
 * {@link Result#stranded()} in exile, and {@link Action#resolve} throws a KeyactException whose
 * cause is the first throwable and which carries the Result. No Java exception is ever left
 * pending across another JNI call, and the plugin sees only the status.
 *
 * <p><b>Ownership.</b> Everything the plugin hands a method (option lists, events, the arrays of
 * the batched calls) is valid during that call only: copy what you keep. What a method returns is
 * the engine's; the binding copies it.
 *
 * <p><b>Batched calls.</b> {@link #libraryCards}, {@link #describeCards}, {@link #applySteps} and
 * {@link #randomBelowEach} serve the ABI 1.1 batched callbacks. Their default bodies loop over the
 * single calls; an engine may override them to answer a whole batch at once. They fill arrays the
 * binding passes in and reuses, so they allocate nothing per card.
 */
public interface Host {
    /** The libraryIndex of {@link #moveCard} that means the bottom of the library. */
    int LIBRARY_BOTTOM = -1;

    /** The number of cards in {@code player}'s library. */
    int librarySize(long game, long player);

    /**
     * The card {@code indexFromTop} cards below the top of {@code player}'s library (0 = the top
     * card); 0 when the library has no such card (the plugin sees {@link Status#NOTFOUND}).
     */
    long libraryCard(long game, long player, int indexFromTop);

    /**
     * Move {@code card} (owned by {@code player}) from wherever it is to {@code to}.
     * {@code libraryIndex} places it in the library (0 the top, N from the top, or
     * {@link #LIBRARY_BOTTOM}) and is ignored for other zones; {@code reveal}: reveal it to all
     * players as it moves. On failure (throw) the card must stay where it was.
     */
    void moveCard(long game, long player, long card, Zone to, int libraryIndex, boolean reveal);

    /**
     * The printed card. Return the same {@link CardDescription} object for the same card each
     * time: the binding converts each distinct object to C once and reuses it.
     */
    CardDescription describeCard(long game, long card);

    /**
     * The targeting hook: can {@code player} cast face {@code face} of {@code card} right now, by
     * this effect, without paying its mana cost (legal targets exist, no restriction forbids it)?
     */
    boolean canCastFace(long game, long player, long card, int face);

    /**
     * Ask {@code player} to choose one of {@code options} for {@code card}; returns the chosen
     * index. The list always holds one option that declines the cast (TO_HAND for discover,
     * TO_BOTTOM for cascade). An index out of range counts as a failed question.
     *
     * <p>A Host overrides this or {@link #decide} (the answer as a face); since 1.3 the default
     * answers with {@link #decide}.
     */
    default int choose(long game, long player, long card, List<Option> options) {
        return decide(game, player, card, options).indexIn(options);
    }

    /**
     * {@link #choose} answered with the face to cast (or decline) rather than an option index:
     * for an engine whose choices are spells, the face of the spell chosen. Override this or
     * choose; the default answers with {@link #choose}. A face not offered counts as a failed
     * question.
     *
     * @since 1.3
     */
    default Choice decide(long game, long player, long card, List<Option> options) {
        return Choice.of(options.get(choose(game, player, card, options)));
    }

    /**
     * Cast face {@code face} of {@code card} (in exile) without paying its mana cost, X = 0, no
     * alternative cost; the engine gathers targets and additional costs. Returns true when the
     * spell was cast (the card is now on the stack), false when it could not be (the card is
     * still in exile).
     */
    boolean castFree(long game, long player, long card, int face);

    /** A uniform random integer in [0, bound) from the engine's RNG (bound >= 1). */
    int randomBelow(long game, int bound);

    /**
     * An event happened. Optional: the default does nothing, and when a Host class does not
     * override it the binding builds no Event objects at all.
     */
    default void notify(long game, Event event) {}

    /** A diagnostic message from the plugin. Optional: the default drops it. */
    default void log(LogLevel level, String message) {}

    /**
     * The exile run is over: {@code exiled} (top first, the hit last when there is one) are in
     * exile, face up, and the plugin has not yet asked any question, drawn a random number or
     * moved a card elsewhere. Reveal them together here. Called once in every resolve that exiled
     * a card: before the first callback past the run, or when the resolve stops (a failed action)
     * before one. A throw fails the callback it precedes, as if that callback had thrown (at the
     * end of a resolve it fails the resolve). Optional: the default does nothing, and the binding
     * builds no list for a Host that does not override it. The list is unmodifiable.
     *
     * @since 1.3
     */
    default void exileRunOver(long game, long player, List<Long> exiled) {}

    /**
     * The resolve is over (every card moved, or the action stopped): flush what the engine
     * batches until then (zone-change triggers, reveals). Called once per resolve that ran, after
     * every other callback and before {@link Action#resolve} returns or throws, with the Result it
     * returns or carries. What it throws leaves resolve unchanged (the cards are where that
     * Result says).
     * Optional: the default does nothing.
     *
     * @since 1.3
     */
    default void resolveOver(long game, long player, Result result) {}

    /**
     * ABI 1.2, for the validation layer only ({@link Validation}): where {@code card} is now, any
     * {@link Zone} ({@link Zone#STACK} for a spell {@link #castFree} cast); empty for a card the
     * engine does not know. Nothing moves. The plugin never asks it; with validation on, the layer
     * asks it around moves and casts and at the end of a resolve, to check that a move put the
     * card where it was asked, that {@link #castFree}'s answer matches where the card went, and
     * that no card ends in the wrong place.
     *
     * <p>Optional, like {@link #notify}: when a Host class does not override it the binding
     * offers the layer no {@code card_zone} at all, and the checks that need a card's zone are
     * skipped (libkeyact-host says which, once, in its log domain {@code keyact-validate}). The
     * default body is never called by the binding and answers empty.
     *
     * @since 1.3
     */
    default Optional<Zone> cardZone(long game, long card) {
        return Optional.empty();
    }

    /**
     * ABI 1.1: the cards [fromTop, fromTop + count) of {@code player}'s library, top first, into
     * {@code out[0..count-1]}, as count {@link #libraryCard} calls would give them now (a 0 means
     * no such card). The plugin then exiles them in that order, so the rest of the library must
     * not change while they move. Nothing moves here. {@code out} is the binding's, reused.
     */
    default void libraryCards(long game, long player, int fromTop, int count, long[] out) {
        for (int i = 0; i < count; i++)
            out[i] = libraryCard(game, player, fromTop + i);
    }

    /**
     * ABI 1.1: {@code out[i] = describeCard(game, cards[i])} for i in [0, count). The cards may
     * still be in the library: the answer is the printed card wherever it is. All or nothing: if
     * this throws the plugin uses none of them. The arrays are the binding's, reused.
     */
    default void describeCards(long game, long[] cards, int count, CardDescription[] out) {
        for (int i = 0; i < count; i++)
            out[i] = describeCard(game, cards[i]);
    }

    /**
     * ABI 1.1: apply {@code steps} in order, each a move (unless {@link Steps#moves} is false) and
     * then its event (when {@link Steps#hasEvent}). An override must call
     * {@link Steps#markApplied(int)} after each step it applied, so that when a move throws the
     * plugin knows exactly which cards moved; a move that throws stops the batch (that card stays
     * where it was). The default body delivers each event to {@link #notify} and, as with the
     * single calls, a notify that throws does not stop the batch (its throwable still fails the
     * resolve).
     */
    default void applySteps(long game, long player, Steps steps) {
        for (int i = 0; i < steps.count(); i++) {
            if (steps.moves(i))
                moveCard(game, player, steps.card(i), steps.zone(i), steps.libraryIndex(i), steps.reveal(i));
            steps.markApplied(i);
            if (steps.hasEvent(i))
                steps.deliver(this, game, i);
        }
    }

    /**
     * ABI 1.1: {@code out[i] = randomBelow(game, bounds[i])} for i in [0, count), in order: the
     * same draws from the engine's RNG as the single calls, so a seed replays the same. All or
     * nothing. The arrays are the binding's, reused.
     */
    default void randomBelowEach(long game, int[] bounds, int count, int[] out) {
        for (int i = 0; i < count; i++)
            out[i] = randomBelow(game, bounds[i]);
    }
}
