/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.List;

/**
 * The answer of {@link Host#decide}: cast one face of the card, or decline. It names the face, not
 * the index of an {@link Option}, so an engine whose choices are spells (several per face
 * possible) answers with the face of the spell its player chose, keeps that spell for
 * {@link Host#castFree}, and needs no map from its spells to the options. Immutable; equal when
 * both are the same answer.
 *
 * @since 1.3
 */
public final class Choice {
    private static final Choice DECLINE = new Choice(-1);

    private final int face;

    private Choice(int face) {
        this.face = face;
    }

    /** Cast face {@code face} (0 the front or left face) without paying its mana cost. */
    public static Choice cast(int face) {
        if (face < 0)
            throw new IllegalArgumentException("no face " + face);
        return new Choice(face);
    }

    /** Do not cast: the declining option (discover: to hand; cascade: to the bottom). */
    public static Choice decline() {
        return DECLINE;
    }

    /** The answer that option {@code option} stands for. */
    public static Choice of(Option option) {
        return option.kind() == OptionKind.CAST_FACE ? cast(option.face()) : DECLINE;
    }

    /** True when this casts a face. */
    public boolean casts() {
        return face >= 0;
    }

    /** The face to cast; {@link IllegalStateException} when this declines. */
    public int face() {
        if (face < 0)
            throw new IllegalStateException("a declining choice casts no face");
        return face;
    }

    /**
     * The index in {@code options} of the option this answer stands for.
     *
     * @throws KeyactException {@link Status#RANGE} when no option matches (a face not offered):
     *     the question fails and the plugin recovers as for any failed question
     */
    public int indexIn(List<Option> options) {
        for (int i = 0; i < options.size(); i++) {
            Option o = options.get(i);
            if (face >= 0 ? o.kind() == OptionKind.CAST_FACE && o.face() == face : o.kind() != OptionKind.CAST_FACE)
                return i;
        }
        throw new KeyactException(Status.RANGE, this + " is not among the options " + options);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Choice && ((Choice) o).face == face;
    }

    @Override
    public int hashCode() {
        return face;
    }

    @Override
    public String toString() {
        return face >= 0 ? "Choice[cast face " + face + "]" : "Choice[decline]";
    }
}
