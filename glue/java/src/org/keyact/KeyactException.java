/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;
import java.util.Optional;

/**
 * A keyact failure: a plugin the host library refused (the message is the host library's GError
 * message, the same a C host gets), a selection that matched nothing, or a resolve that returned a
 * failing status or during which a {@link Host} method threw.
 *
 * <p>When a resolve ran, {@link #result()} carries its {@link Result}: after a failing "action"
 * callback the cards it lists in {@link Result#stranded()} are in exile, face up, and the engine
 * must put them where the rules say; after a failing "question" callback the resolve still
 * finished ({@link Result#complete()}). When the failure was a Host method that threw, that
 * throwable (the first one of the resolve) is the {@linkplain #getCause() cause}.
 *
 * <p>A Host method may itself throw a KeyactException to fail its callback with a chosen status.
 */
public class KeyactException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final Status status;
    private final transient Result result;

    /** A failure with this status and message, no result and no cause. */
    public KeyactException(Status status, String message) {
        this(status, message, null, null);
    }

    /**
     * A failure with this status and message; {@code result} and {@code cause} may be null (no
     * result, no cause).
     */
    public KeyactException(Status status, String message, Result result, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.status = Objects.requireNonNull(status, "status");
        this.result = result;
    }

    /** The status: what the resolve or the host library returned, or the one thrown by a Host. */
    public Status status() {
        return status;
    }

    /** The result of the resolve that failed; empty when no resolve ran (load, select, ...). */
    public Optional<Result> result() {
        return Optional.ofNullable(result);
    }
}
