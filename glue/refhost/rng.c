/* SPDX-License-Identifier: MIT */
/* rng.c - splitmix64, and unbiased draws below a bound. */
#include "rng.h"

void ref_rng_seed(RefRng *rng, guint64 seed)
{
    rng->state = seed;
}

static guint64 next64(RefRng *rng)
{
    guint64 z = (rng->state += G_GUINT64_CONSTANT(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

guint32 ref_rng_below(RefRng *rng, guint32 bound)
{
    g_return_val_if_fail(bound >= 1, 0);
    /* Reject the low values that would make `r % bound` favour small results:
     * 2^32 mod bound of them, computed in 32 bits as (-bound) % bound. */
    guint32 threshold = (guint32)(-bound) % bound;
    for (;;) {
        guint32 r = (guint32)(next64(rng) >> 32);
        if (r >= threshold)
            return r % bound;
    }
}
