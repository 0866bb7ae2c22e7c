/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * The ABI's statuses: {@code KEYACT_OK} (0) and the negative {@code KEYACT_E_*} codes of
 * {@code keyact/status.h}. Values are stable across ABI versions; codes this binding does not know
 * map to {@link #UNKNOWN}.
 */
public enum Status {
    /** 0: success. */
    OK(0),
    /** An argument is out of range or too small; nothing was touched. */
    INVAL(-1),
    /** No ABI version both sides speak. */
    VERSION(-2),
    /** A host callback failed; what a {@link Host} method that throws becomes. */
    HOST(-3),
    /** Out of memory. */
    NOMEM(-4),
    /** No such card, action, extension or option. */
    NOTFOUND(-5),
    /** A mana cost string could not be parsed. */
    BADCOST(-6),
    /** A card description is unusable (no faces, ...). */
    BADCARD(-7),
    /** A host answer is out of range (choice, random number). */
    RANGE(-8),
    /** The operation is not supported. */
    NOTSUP(-9),
    /** The game state does not allow it (e.g. the card moved away). */
    STATE(-10),
    /**
     * The plugin failed where the host library ran it isolated: its helper process crashed or
     * exited, was killed at its deadline or a resource limit, or broke the protocol (ABI 1.4).
     *
     * @since 1.5
     */
    PLUGIN(-11),
    /**
     * The host library refused a host call the plugin made about a card or player its resolve was
     * never handed (ABI 1.4).
     *
     * @since 1.5
     */
    DENIED(-12),
    /** A code this binding does not know. */
    UNKNOWN(Integer.MIN_VALUE);

    private static final Status[] BY_CODE = {OK, INVAL, VERSION, HOST, NOMEM, NOTFOUND, BADCOST,
        BADCARD, RANGE, NOTSUP, STATE, PLUGIN, DENIED};

    private final int code;

    Status(int code) {
        this.code = code;
    }

    /** The C value: 0 or a negative {@code KEYACT_E_*} code ({@code Integer.MIN_VALUE} for UNKNOWN). */
    public int code() {
        return code;
    }

    /** The status of a C value; {@link #UNKNOWN} for codes not listed here. */
    public static Status of(int code) {
        return code <= 0 && code > -BY_CODE.length ? BY_CODE[-code] : UNKNOWN;
    }
}
