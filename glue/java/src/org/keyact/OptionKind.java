/* SPDX-License-Identifier: MIT */
package org.keyact;

/** Kinds of {@link Option} offered by {@link Host#choose} ({@code KEYACT_OPTION_*}). */
public enum OptionKind {
    /** Cast face {@link Option#face()} without paying its mana cost. */
    CAST_FACE(1),
    /** Put the card into its owner's hand (discover's decline). */
    TO_HAND(2),
    /** Do not cast: the card goes to the bottom with the rest (cascade's decline). */
    TO_BOTTOM(3);

    private final int code;

    OptionKind(int code) {
        this.code = code;
    }

    /** The C value {@code KEYACT_OPTION_*}. */
    public int code() {
        return code;
    }
}
