/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * Whether a {@link Registry}'s resolves go through libkeyact-host's validation layer, which checks
 * every answer of the {@link Host} against the contract of {@code keyact/host.h},
 * {@code keyact/action.h} and keyact-plugin(7) ({@code KeyactValidation} of {@code keyact-host.h}).
 * The layer never changes what the plugin or the Host do: a game under validation plays exactly
 * as without it.
 *
 * <p>Set by {@link Registry#setValidation}, by the system property
 * {@code org.keyact.validate} ({@code true} or {@code report}, {@code fatal}, {@code false} or
 * {@code off}) read when a Registry is made, or else by the environment variable
 * {@code KEYACT_VALIDATE} ({@code 1}, {@code fatal}, {@code 0}) read by the C library at the same
 * moment. Off by default.
 *
 * @since 1.3
 */
public enum Validation {
    /** No checks, and no cost. */
    OFF,
    /**
     * Every violation is reported once per resolve, in {@link Result#validationErrors()} and as
     * one warning of the {@code java.util.logging} logger {@code org.keyact.validate}; the
     * resolve goes on as the Host answered.
     */
    REPORT,
    /**
     * The first violation is reported as for {@link #REPORT} and fails the resolve: the callback
     * that answered wrongly fails with {@link Status#HOST}, the plugin takes its failure path and
     * {@link Action#resolve} throws a {@link KeyactException} (status HOST) whose cause is that
     * {@link ValidationException} and whose {@link Result} lists it.
     */
    FATAL;

    /** The C value ({@code KEYACT_VALIDATION_*}). */
    int code() {
        return ordinal();
    }

    static Validation of(int code) {
        return code == 1 ? REPORT : code == 2 ? FATAL : OFF;
    }
}
