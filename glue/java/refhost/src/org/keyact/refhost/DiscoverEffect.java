/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;

import org.keyact.Layout;

/**
 * Discover N (CR 701.57), delegated to keyact's "discover" action: the
 * class a Forge developer replaces ({@code forge.game.ability.effects.DiscoverEffect};
 * XMage's {@code mage.abilities.effects.keyword.DiscoverEffect}). Unlike
 * Forge's, a found card whose free cast fails, or that has no spell within
 * N, still goes to hand; unlike XMage's, the bottom order comes from the
 * game's seeded random numbers, so a replay agrees.
 *
 * After the discover, what the source does with the discovered card, as its
 * card says ({@link CardRules#treasuresBelow}, Hit the Mother Lode): read
 * from the DISCOVERED event (CR 701.57c: a land when the library ran out).
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

    /** The Treasure token's printed facts (CR 111.10a); a token never reaches the plugin. */
    private static final CardRules TREASURE = CardRules.of("Treasure", Layout.NORMAL,
            "Token Artifact \u2014 Treasure",
            List.of(new CardState("Treasure", "", "Token Artifact \u2014 Treasure", false, 0)),
            DiscoverKind.NONE, 0, 0, -1);

    @Override
    public void resolve(Game game, Ability ability) throws GameException {
        super.resolve(game, ability);
        Card source = ability.source().orElse(null);
        if (source != null && source.rules().treasuresBelow() > 0)
            createTreasures(game, ability.player(), source);
    }

    /**
     * "If the discovered card's mana value is less than T, create a number of
     * tapped Treasure tokens equal to the difference": the discovered card is
     * the last DISCOVERED event's; none, no tokens. A half mana value (an
     * Un-card) leaves a half difference, rounded down.
     */
    private static void createTreasures(Game game, int player, Card source) {
        int resolution = game.resolutions.size();
        GameEvent discovered = null;
        for (int i = game.events.size() - 1; i >= 0 && discovered == null; i--) {
            GameEvent e = game.events.get(i);
            if (e.resolution == resolution && e.type == GameEvent.Type.DISCOVERED)
                discovered = e;
        }
        GameEvent tokens = new GameEvent(GameEvent.Type.CREATE_TOKENS, player, source);
        tokens.n = source.rules().treasuresBelow();
        if (discovered != null && discovered.card != null) {
            int below = 2 * tokens.n;
            tokens.hasManaValue = true;
            tokens.manaValueHalves = discovered.manaValueHalves;
            tokens.index = Integer.compareUnsigned(discovered.manaValueHalves, below) < 0
                    ? (below - discovered.manaValueHalves) / 2 : 0;
        }
        Player p = game.player(player);
        for (int i = 0; i < tokens.index; i++)
            game.createToken(p, TREASURE, true);
        game.addEvent(tokens);
    }
}
