/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One face or half of a card, as printed ({@code keyact_face_desc}).
 *
 * @param name the face's name; crosses to C as real UTF-8 (never "modified UTF-8"), so any
 *     Unicode name (Lim-Dûl's Vault, Æther Vial, emoji) arrives intact; must not contain NUL
 * @param manaCost the printed mana cost, e.g. {@code "{2}{U/P}{X}"}; {@code ""} when the face has
 *     none (a land, a transform back face). The plugin computes mana values from it
 * @param land the face's type line has Land
 * @param notCastable the engine says no effect may cast this face (beyond what the layout implies)
 */
public record Face(String name, String manaCost, boolean land, boolean notCastable) {
    /** Checks that name and manaCost are not null. */
    public Face {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(manaCost, "manaCost");
    }
}
