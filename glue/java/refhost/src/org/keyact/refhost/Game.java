/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.keyact.Action;

/**
 * A game (Forge's {@code Game}): the players and their zones, every card,
 * the stack, the seeded random numbers, and the record of what happened.
 * Its {@link GameAction} moves cards and casts spells, its {@link MagicStack}
 * resolves; keyword actions go through {@link ApiType}'s effects to keyact.
 * Not thread-safe: one game is played by one thread at a time.
 */
public final class Game {
    /** The one game handle this host gives keyact. */
    static final long ID = 1;

    final CardDb db;
    final List<Player> players = new ArrayList<>();
    final List<Card> cards = new ArrayList<>();
    final Rng rng;
    final List<GameEvent> events = new ArrayList<>();
    final List<Resolution> resolutions = new ArrayList<>();
    /** The discover or cascade being resolved, or null. */
    Resolution current;
    final PlayerController controller = new PlayerController();
    /** Interactive play: asks the player; -1 falls back on the controller. */
    Chooser chooser;
    private final Map<String, Action> keyact = new HashMap<>();
    private final GameAction action = new GameAction(this);
    private final MagicStack stack = new MagicStack(this);

    /** Asks the player at a choice (interactive play). */
    interface Chooser {
        /** The index chosen, or -1 to follow the scenario. */
        int choose(Game game, int player, Card card, List<org.keyact.Option> options);
    }

    Game(CardDb db, long seed) {
        this.db = db;
        this.rng = new Rng(seed);
    }

    public GameAction getAction() {
        return action;
    }

    public MagicStack getStack() {
        return stack;
    }

    /** Use {@code keyactAction} for the keyact action {@code name} ("discover", "cascade"). */
    void bind(String name, Action keyactAction) {
        keyact.put(name, keyactAction);
    }

    Optional<Action> keyactAction(String name) {
        return Optional.ofNullable(keyact.get(name));
    }

    public List<Player> getPlayers() {
        return List.copyOf(players);
    }

    Player addPlayer(String name) {
        Player p = new Player(players.size(), name);
        players.add(p);
        return p;
    }

    /** The seat of the player named {@code name} (case-sensitive), or -1. */
    int findPlayer(String name) {
        for (Player p : players)
            if (p.name().equals(name))
                return p.index();
        return -1;
    }

    Player player(int index) {
        return index >= 0 && index < players.size() ? players.get(index) : null;
    }

    /** A new card owned by {@code owner}, put last in {@code zone} (NONE: in no zone). */
    Card addCard(Player owner, CardRules rules, ZoneType zone) {
        Card card = new Card(cards.size() + 1, rules, owner, zone);
        cards.add(card);
        if (zone != ZoneType.NONE)
            owner.getCardsIn(zone).add(card);
        return card;
    }

    /**
     * A token of {@code rules} (a token's printed facts) created by
     * {@code owner} onto their battlefield, tapped or not. A token is never
     * in a zone the plugin reads (library, exile, hand).
     */
    Card createToken(Player owner, CardRules rules, boolean tapped) {
        Card token = addCard(owner, rules, ZoneType.BATTLEFIELD);
        token.token = true;
        token.tapped = tapped;
        return token;
    }

    /** The card with handle {@code id}, or null. */
    Card card(long id) {
        return id >= 1 && id <= cards.size() ? cards.get((int) id - 1) : null;
    }

    /** The first card named {@code name} in the player's zone, or null. */
    Card findInZone(int player, ZoneType zone, String name) {
        Player p = player(player);
        if (p == null || zone == ZoneType.NONE)
            return null;
        CardRules wanted = db.lookup(name).orElse(null);
        for (Card c : p.getCardsIn(zone))
            if (c.rules() == wanted)
                return c;
        return null;
    }

    void addEvent(GameEvent event) {
        if (current != null)
            event.resolution = resolutions.size();
        events.add(event);
    }
}
