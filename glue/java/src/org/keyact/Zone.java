/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * A zone ({@code KEYACT_ZONE_*} of {@code keyact/host.h}): where {@link Host#moveCard} puts a card
 * (LIBRARY, EXILE, HAND), and where {@link Host#cardZone} says a card is (any value).
 */
public enum Zone {
    /** The owner's library, at the index the move names ({@link Host#LIBRARY_BOTTOM}: the bottom). */
    LIBRARY(1),
    /** Exile, face up. */
    EXILE(2),
    /** The owner's hand. */
    HAND(3),
    /**
     * On the stack (a spell {@link Host#castFree} cast). Only an answer of {@link Host#cardZone},
     * never a move's destination.
     *
     * @since 1.3
     */
    STACK(4),
    /**
     * On the battlefield. Only an answer of {@link Host#cardZone}.
     *
     * @since 1.3
     */
    BATTLEFIELD(5),
    /**
     * In the owner's graveyard. Only an answer of {@link Host#cardZone}.
     *
     * @since 1.3
     */
    GRAVEYARD(6),
    /**
     * Anywhere else (command zone, outside the game, ...). Only an answer of {@link Host#cardZone}.
     *
     * @since 1.3
     */
    OTHER(7);

    private final int code;

    Zone(int code) {
        this.code = code;
    }

    /**
     * The zone an engine's own zone constant names, by its {@code name()} in any case:
     * {@code LIBRARY}, {@code EXILE} or {@code EXILED}, {@code HAND}, {@code STACK},
     * {@code BATTLEFIELD}, {@code GRAVEYARD}; anything else (and null) is {@link #OTHER}. So an
     * engine answers {@link EngineHost#zone} with its own enum, and needs no map to this one.
     *
     * @since 1.4
     */
    public static Zone named(Enum<?> zone) {
        if (zone == null)
            return OTHER;
        String n = zone.name().toUpperCase(java.util.Locale.ROOT);
        if (n.equals("EXILED"))
            return EXILE;
        for (Zone z : values())
            if (z.name().equals(n))
                return z;
        return OTHER;
    }

    /** The C value {@code KEYACT_ZONE_*}. */
    public int code() {
        return code;
    }
}
