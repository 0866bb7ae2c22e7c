/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.Objects;

/** A file the {@link Registry} refused to load. Immutable; equal when every component is equal. */
public final class Refusal {
    private final Path file;
    private final String reason;

    /**
     * A refusal.
     *
     * @param file the file
     * @param reason the host library's GError message, the same a C host gets
     */
    public Refusal(Path file, String reason) {
        this.file = Objects.requireNonNull(file, "file");
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** The host library's GError message, the same a C host gets. */
    public String reason() {
        return reason;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Refusal))
            return false;
        Refusal r = (Refusal) o;
        return file.equals(r.file) && reason.equals(r.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, reason);
    }

    @Override
    public String toString() {
        return "Refusal[file=" + file + ", reason=" + reason + "]";
    }
}
