/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;
import java.util.Optional;

/**
 * A card a resolve failed by {@link Validation#FATAL} moved or may have moved, whose place its
 * {@link Result#stranded()} list does not say ({@code KeyactUnsettledCard} of
 * {@code keyact-host.h}): the Host's own answers put it somewhere the plugin does not believe it
 * is, or cannot say where it is. Listed by {@link Result#unsettled()}. Immutable.
 *
 * @since 1.4
 */
public final class UnsettledCard {
    private final long card;
    private final Optional<Zone> zone;

    /**
     * An unsettled card.
     *
     * @param card the card's id
     * @param zone where the Host's answers ({@link Host#cardZone}, else its library) put it;
     *     empty when they cannot say: it is in exile or where the plugin last asked it to go
     */
    public UnsettledCard(long card, Optional<Zone> zone) {
        this.card = card;
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    /** The card's id. */
    public long card() {
        return card;
    }

    /** Where the Host's answers put it; empty when they cannot say. */
    public Optional<Zone> zone() {
        return zone;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof UnsettledCard))
            return false;
        UnsettledCard u = (UnsettledCard) o;
        return card == u.card && zone.equals(u.zone);
    }

    @Override
    public int hashCode() {
        return Objects.hash(card, zone);
    }

    @Override
    public String toString() {
        return "UnsettledCard[card=" + card + ", zone=" + zone + "]";
    }
}
