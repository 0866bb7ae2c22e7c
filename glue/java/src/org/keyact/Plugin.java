/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A plugin loaded into a {@link Registry}: a snapshot of what it declared when it was listed.
 *
 * @param file the file it was loaded from
 * @param id the plugin id
 * @param version the plugin's version (GNU version order decides between candidates)
 * @param abiMajor the negotiated ABI major
 * @param abiMinor the negotiated ABI minor
 * @param implementations the actions it provides (copied, unmodifiable)
 */
public record Plugin(Path file, String id, String version, int abiMajor, int abiMinor,
                     List<Implementation> implementations) {
    /** Checks the components and copies the list. */
    public Plugin {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
        implementations = List.copyOf(implementations);
    }
}
