/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * Moving cards and putting spells on the stack (Forge's {@code GameAction}:
 * {@code moveTo}, {@code moveToLibrary}, {@code exile}, and casting).
 */
public final class GameAction {
    private final Game game;

    GameAction(Game game) {
        this.game = game;
    }

    /**
     * Move {@code card} from its zone to {@code zone} of its owner at
     * {@code index} (-1 or past the end: last; a library's last place is its
     * bottom). A card leaving the stack or battlefield turns face 0 up again.
     */
    public void moveTo(Card card, ZoneType zone, int index) {
        Player owner = card.owner();
        if (card.zone != ZoneType.NONE)
            owner.getCardsIn(card.zone).remove(card);
        card.zone = zone;
        if (zone != ZoneType.STACK && zone != ZoneType.BATTLEFIELD)
            card.faceUp = 0;
        if (zone != ZoneType.NONE) {
            var list = owner.getCardsIn(zone);
            if (index < 0 || index >= list.size())
                list.add(card);
            else
                list.add(index, card);
        }
    }

    /**
     * True when face {@code face} is a permanent spell (it enters the
     * battlefield) rather than an instant or sorcery; the type line is read
     * as the C host reads it ("Kindred Instant" is not a permanent).
     */
    static boolean isPermanent(CardRules card, int face) {
        String typeLine = face < card.states().size() ? card.state(face).typeLine() : null;
        if (typeLine == null || typeLine.isEmpty())
            typeLine = card.typeLine();
        if (typeLine == null)
            return false;
        if (typeLine.contains("Instant") || typeLine.contains("Sorcery"))
            return false;
        for (String t : new String[] {"Artifact", "Creature", "Enchantment", "Planeswalker", "Land", "Battle"})
            if (typeLine.contains(t))
                return true;
        return false;
    }

    /**
     * Put {@code card} on the stack as a spell {@code player} cast with face
     * {@code face}, with no cast triggers (a spell cast earlier that now
     * resolves). {@code x}: its "discover X" (-1 unknown).
     */
    StackItem putSpell(int player, Card card, int face, boolean free, int x, boolean targetsIllegal) {
        moveTo(card, ZoneType.STACK, -1);
        card.faceUp = face;
        StackItem item = new StackItem(StackItem.Kind.SPELL, card, player);
        item.face = face;
        item.cast = true;
        item.free = free;
        item.x = x;
        item.targetsIllegal = targetsIllegal;
        item.n = card.rules().discoverN();
        item.manaX = free || x < 0 ? 0 : x;
        game.getStack().push(item);
        return item;
    }

    /**
     * {@code player} casts {@code card} now: {@link #putSpell}, and each
     * instance of cascade on the face cast triggers (CR 702.85a, c), paid or
     * free. The triggers wait until the cast or the resolve that cast it is
     * over (CR 603.3).
     */
    void castSpell(int player, Card card, int face, boolean free, int x, boolean targetsIllegal) {
        StackItem spell = putSpell(player, card, face, free, x, targetsIllegal);
        int instances = face < card.rules().states().size() ? card.rules().state(face).cascade() : 0;
        for (int i = 1; i <= instances; i++) {
            StackItem trigger = new StackItem(StackItem.Kind.CASCADE, card, player);
            trigger.face = face;
            trigger.manaX = spell.manaX;
            trigger.instance = i;
            game.getStack().addPending(trigger);
        }
    }
}
