/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * A scenario that cannot be played: bad input (exit 2) or a rules or engine
 * failure, such as a plugin that returned an error (exit 1). The message is
 * one line naming the file, the step or player, and the key.
 */
public final class GameException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, and so the exit status. */
    public enum Kind {
        /** The scenario asked for something impossible: exit 2. */
        INPUT(2),
        /** The plugin or the engine failed while playing: exit 1. */
        RULES(1);

        private final int exitStatus;

        Kind(int exitStatus) {
            this.exitStatus = exitStatus;
        }

        public int exitStatus() {
            return exitStatus;
        }
    }

    private final Kind kind;

    GameException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    GameException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static GameException input(String message) {
        return new GameException(Kind.INPUT, message);
    }

    static GameException rules(String message) {
        return new GameException(Kind.RULES, message);
    }
}
