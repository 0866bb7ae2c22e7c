/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a resolve did ({@code keyact_resolve_result}). Immutable; equal when every component is
 * equal (the failure by identity).
 */
public final class Result {
    private final Outcome outcome;
    private final OptionalLong discovered;
    private final int manaValueHalves;
    private final OptionalInt faceCast;
    private final int exiledCount;
    private final int bottomedCount;
    private final boolean complete;
    private final List<Long> stranded;
    private final Optional<KeyactException> failure;
    private final List<ValidationException> validationErrors;
    private final Optional<String> validationSkipped;
    private final List<UnsettledCard> unsettled;

    /**
     * A result.
     *
     * @param outcome how it ended
     * @param discovered the card found (CR 701.57c), empty when none
     * @param manaValueHalves its mana value times two, 0 when none
     * @param faceCast the face cast, empty when nothing was cast
     * @param exiledCount cards exiled, the hit included
     * @param bottomedCount cards put on the bottom
     * @param complete the action ran to its end: every card is where the rules put it
     * @param stranded after a failure, the cards not where the rules put them, all in exile face
     *     up (the engine recovers them); empty when complete (copied, unmodifiable)
     */
    public Result(Outcome outcome, OptionalLong discovered, int manaValueHalves, OptionalInt faceCast,
                  int exiledCount, int bottomedCount, boolean complete, List<Long> stranded) {
        this(outcome, discovered, manaValueHalves, faceCast, exiledCount, bottomedCount, complete, stranded,
            Optional.<KeyactException>empty());
    }

    /**
     * A result with the failure of a question the plugin recovered from.
     *
     * @param outcome how it ended
     * @param discovered the card found (CR 701.57c), empty when none
     * @param manaValueHalves its mana value times two, 0 when none
     * @param faceCast the face cast, empty when nothing was cast
     * @param exiledCount cards exiled, the hit included
     * @param bottomedCount cards put on the bottom
     * @param complete the action ran to its end: every card is where the rules put it
     * @param stranded the cards not where the rules put them (copied, unmodifiable)
     * @param failure see {@link #failure()}
     * @since 1.3
     */
    public Result(Outcome outcome, OptionalLong discovered, int manaValueHalves, OptionalInt faceCast,
                  int exiledCount, int bottomedCount, boolean complete, List<Long> stranded,
                  Optional<KeyactException> failure) {
        this(outcome, discovered, manaValueHalves, faceCast, exiledCount, bottomedCount, complete, stranded,
            failure, Collections.<ValidationException>emptyList());
    }

    /**
     * A result with the validation layer's reports.
     *
     * @param outcome how it ended
     * @param discovered the card found (CR 701.57c), empty when none
     * @param manaValueHalves its mana value times two, 0 when none
     * @param faceCast the face cast, empty when nothing was cast
     * @param exiledCount cards exiled, the hit included
     * @param bottomedCount cards put on the bottom
     * @param complete the action ran to its end: every card is where the rules put it
     * @param stranded the cards not where the rules put them (copied, unmodifiable)
     * @param failure see {@link #failure()}
     * @param validationErrors see {@link #validationErrors()} (copied, unmodifiable)
     * @since 1.3
     */
    public Result(Outcome outcome, OptionalLong discovered, int manaValueHalves, OptionalInt faceCast,
                  int exiledCount, int bottomedCount, boolean complete, List<Long> stranded,
                  Optional<KeyactException> failure, List<ValidationException> validationErrors) {
        this(outcome, discovered, manaValueHalves, faceCast, exiledCount, bottomedCount, complete, stranded,
            failure, validationErrors, Optional.<String>empty(), Collections.<UnsettledCard>emptyList());
    }

    /**
     * A result with everything the validation layer said of the resolve.
     *
     * @param outcome how it ended
     * @param discovered the card found (CR 701.57c), empty when none
     * @param manaValueHalves its mana value times two, 0 when none
     * @param faceCast the face cast, empty when nothing was cast
     * @param exiledCount cards exiled, the hit included
     * @param bottomedCount cards put on the bottom
     * @param complete the action ran to its end: every card is where the rules put it
     * @param stranded the cards not where the rules put them (copied, unmodifiable)
     * @param failure see {@link #failure()}
     * @param validationErrors see {@link #validationErrors()} (copied, unmodifiable)
     * @param validationSkipped see {@link #validationSkipped()}
     * @param unsettled see {@link #unsettled()} (copied, unmodifiable)
     * @since 1.4
     */
    public Result(Outcome outcome, OptionalLong discovered, int manaValueHalves, OptionalInt faceCast,
                  int exiledCount, int bottomedCount, boolean complete, List<Long> stranded,
                  Optional<KeyactException> failure, List<ValidationException> validationErrors,
                  Optional<String> validationSkipped, List<UnsettledCard> unsettled) {
        this.outcome = Objects.requireNonNull(outcome, "outcome");
        this.discovered = Objects.requireNonNull(discovered, "discovered");
        this.manaValueHalves = manaValueHalves;
        this.faceCast = Objects.requireNonNull(faceCast, "faceCast");
        this.exiledCount = exiledCount;
        this.bottomedCount = bottomedCount;
        this.complete = complete;
        this.stranded = Lists.copy(stranded, "stranded");
        this.failure = Objects.requireNonNull(failure, "failure");
        this.validationErrors = Lists.copy(validationErrors, "validationErrors");
        this.validationSkipped = Objects.requireNonNull(validationSkipped, "validationSkipped");
        this.unsettled = Lists.copy(unsettled, "unsettled");
    }

