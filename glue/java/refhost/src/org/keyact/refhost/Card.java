/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * One physical card in a game (Forge's {@code Card}): its printed
 * {@link CardRules}, its owner, the zone it is in, and which of its
 * {@link CardState}s is up on the stack or battlefield. Its id is the card
 * handle keyact sees (1-based, so 0 stays "no card").
 */
public final class Card {
    private final int id;
    private final CardRules rules;
    private final Player owner;
    ZoneType zone;
    int faceUp;
    /** A token an effect created ({@link Game#createToken}), and whether it is tapped. */
    boolean token, tapped;

    Card(int id, CardRules rules, Player owner, ZoneType zone) {
        this.id = id;
        this.rules = rules;
        this.owner = owner;
        this.zone = zone;
    }

    /** The handle keyact knows it by, at least 1. */
    public int id() {
        return id;
    }

    public CardRules rules() {
        return rules;
    }

    /** The card's full name ("Fire // Ice"). */
    public String name() {
        return rules.name();
    }

    public Player owner() {
        return owner;
    }

    public ZoneType zone() {
        return zone;
    }

    /** The face it is on the stack or battlefield as (Forge: its current state). */
    public CardState currentState() {
        return rules.state(faceUp);
    }

    @Override
    public String toString() {
        return name() + " (" + id + ")";
    }
}
