/* SPDX-License-Identifier: MIT */
package org.keyact.bench;

/**
 * A bare JNI upcall, the yardstick of the binding's cost per upcall: C calls
 * {@link Target#librarySize} through CallIntMethod with a cached method id
 * (glue/java/bench/jni/bare-upcall.c, in libkeyact-bench-jni, loaded from the file named by the
 * system property {@code org.keyact.bench.jni}).
 */
final class BareUpcall {
    static {
        System.load(System.getProperty("org.keyact.bench.jni"));
    }

    private BareUpcall() {}

    /** Loads the library (the static initialiser does). */
    static void load() {}

    /** The Java side of the upcall: as small as an array host's librarySize. */
    static final class Target {
        int size = 60;

        int librarySize(long game, long player) {
            return size - (int) (game ^ player);
        }
    }

    /** count upcalls of target.librarySize; their sum, or -1 if one threw. */
    static native long run(Target target, int count);

    /** Thread-CPU ns per upcall over count upcalls. */
    static double nsPerUpcall(Target target, int count) {
        long t0 = Bench.cpuNanos();
        long sum = run(target, count);
        long t1 = Bench.cpuNanos();
        if (sum != (long) count * target.size)
            throw new IllegalStateException("bare upcalls returned " + sum);
        return (double) (t1 - t0) / count;
    }
}
