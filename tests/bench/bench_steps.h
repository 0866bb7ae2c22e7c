/* SPDX-License-Identifier: MIT */
/* bench_steps.h - one resolve through libkeyact-host, blocking or stepped
 * (ABI 1.3) with every question waiting and answered at once by the host
 * table's own callback for it (what a game loop's answer would do for the
 * game), in a state block the caller owns: shared by the "stepped" and
 * "isolated" figures. */
#ifndef KEYACT_BENCH_STEPS_H
#define KEYACT_BENCH_STEPS_H

#include <keyact-host.h>

G_BEGIN_DECLS

/* Room for libkeyact-host's state block of the keyact plugins. */
#define BENCH_STATE_MAX 16384u

typedef struct {
    _Alignas(KEYACT_RESOLVE_STATE_ALIGN) unsigned char bytes[BENCH_STATE_MAX];
} BenchState;

/* Blocking (`stepped` FALSE): keyact_bound_action_resolve. Stepped:
 * begin with KEYACT_WAIT_ALL, step until over, each question answered;
 * *out_waits (may be NULL) counts them. The status. */
int32_t bench_resolve(const KeyactBoundAction *bound, gboolean stepped, const keyact_host *table,
                      keyact_resolve_args *args, keyact_resolve_result *result,
                      BenchState *state, gsize state_size, guint *out_waits);

G_END_DECLS

#endif /* KEYACT_BENCH_STEPS_H */
