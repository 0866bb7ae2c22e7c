/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Which implementation serves an action now, and why. A snapshot: a later load, unload or select
 * may change it.
 *
 * @param by how it was selected
 * @param implementation the implementation, empty when {@code by} is NONE
 * @param file the plugin file providing it, empty when NONE
 * @param version that plugin's version, empty when NONE
 * @param reason a sentence for people from the host library
 */
public record Selection(SelectedBy by, Optional<Implementation> implementation, Optional<Path> file,
                        Optional<String> version, String reason) {
    /** Checks that no component is null. */
    public Selection {
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(reason, "reason");
    }
}
