/* SPDX-License-Identifier: MIT */
package org.keyact;

/** Where {@link Host#moveCard} puts a card ({@code KEYACT_ZONE_*} of {@code keyact/host.h}). */
public enum Zone {
    /** The owner's library, at the index the move names ({@link Host#LIBRARY_BOTTOM}: the bottom). */
    LIBRARY(1),
    /** Exile, face up. */
    EXILE(2),
    /** The owner's hand. */
    HAND(3);

    private final int code;

    Zone(int code) {
        this.code = code;
    }

    /** The C value {@code KEYACT_ZONE_*}. */
    public int code() {
        return code;
    }
}
