/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One action ("discover", "cascade") of a {@link Registry}, bound to the registry's slot for it:
 * every resolve uses the implementation selected at the moment it starts, so a
 * {@link Registry#select} (hot swap) applies to the next resolve while running ones finish on the
 * old implementation (its plugin stays loaded until they return).
 *
 * <p>Thread-safe: any number of threads may resolve at once, each its own game.
 */
public final class Action {
    private final Registry registry;
    private final String name;
    private final long slot;

    Action(Registry registry, String name, long slot) {
        this.registry = registry;
        this.name = name;
        this.slot = slot;
    }

    /** The action's name. */
    public String name() {
        return name;
    }

    /** {@link #resolve(Host, long, long, int, long)} with no source card (0). */
    public Result resolve(Host host, long game, long player, int n) {
        return resolve(host, game, player, n, 0L);
    }

    /**
     * Perform the action: {@code player} of {@code game} discovers {@code n} (cascade: {@code n}
     * is the mana value of the spell with cascade), asked by card {@code source} (0: none). The
     * plugin calls back into {@code host} on this thread only, and only until this returns;
     * {@code host} may be made for this one resolve (see {@link Host}, "Per resolve").
     *
     * <p>Resolve returns the Result whenever the action completed (every card where the rules put
     * it), with the failure of a question the plugin recovered from on {@link Result#failure()},
     * and throws only when the action could not complete (cards stranded in exile). (Before 1.3 it
     * also threw when a question failed or notify or log threw.)
     *
     * @return the result of the completed action
     * @throws KeyactException when the action could not complete: it carries the {@link Result}
     *     (with the stranded cards) and, as cause, the first throwable of the Host;
     *     {@link Status#NOTFOUND} with no result when no implementation serves the action
     * @throws IllegalArgumentException when {@code host} overrides neither
     *     {@link Host#choose} nor {@link Host#decide}
     * @throws IllegalStateException when the registry is closed
     * @throws IllegalArgumentException when n is negative
     */
    public Result resolve(Host host, long game, long player, int n, long source) {
        Objects.requireNonNull(host, "host");
        if (n < 0)
            throw new IllegalArgumentException("n must be >= 0, not " + n);
        return registry.resolve(this, slot, host, game, player, n, source);
    }

    @Override
    public String toString() {
        return "Action[" + name + "]";
    }
}
