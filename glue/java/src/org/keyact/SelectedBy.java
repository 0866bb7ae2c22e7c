/* SPDX-License-Identifier: MIT */
package org.keyact;

/** How the implementation of an action was selected ({@code KeyactSelectedBy}); C value = ordinal. */
public enum SelectedBy {
    /** No implementation: none loaded, or a choice no plugin satisfies. */
    NONE,
    /** {@link Registry#select}. */
    EXPLICIT,
    /** The {@code KEYACT_IMPL} environment variable, read when the Registry was made. */
    ENVIRONMENT,
    /** The highest plugin version (or the only candidate). */
    VERSION
}
