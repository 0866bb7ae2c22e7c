/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.Optional;

/**
 * A keyword action about to be performed (the part of Forge's
 * {@code SpellAbility} an effect reads): who performs it, its N, and the
 * card it comes from.
 *
 * @param player the seat of the player who discovers or cascades
 * @param n      discover: N; cascade: the cascading spell's mana value
 * @param source the spell or permanent it comes from, if any
 */
public record Ability(int player, int n, Optional<Card> source) {
    /** An ability with {@code source} (null: none). */
    static Ability of(int player, int n, Card source) {
        return new Ability(player, n, Optional.ofNullable(source));
    }
}
