/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One option {@link Host#choose} offers ({@code keyact_option}). Immutable; equal when every
 * component is equal.
 */
public final class Option {
    private final OptionKind kind;
    private final int face;
    private final int manaValueHalves;

    /**
     * An option.
     *
     * @param kind what choosing it does
     * @param face the face to cast for {@link OptionKind#CAST_FACE}, else -1
     * @param manaValueHalves that face's own mana value times two for CAST_FACE, else 0
     */
    public Option(OptionKind kind, int face, int manaValueHalves) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.face = face;
        this.manaValueHalves = manaValueHalves;
    }

    /** What choosing it does. */
    public OptionKind kind() {
        return kind;
    }

    /** The face to cast for {@link OptionKind#CAST_FACE}, else -1. */
    public int face() {
        return face;
    }

    /** That face's own mana value times two for CAST_FACE, else 0. */
    public int manaValueHalves() {
        return manaValueHalves;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Option))
            return false;
        Option p = (Option) o;
        return kind == p.kind && face == p.face && manaValueHalves == p.manaValueHalves;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, face, manaValueHalves);
    }

    @Override
    public String toString() {
        return "Option[kind=" + kind + ", face=" + face + ", manaValueHalves=" + manaValueHalves + "]";
    }
}
