/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * Something that happened during a resolve, delivered in order to {@link Host#notify}
 * ({@code keyact_event}). Events are built only for a Host that overrides notify.
 *
 * @param type what happened
 * @param player the player performing the action
 * @param card the card concerned, 0 when none
 * @param n the N of "discover N" (cascade: the spell's mana value)
 * @param face the face for CAST and CAST_FAILED, else -1
 * @param index the order for EXILED and BOTTOM, else 0
 * @param manaValueHalves the card's mana value times two for HIT and DISCOVERED, else 0
 */
public record Event(EventType type, long player, long card, int n, int face, int index, int manaValueHalves) {
    /** Checks that type is not null. */
    public Event {
        Objects.requireNonNull(type, "type");
    }
}
