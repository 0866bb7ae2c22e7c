/* SPDX-License-Identifier: MIT */
package org.keyact;

/** How a resolve ended ({@code KEYACT_OUTCOME_*}); the C value is the ordinal. */
public enum Outcome {
    /** Nothing found: no hit, or an empty library. */
    NONE,
    /** The card found was cast without paying its mana cost. */
    CAST,
    /** The card found went to its owner's hand (discover). */
    HAND,
    /** The card found was not cast and went to the bottom with the rest (cascade, CR 702.85a). */
    BOTTOM
}
