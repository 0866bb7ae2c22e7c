/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * Discover N (CR 701.57), delegated to keyact's "discover" action: the
 * class a Forge developer replaces ({@code forge.game.ability.effects.DiscoverEffect};
 * XMage's {@code mage.abilities.effects.keyword.DiscoverEffect}). Unlike
 * Forge's, a found card whose free cast fails, or that has no spell within
 * N, still goes to hand; unlike XMage's, the bottom order comes from the
 * game's seeded random numbers, so a replay agrees.
 */
public final class DiscoverEffect extends KeyactEffect {
    DiscoverEffect() {
        super("discover");
    }

    @Override
    String describe(int n, Card source) {
        return "discover " + n + " (" + (source != null ? "source: " + source.name() : "no source") + ")";
    }

    @Override
    GameEvent.Type eventType() {
        return GameEvent.Type.DISCOVER;
    }
}
