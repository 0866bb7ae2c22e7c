/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * Event types ({@code KEYACT_EVENT_*} of {@code keyact/events.h}; the C value is the ordinal + 1).
 * Later actions may send types this enum does not list yet; the binding drops those.
 */
public enum EventType {
    /** A card exiled face up from the top of the library; {@link Event#index()} its order. */
    EXILED,
    /** The nonland card that stops the exiling; {@link Event#manaValueHalves()} set. */
    HIT,
    /** Face {@link Event#face()} of the card was cast without paying its mana cost. */
    CAST,
    /** The cast of face {@link Event#face()} did not happen; TO_HAND (cascade: BOTTOM) follows. */
    CAST_FAILED,
    /** The card was put into its owner's hand. */
    TO_HAND,
    /** The card was put on the bottom of the library; {@link Event#index()} its order. */
    BOTTOM,
    /** The last event of every finished discover; the card discovered or 0. */
    DISCOVERED,
    /** The last event of every finished resolve of another action (cascade); the card found or 0. */
    FINISHED
}