    /** How it ended. */
    public Outcome outcome() {
        return outcome;
    }

    /** The card found (CR 701.57c), empty when none. */
    public OptionalLong discovered() {
        return discovered;
    }

    /** Its mana value times two, 0 when none. */
    public int manaValueHalves() {
        return manaValueHalves;
    }

    /** The face cast, empty when nothing was cast. */
    public OptionalInt faceCast() {
        return faceCast;
    }

    /** Cards exiled, the hit included. */
    public int exiledCount() {
        return exiledCount;
    }

    /** Cards put on the bottom. */
    public int bottomedCount() {
        return bottomedCount;
    }

    /** The action ran to its end: every card is where the rules put it. */
    public boolean complete() {
        return complete;
    }

    /**
     * After a failure, the cards not where the rules put them, all in exile face up (the engine
     * recovers them); empty when complete (unmodifiable).
     */
    public List<Long> stranded() {
        return stranded;
    }

    /**
     * Why a completed resolve did not go as asked: a question ({@link Host#canCastFace},
     * {@link Host#choose}, {@link Host#castFree}) failed and the plugin recovered as the rules
     * allow, or {@link Host#notify} or {@link Host#log} threw. Its status is the resolve's, its
     * cause the first throwable of the Host (none when the Host answered out of range). Empty
     * when nothing failed, and on a Result carried by a thrown KeyactException (that exception
     * is the failure).
     *
     * @since 1.3
     */
    public Optional<KeyactException> failure() {
        return failure;
    }

    /**
     * The host-contract violations the validation layer reported during this resolve, in order,
     * each once (see {@link Validation}); empty when validation is {@link Validation#OFF} or the
     * Host kept the contract (unmodifiable).
     *
     * @since 1.3
     */
    public List<ValidationException> validationErrors() {
        return validationErrors;
    }

    /**
     * The checks the validation layer skipped for this resolve's Host, and why: a Host that does
     * not override {@link Host#cardZone} cannot be checked for where its moves and casts put
     * cards (a {@link Host#castFree} that answers "not cast" for a spell it put on the stack goes
     * unseen). Empty when validation is {@link Validation#OFF} or every check ran. The same
     * sentence is logged once per Host class, at level INFO, to the {@code java.util.logging}
     * logger {@code org.keyact.validate}.
     *
     * @since 1.4
     */
    public Optional<String> validationSkipped() {
        return validationSkipped;
    }

    /**
     * Under {@link Validation#FATAL}, after a resolve that failed: the cards the plugin moved or
     * may have moved that {@link #stranded()} does not list, with where the Host's answers put
     * them. Together with {@link #stranded()} (the cards in exile) no card is unaccounted for.
     * Empty otherwise (unmodifiable).
     *
     * @since 1.4
     */
    public List<UnsettledCard> unsettled() {
        return unsettled;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Result))
            return false;
        Result r = (Result) o;
        return outcome == r.outcome && discovered.equals(r.discovered) && manaValueHalves == r.manaValueHalves
            && faceCast.equals(r.faceCast) && exiledCount == r.exiledCount && bottomedCount == r.bottomedCount
            && complete == r.complete && stranded.equals(r.stranded) && failure.equals(r.failure)
            && validationErrors.equals(r.validationErrors) && validationSkipped.equals(r.validationSkipped)
            && unsettled.equals(r.unsettled);
    }

    @Override
    public int hashCode() {
        return Objects.hash(outcome, discovered, manaValueHalves, faceCast, exiledCount, bottomedCount, complete,
            stranded, failure, validationErrors, validationSkipped, unsettled);
    }

    @Override
    public String toString() {
        return "Result[outcome=" + outcome + ", discovered=" + discovered + ", manaValueHalves=" + manaValueHalves
            + ", faceCast=" + faceCast + ", exiledCount=" + exiledCount + ", bottomedCount=" + bottomedCount
            + ", complete=" + complete + ", stranded=" + stranded + ", failure=" + failure
            + ", validationErrors=" + validationErrors + ", validationSkipped=" + validationSkipped
            + ", unsettled=" + unsettled + "]";
    }
}
