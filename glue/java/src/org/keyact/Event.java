/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * Something that happened during a resolve, delivered in order to {@link Host#notify}
 * ({@code keyact_event}). Events are built only for a Host that overrides notify. Immutable;
 * equal when every component is equal.
 */
public final class Event {
    private final EventType type;
    private final long player;
    private final long card;
    private final int n;
    private final int face;
    private final int index;
    private final int manaValueHalves;

    /**
     * An event.
     *
     * @param type what happened
     * @param player the player performing the action
     * @param card the card concerned, 0 when none
     * @param n the N of "discover N" (cascade: the spell's mana value)
     * @param face the face for CAST and CAST_FAILED, else -1
     * @param index the order for EXILED and BOTTOM, else 0
     * @param manaValueHalves the card's mana value times two for HIT and DISCOVERED, else 0
     */
    public Event(EventType type, long player, long card, int n, int face, int index, int manaValueHalves) {
        this.type = Objects.requireNonNull(type, "type");
        this.player = player;
        this.card = card;
        this.n = n;
        this.face = face;
        this.index = index;
        this.manaValueHalves = manaValueHalves;
    }

    /** What happened. */
    public EventType type() {
        return type;
    }

    /** The player performing the action. */
    public long player() {
        return player;
    }

    /** The card concerned, 0 when none. */
    public long card() {
        return card;
    }

    /** The N of "discover N" (cascade: the spell's mana value). */
    public int n() {
        return n;
    }

    /** The face for CAST and CAST_FAILED, else -1. */
    public int face() {
        return face;
    }

    /** The order for EXILED and BOTTOM, else 0. */
    public int index() {
        return index;
    }

    /** The card's mana value times two for HIT and DISCOVERED, else 0. */
    public int manaValueHalves() {
        return manaValueHalves;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Event))
            return false;
        Event e = (Event) o;
        return type == e.type && player == e.player && card == e.card && n == e.n && face == e.face
            && index == e.index && manaValueHalves == e.manaValueHalves;
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, player, card, n, face, index, manaValueHalves);
    }

    @Override
    public String toString() {
        return "Event[type=" + type + ", player=" + player + ", card=" + card + ", n=" + n + ", face=" + face
            + ", index=" + index + ", manaValueHalves=" + manaValueHalves + "]";
    }
}
