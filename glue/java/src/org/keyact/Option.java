/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One option {@link Host#choose} offers ({@code keyact_option}).
 *
 * @param kind what choosing it does
 * @param face the face to cast for {@link OptionKind#CAST_FACE}, else -1
 * @param manaValueHalves that face's own mana value times two for CAST_FACE, else 0
 */
public record Option(OptionKind kind, int face, int manaValueHalves) {
    /** Checks that kind is not null. */
    public Option {
        Objects.requireNonNull(kind, "kind");
    }
}
