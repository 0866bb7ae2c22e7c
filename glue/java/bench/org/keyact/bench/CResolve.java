/* SPDX-License-Identifier: MIT */
package org.keyact.bench;

import java.nio.charset.StandardCharsets;

/**
 * Discover 3 on the same deck in C alone (glue/java/bench/jni/c-resolve.c, in the library
 * {@link BareUpcall} loads): the plugin's and the C host's share of a resolve, timed in the JVM
 * that times the binding.
 */
final class CResolve {
    private CResolve() {}

    /**
     * Times count resolves (after as many to warm up) into ns[0] and count restores of a library
     * order into ns[1]; -1 when one failed, else 0.
     */
    static native int run(byte[] pluginPath, int count, long[] ns);

    /** ns per resolve over count resolves, less the restores of the library order. */
    static double nsPerResolve(String pluginPath, int count) {
        BareUpcall.load();
        long[] ns = new long[2];
        if (run(pluginPath.getBytes(StandardCharsets.UTF_8), count, ns) != 0)
            throw new IllegalStateException("the C resolves failed");
        return (double) (ns[0] - ns[1]) / count;
    }
}
