/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One face or half of a card, as printed ({@code keyact_face_desc}). Immutable; equal when every
 * component is equal.
 */
public final class Face {
    private final String name;
    private final String manaCost;
    private final boolean land;
    private final boolean notCastable;

    /**
     * A face.
     *
     * @param name the face's name; crosses to C as real UTF-8 (never "modified UTF-8"), so any
     *     Unicode name (Lim-Dûl's Vault, Æther Vial, emoji) arrives intact; must not contain NUL
     * @param manaCost the printed mana cost, e.g. {@code "{2}{U/P}{X}"}; {@code ""} when the face
     *     has none (a land, a transform back face). The plugin computes mana values from it
     * @param land the face's type line has Land
     * @param notCastable the engine says no effect may cast this face (beyond what the layout
     *     implies)
     */
    public Face(String name, String manaCost, boolean land, boolean notCastable) {
        this.name = Objects.requireNonNull(name, "name");
        this.manaCost = Objects.requireNonNull(manaCost, "manaCost");
        this.land = land;
        this.notCastable = notCastable;
    }

    /** The face's name. */
    public String name() {
        return name;
    }

    /** The printed mana cost in keyact's spelling ({@code "{2}{U}"}), {@code ""} when none. */
    public String manaCost() {
        return manaCost;
    }

    /** The face's type line has Land. */
    public boolean land() {
        return land;
    }

    /** The engine says no effect may cast this face. */
    public boolean notCastable() {
        return notCastable;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Face))
            return false;
        Face f = (Face) o;
        return land == f.land && notCastable == f.notCastable && name.equals(f.name) && manaCost.equals(f.manaCost);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, manaCost, land, notCastable);
    }

    @Override
    public String toString() {
        return "Face[name=" + name + ", manaCost=" + manaCost + ", land=" + land + ", notCastable=" + notCastable + "]";
    }
}
