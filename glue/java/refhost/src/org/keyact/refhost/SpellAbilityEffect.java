/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * What an {@link ApiType} does when it resolves (Forge's
 * {@code SpellAbilityEffect.resolve(SpellAbility)}).
 */
public interface SpellAbilityEffect {
    /**
     * Perform the effect in {@code game}.
     *
     * @throws GameException when it cannot be performed (a rules error stops the game)
     */
    void resolve(Game game, Ability ability) throws GameException;
}
