/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * Card layouts ({@code KEYACT_LAYOUT_*} of {@code keyact/card.h}, named after Scryfall's); the
 * C value is the ordinal. The layout decides which faces an effect may cast.
 */
public enum Layout {
    /** One face (also saga, class, leveler, ...). */
    NORMAL,
    /** Two or more halves side by side: Fire // Ice. */
    SPLIT,
    /** A split card whose second half is cast only from a graveyard. */
    AFTERMATH,
    /** Face 0 the creature or main card, face 1 the adventure. */
    ADVENTURE,
    /** Modal double-faced: either face may be cast. */
    MODAL_DFC,
    /** Transforming double-faced: only the front is cast. */
    TRANSFORM,
    /** Flip card: face 1 is the flipped half, never cast. */
    FLIP,
    /** Meld card: face 1 is the melded back, never cast. */
    MELD
}
