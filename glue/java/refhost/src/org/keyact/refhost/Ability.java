/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * A keyword action about to be performed (the part of Forge's
 * {@code SpellAbility} an effect reads): who performs it, its N, and the
 * card it comes from.
 *
 * @param player the seat of the player who discovers or cascades
 * @param n      discover: N; cascade: the cascading spell's mana value
 * @param source the spell or permanent it comes from, or null when none
 */
public record Ability(int player, int n, Card source) {}
