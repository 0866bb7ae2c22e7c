/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One action a plugin provides ({@code keyact_action}). Immutable; equal when every component is
 * equal.
 */
public final class Implementation {
    private final String action;
    private final String implId;
    private final String description;

    /**
     * An implementation.
     *
     * @param action the keyword action, e.g. {@code "discover"}
     * @param implId the implementation id, unique per implementation, e.g.
     *     {@code "org.keyact.discover.cr701_57"}
     * @param description one line for people, {@code ""} when the plugin gives none
     */
    public Implementation(String action, String implId, String description) {
        this.action = Objects.requireNonNull(action, "action");
        this.implId = Objects.requireNonNull(implId, "implId");
        this.description = Objects.requireNonNull(description, "description");
    }

    /** The keyword action, e.g. {@code "discover"}. */
    public String action() {
        return action;
    }

    /** The implementation id, e.g. {@code "org.keyact.discover.cr701_57"}. */
    public String implId() {
        return implId;
    }

    /** One line for people, {@code ""} when the plugin gives none. */
    public String description() {
        return description;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Implementation))
            return false;
        Implementation i = (Implementation) o;
        return action.equals(i.action) && implId.equals(i.implId) && description.equals(i.description);
    }

    @Override
    public int hashCode() {
        return Objects.hash(action, implId, description);
    }

    @Override
    public String toString() {
        return "Implementation[action=" + action + ", implId=" + implId + ", description=" + description + "]";
    }
}
