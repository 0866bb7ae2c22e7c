/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What a resolve did ({@code keyact_resolve_result}). Immutable.
 *
 * @param outcome how it ended
 * @param discovered the card found (CR 701.57c), empty when none
 * @param manaValueHalves its mana value times two, 0 when none
 * @param faceCast the face cast, empty when nothing was cast
 * @param exiledCount cards exiled, the hit included
 * @param bottomedCount cards put on the bottom
 * @param complete the action ran to its end: every card is where the rules put it
 * @param stranded after a failure, the cards not where the rules put them, all in exile face up
 *     (the engine recovers them); empty when complete (copied, unmodifiable)
 */
public record Result(Outcome outcome, OptionalLong discovered, int manaValueHalves, OptionalInt faceCast,
                     int exiledCount, int bottomedCount, boolean complete, List<Long> stranded) {
    /** Checks the arguments and copies the stranded list. */
    public Result {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(discovered, "discovered");
        Objects.requireNonNull(faceCast, "faceCast");
        stranded = List.copyOf(stranded);
    }
}
