/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

/**
 * The game's seeded random numbers: splitmix64 with unbiased draws below a
 * bound, the same generator as the C reference host ({@code rng.c}), so one
 * seed gives the same bottom orders in both hosts. Forge draws from
 * {@code MyRandom}, XMage from an unseeded JDK {@code Random}; neither can
 * replay a game from its seed. Not thread-safe: one game, one thread.
 */
public final class Rng {
    private long state;

    /** A generator starting at {@code seed} (any 64-bit value). */
    public Rng(long seed) {
        state = seed;
    }

    private long next64() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A uniform integer in [0, bound), bound read as unsigned 32 bits and at
     * least 1. Rejects the low 2^32 mod bound draws that would favour small
     * results, exactly as the C host does.
     */
    public int below(int bound) {
        if (bound == 0)
            throw new IllegalArgumentException("bound must be at least 1");
        int threshold = Integer.remainderUnsigned(-bound, bound);
        for (;;) {
            int r = (int) (next64() >>> 32);
            if (Integer.compareUnsigned(r, threshold) >= 0)
                return Integer.remainderUnsigned(r, bound);
        }
    }
}
