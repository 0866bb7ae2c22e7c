/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/** An object on the stack (Forge's {@code SpellAbilityStackInstance}). */
final class StackItem {
    enum Kind {
        /** A card on the stack as a spell. */
        SPELL,
        /** A "discover N" triggered ability of a permanent. */
        TRIGGER,
        /** One cascade trigger of a spell (CR 702.85a). */
        CASCADE
    }

    final Kind kind;
    final Card card;
    final int controller;
    int face;
    boolean cast;
    boolean free;
    /** The value of "discover X" for this object, -1 unknown. */
    int x = -1;
    boolean targetsIllegal;
    /** Spells and triggers: the N it discovers (-1 "X", 0 none); cascade: the spell's mana value. */
    int n;
    /** The value of {X} in the spell's cost (0 when cast without paying its mana cost). */
    int manaX;
    /** Cascade: which instance (1-based). */
    int instance;

    StackItem(Kind kind, Card card, int controller) {
        this.kind = kind;
        this.card = card;
        this.controller = controller;
    }
}
