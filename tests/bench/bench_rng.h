/* SPDX-License-Identifier: MIT */
/* bench_rng.h - the fake host's RNG (splitmix64 + Lemire's exact bounded
 * draw), so the floor computes the very outcome the plugin computes with
 * fake_host_set_seed() and the same seed. */
#ifndef KEYACT_BENCH_RNG_H
#define KEYACT_BENCH_RNG_H

#include <stdint.h>

static inline uint32_t bench_rng_next32(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* Uniform in [0, bound), bound >= 1. */
static inline uint32_t bench_rng_below(uint64_t *state, uint32_t bound)
{
    uint64_t m = (uint64_t)bench_rng_next32(state) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)bench_rng_next32(state) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif /* KEYACT_BENCH_RNG_H */
