/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.util.Objects;

/**
 * One action a plugin provides ({@code keyact_action}).
 *
 * @param action the keyword action, e.g. {@code "discover"}
 * @param implId the implementation id, unique per implementation, e.g.
 *     {@code "org.keyact.discover.cr701_57"}
 * @param description one line for people, {@code ""} when the plugin gives none
 */
public record Implementation(String action, String implId, String description) {
    /** Checks that no component is null. */
    public Implementation {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(implId, "implId");
        Objects.requireNonNull(description, "description");
    }
}
