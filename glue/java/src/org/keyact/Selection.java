/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Which implementation serves an action now, and why. A snapshot: a later load, unload or select
 * may change it. Immutable; equal when every component is equal.
 */
public final class Selection {
    private final SelectedBy by;
    private final Optional<Implementation> implementation;
    private final Optional<Path> file;
    private final Optional<String> version;
    private final String reason;

    /**
     * A selection.
     *
     * @param by how it was selected
     * @param implementation the implementation, empty when {@code by} is NONE
     * @param file the plugin file providing it, empty when NONE
     * @param version that plugin's version, empty when NONE
     * @param reason a sentence for people from the host library
     */
    public Selection(SelectedBy by, Optional<Implementation> implementation, Optional<Path> file,
                     Optional<String> version, String reason) {
        this.by = Objects.requireNonNull(by, "by");
        this.implementation = Objects.requireNonNull(implementation, "implementation");
        this.file = Objects.requireNonNull(file, "file");
        this.version = Objects.requireNonNull(version, "version");
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** How it was selected. */
    public SelectedBy by() {
        return by;
    }

    /** The implementation, empty when {@link #by()} is NONE. */
    public Optional<Implementation> implementation() {
        return implementation;
    }

    /** The plugin file providing it, empty when NONE. */
    public Optional<Path> file() {
        return file;
    }

    /** That plugin's version, empty when NONE. */
    public Optional<String> version() {
        return version;
    }

    /** A sentence for people from the host library. */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Selection))
            return false;
        Selection s = (Selection) o;
        return by == s.by && implementation.equals(s.implementation) && file.equals(s.file)
            && version.equals(s.version) && reason.equals(s.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(by, implementation, file, version, reason);
    }

    @Override
    public String toString() {
        return "Selection[by=" + by + ", implementation=" + implementation + ", file=" + file + ", version="
            + version + ", reason=" + reason + "]";
    }
}
