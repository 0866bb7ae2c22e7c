/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A file the {@link Registry} refused to load.
 *
 * @param file the file
 * @param reason the host library's GError message, the same a C host gets
 */
public record Refusal(Path file, String reason) {
    /** Checks that no component is null. */
    public Refusal {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(reason, "reason");
    }
}
