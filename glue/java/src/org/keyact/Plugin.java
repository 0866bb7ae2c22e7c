/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A plugin loaded into a {@link Registry}: a snapshot of what it declared when it was listed.
 * Immutable; equal when every component is equal.
 */
public final class Plugin {
    private final Path file;
    private final String id;
    private final String version;
    private final int abiMajor;
    private final int abiMinor;
    private final List<Implementation> implementations;
    private final boolean isolated;

    /**
     * A plugin.
     *
     * @param file the file it was loaded from
     * @param id the plugin id
     * @param version the plugin's version (GNU version order decides between candidates)
     * @param abiMajor the negotiated ABI major
     * @param abiMinor the negotiated ABI minor
     * @param implementations the actions it provides (copied, unmodifiable)
     */
    public Plugin(Path file, String id, String version, int abiMajor, int abiMinor,
                  List<Implementation> implementations) {
        this(file, id, version, abiMajor, abiMinor, implementations, false);
    }

    /**
     * A plugin, loaded in-process or isolated.
     *
     * @param file the file it was loaded from
     * @param id the plugin id
     * @param version the plugin's version (GNU version order decides between candidates)
     * @param abiMajor the negotiated ABI major
     * @param abiMinor the negotiated ABI minor
     * @param implementations the actions it provides (copied, unmodifiable)
     * @param isolated whether it runs in sandboxed helper processes (see {@link Isolation})
     * @since 1.5
     */
    public Plugin(Path file, String id, String version, int abiMajor, int abiMinor,
                  List<Implementation> implementations, boolean isolated) {
        this.file = Objects.requireNonNull(file, "file");
        this.id = Objects.requireNonNull(id, "id");
        this.version = Objects.requireNonNull(version, "version");
        this.abiMajor = abiMajor;
        this.abiMinor = abiMinor;
        this.implementations = Lists.copy(implementations, "implementations");
        this.isolated = isolated;
    }

    /** The file it was loaded from. */
    public Path file() {
        return file;
    }

    /** The plugin id. */
    public String id() {
        return id;
    }

    /** The plugin's version. */
    public String version() {
        return version;
    }

    /** The negotiated ABI major. */
    public int abiMajor() {
        return abiMajor;
    }

    /** The negotiated ABI minor. */
    public int abiMinor() {
        return abiMinor;
    }

    /** The actions it provides (unmodifiable). */
    public List<Implementation> implementations() {
        return implementations;
    }

    /**
     * Whether it runs isolated, in sandboxed helper processes (see {@link Isolation}).
     *
     * @since 1.5
     */
    public boolean isolated() {
        return isolated;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o)
            return true;
        if (!(o instanceof Plugin))
            return false;
        Plugin p = (Plugin) o;
        return abiMajor == p.abiMajor && abiMinor == p.abiMinor && file.equals(p.file) && id.equals(p.id)
            && version.equals(p.version) && implementations.equals(p.implementations)
            && isolated == p.isolated;
    }

    @Override
    public int hashCode() {
        return Objects.hash(file, id, version, abiMajor, abiMinor, implementations, isolated);
    }

    @Override
    public String toString() {
        return "Plugin[file=" + file + ", id=" + id + ", version=" + version + ", abiMajor=" + abiMajor
            + ", abiMinor=" + abiMinor + ", implementations=" + implementations
            + (isolated ? ", isolated" : "") + "]";
    }
}
