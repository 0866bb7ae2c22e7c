/* SPDX-License-Identifier: MIT */
package mage.abilities.effects.keyword;

import mage.abilities.Ability;
import mage.cards.Card;
import mage.game.Game;
import mage.players.Player;
import org.keyact.xmage.KeyactDiscoverEffect;

/**
 * keyact's stand-in for XMage's DiscoverEffect: the class org.keyact.xmage.Switch loads in its
 * place, with its public constructors, copy and static doDiscover, so every card that constructs
 * the effect or calls the static resolves through keyact, unchanged.
 */
public class DiscoverEffect extends KeyactDiscoverEffect {
    /** Discover {@code amount}. */
    public DiscoverEffect(int amount) {
        super(amount);
    }

    /** Discover {@code amount}, with reminder text when {@code withReminder}. */
    public DiscoverEffect(int amount, boolean withReminder) {
        super(amount, withReminder);
    }

    private DiscoverEffect(DiscoverEffect effect) {
        super(effect);
    }

    @Override
    public DiscoverEffect copy() {
        return new DiscoverEffect(this);
    }

    /** {@link KeyactDiscoverEffect#doDiscover}. */
    public static Card doDiscover(Player player, int amount, Game game, Ability source) {
        return KeyactDiscoverEffect.doDiscover(player, amount, game, source);
    }
}
