/* SPDX-License-Identifier: MIT */
/* rng.h - the reference host's seeded random numbers.
 *
 * Our own small generator (splitmix64) rather than GRand, so a scenario's
 * seed gives the same bottom orders on every platform and GLib version, and
 * expected test outputs stay valid.
 */
#ifndef KEYACT_REFHOST_RNG_H
#define KEYACT_REFHOST_RNG_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
    guint64 state;
} RefRng;

void ref_rng_seed(RefRng *rng, guint64 seed);

/* A uniform integer in [0, bound); bound >= 1. Unbiased (rejection sampling). */
guint32 ref_rng_below(RefRng *rng, guint32 bound);

G_END_DECLS

#endif /* KEYACT_REFHOST_RNG_H */
