/* SPDX-License-Identifier: MIT */
package org.keyact;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The JNI entry points of libkeyact-jni (package-private). Strings cross as UTF-8 byte arrays
 * (never JNI's modified UTF-8); lists come back as one byte array of NUL-terminated fields.
 * Handles are C pointers as longs. Loading the class loads the library ({@link NativeLoader}).
 */
final class Native {
    /**
     * The folder of the plugins this jar carries, extracted, when the natives are the jar's;
     * empty when they are system libraries (see {@link NativeLoader}: which, and from where).
     */
    static final Optional<Path> BUNDLED_PLUGINS = NativeLoader.load();

    private Native() {}

    /** Forces the library to load (and JNI_OnLoad to cache its ids). */
    static void init() {}

    static native long registryNew();
    /** Frees the C registry; waits only for resolves that are acquiring a plugin, not running. */
    static native void registryClose(long registry);
    /** Frees the wrapper (the lock); after close, once nothing can reach it. */
    static native void registryDestroy(long registry);
    /** null on success, else "code\0message\0" (code = KeyactHostError). */
    static native byte[] load(long registry, byte[] path);
    static native int loadSearchPath(long registry);
    static native byte[] unload(long registry, byte[] path);
    /**
     * Per plugin: path, id, version, major, minor, isolated (0 or 1), n, then n times action,
     * impl id, description.
     */
    static native byte[] plugins(long registry);
    /** Per refusal: path, message. */
    static native byte[] refused(long registry);
    /** selector null: drop the explicit choice. Result as for load. */
    static native byte[] select(long registry, byte[] action, byte[] selector);
    /** by, reason, then (unless by is NONE) action, impl id, description, path, version. */
    static native byte[] selection(long registry, byte[] action);
    static native long slot(long registry, byte[] action);

    /** The directories loadSearchPath searches, in order (the install directory last), as fields. */
    static native byte[] searchDirs();
    /** keyact_registry_set_validation: mode as KeyactValidation (OFF 0, REPORT 1, FATAL 2). */
    static native void setValidation(long registry, int mode);
    /** keyact_registry_set_isolation: 0 for a limit is the library's default. */
    static native void setIsolation(long registry, boolean isolate, int deadlineMillis, long memoryBytes,
                                    int cpuSeconds);
    static native int getValidation(long registry);
    /**
     * Resolves through the slot, with up's shared buffer (address mem, memLongs longs) for the
     * batched calls; writes the result there (see Upcalls.RES_*); returns the status, or 1 when
     * the registry is closed (nothing ran).
     */
    static native int resolve(long registry, long slot, Upcalls up, long mem, int memLongs, long game,
                              long player, int n, long source, int features);
    /** The address of a direct buffer (GetDirectBufferAddress), 0 when it has none. */
    static native long address(java.nio.ByteBuffer buffer);
    /** A C copy of one description: one malloc'ed block; names and costs NUL-free UTF-8. */
    static native long newDescription(int layout, int[] flags, byte[][] names, byte[][] costs);
    static native void freeDescriptions(long[] blocks, int count);
    /** The name (or cost) bytes C holds for one face of a block: what crossed, for tests. */
    static native byte[] describedString(long block, int face, boolean cost);
    /** The JNI upcalls made by this thread's resolves so far (a counter for benchmarks and tests). */
    static native long upcalls();
}
