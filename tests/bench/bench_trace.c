/* SPDX-License-Identifier: MIT */
/* bench_trace.c - figure "trace": a resolve through a KeyactTracer (libffi
 * closures recording every call) over a plain one, on the 60-card deck.
 * Built with the tracer only when the tree has keyact_trace_dep
 * (KEYACT_BENCH_HAVE_TRACE); otherwise the line says it was skipped. */
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_json.h"

#ifdef KEYACT_BENCH_HAVE_TRACE

#include <keyact-trace.h>

#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_game.h"
#include "bench_plugin.h"

#define TRACE_BATCH 128u

/* The traced batch clears the records after each resolve: dropping what a
 * trace recorded is part of what tracing costs. */
static uint64_t trace_batch(BenchGame *game, const KeyactBoundAction *bound,
                            const keyact_host *table, KeyactTracer *tracer, guint first,
                            gboolean resolve, guint *failures)
{
    uint64_t start = bench_now_ns();
    for (guint i = first; i < first + TRACE_BATCH; i++) {
        bench_game_prepare(game, i);
        if (!resolve)
            continue;
        if (keyact_bound_action_resolve(bound, table, &game->call.args, &game->call.result)
            != KEYACT_OK)
            (*failures)++;
        if (tracer != NULL)
            keyact_tracer_clear(tracer);
    }
    return bench_now_ns() - start;
}

gboolean bench_figure_trace(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    enum { MAX_REPS = 2001 };
    g_autofree double *plain_ns = g_new(double, MAX_REPS);
    g_autofree double *traced_ns = g_new(double, MAX_REPS);
    g_autofree double *ratio = g_new(double, MAX_REPS);
    guint reps = 0, failures = 0;
    gboolean ok = FALSE;

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    g_autoptr(BenchGame) game = bench_game_new(0x78ACE, 64, BENCH_DISCOVER_N);
    g_autoptr(KeyactTracer) tracer = game != NULL ? keyact_tracer_new(game->table, error) : NULL;
    if (tracer == NULL) {
        if (game == NULL)
            bench_fail(error, "could not set up the 60-card game");
        goto out;
    }
    const keyact_host *traced = keyact_tracer_get_host(tracer);
    const KeyactBoundAction *bound = &plugin.discover;

    /* The trace must record the calls (at least library_size each time). */
    trace_batch(game, bound, traced, NULL, 0, TRUE, &failures);
    double records_per_resolve = (double)keyact_tracer_get_n_records(tracer) / TRACE_BATCH;
    if (records_per_resolve < 1.0) {
        bench_fail(error, "the tracer recorded %.2f calls per resolve", records_per_resolve);
        goto out;
    }
    keyact_tracer_clear(tracer);

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 11, MAX_REPS, 5.0, start)) {
        uint64_t t[3];
        guint first = reps * TRACE_BATCH;
        for (guint k = 0; k < 3; k++) {
            guint v = (reps + k) % 3;
            t[v] = v == 0 ? trace_batch(game, bound, game->table, NULL, first, FALSE, &failures)
                 : v == 1 ? trace_batch(game, bound, game->table, NULL, first, TRUE, &failures)
                          : trace_batch(game, bound, traced, tracer, first, TRUE, &failures);
        }
        plain_ns[reps] = (double)(t[1] - t[0]) / TRACE_BATCH;
        traced_ns[reps] = (double)(t[2] - t[0]) / TRACE_BATCH;
        ratio[reps] = traced_ns[reps] / plain_ns[reps];
        reps++;
    }
    if (failures != 0) {
        bench_fail(error, "%u resolves did not return 0", failures);
        goto out;
    }

    double plain = bench_median(plain_ns, reps), traced_median = bench_median(traced_ns, reps);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "trace");
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "batch", TRACE_BATCH);
    bench_json_number(&json, "plain_ns", plain);
    bench_json_number(&json, "traced_ns", traced_median);
    bench_json_number(&json, "records_per_resolve", records_per_resolve);
    bench_json_number(&json, "ns_per_record", (traced_median - plain) / records_per_resolve);
    bench_json_number(&json, "traced_over_plain", bench_median(ratio, reps));
    bench_json_string(&json, "target", "none (reported)");
    bench_json_print(&json);
    ok = TRUE;

out:
    g_clear_pointer(&tracer, keyact_tracer_free);
    bench_plugin_unload(&plugin);
    return ok;
}

#else /* !KEYACT_BENCH_HAVE_TRACE */

gboolean bench_figure_trace(const BenchOptions *options, GError **error)
{
    (void)options;
    (void)error;
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "trace");
    bench_json_string(&json, "skipped", "libffi tracer not built");
    bench_json_print(&json);
    return TRUE;
}

#endif
