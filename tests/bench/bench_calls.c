/* SPDX-License-Identifier: MIT */
/* bench_calls.c - figure "calls": host calls per resolve and per exiled
 * card, counted (not timed) through a counting table (bench_count.h), for
 * each host kind (bench_host.h).
 *
 * Libraries: the 60-card deck in its 256 orders (every outcome checked
 * against the floor, bench_game_verify), and bottom-hit libraries of 10
 * and 200 cards (every card exiled). Per exiled card is the resolve's
 * calls over its exiled cards; the marginal cost per card, what one more
 * exiled card adds, is (calls at 200 - calls at 10) / 190: the constant
 * part of a resolve (library_size, the cast, the last event) drops out.
 * Target on a 1.1 host: at most 2 calls per exiled card, marginal.
 */
#include "bench_bottom.h"
#include "bench_count.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"

#define CALLS_ORDERS 256u
#define CALLS_TARGET 2.0

static const guint calls_sizes[] = { 10, 200 };

/* Calls of one resolve on a bottom-hit library of `size` cards. */
static gboolean calls_bottom_hit(const KeyactBoundAction *bound, BenchHostKind kind, guint size,
                                 guint64 *out_calls, GError **error)
{
    g_autoptr(BenchBottom) lib = bench_bottom_new(size);
    BenchCounter counter;

    if (lib == NULL)
        return bench_fail(error, "could not set up the %u-card library", size);
    bench_counter_init(&counter, &lib->hosts[kind]);
    int32_t status = keyact_bound_action_resolve(bound, &counter.table, &lib->call.args,
                                                 &lib->call.result);
    if (!bench_bottom_outcome_ok(lib, status))
        return bench_fail(error, "host %s, %u cards: status %s, %u exiled",
                          bench_host_name(kind), size, keyact_status_name(status),
                          lib->call.result.exiled_count);
    *out_calls = bench_counter_total(&counter);
    return TRUE;
}

static gboolean calls_one_host(const KeyactBoundAction *bound, BenchGame *game,
                               BenchHostKind kind, GError **error)
{
    BenchCounter counter;
    double mean_exiled = 0;
    guint64 bottom[G_N_ELEMENTS(calls_sizes)];

    bench_counter_init(&counter, &game->hosts[kind]);
    if (!bench_game_verify(game, bound, &counter.table, &mean_exiled, error))
        return FALSE;
    for (guint s = 0; s < G_N_ELEMENTS(calls_sizes); s++)
        if (!calls_bottom_hit(bound, kind, calls_sizes[s], &bottom[s], error))
            return FALSE;

    double per_resolve = (double)bench_counter_total(&counter) / game->n_orders;
    guint small = calls_sizes[0], large = calls_sizes[G_N_ELEMENTS(calls_sizes) - 1];
    double marginal = ((double)bottom[G_N_ELEMENTS(calls_sizes) - 1] - (double)bottom[0])
                      / (large - small);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "calls");
    bench_json_string(&json, "host", bench_host_name(kind));
    bench_json_int(&json, "n", BENCH_DISCOVER_N);
    bench_json_object_begin(&json, "deck");
    bench_json_int(&json, "resolves", game->n_orders);
    bench_json_number(&json, "mean_exiled", mean_exiled);
    bench_json_number(&json, "per_resolve", per_resolve);
    bench_json_number(&json, "per_exiled_card", per_resolve / mean_exiled);
    bench_json_object_begin(&json, "per_resolve_by_call");
    for (guint c = 0; c < BENCH_CALL_COUNT; c++)
        if (counter.calls[c] != 0)
            bench_json_number(&json, bench_call_name(c),
                              (double)counter.calls[c] / game->n_orders);
    bench_json_object_end(&json);
    bench_json_object_end(&json);
    for (guint s = 0; s < G_N_ELEMENTS(calls_sizes); s++) {
        char key[32];
        g_snprintf(key, sizeof key, "bottom_hit_%u", calls_sizes[s]);
        bench_json_object_begin(&json, key);
        bench_json_int(&json, "per_resolve", (gint64)bottom[s]);
        bench_json_number(&json, "per_exiled_card", (double)bottom[s] / calls_sizes[s]);
        bench_json_object_end(&json);
    }
    bench_json_number(&json, "marginal_per_exiled_card", marginal);
    if (kind == BENCH_HOST_1_1) {
        bench_json_number(&json, "target", CALLS_TARGET);
        bench_json_bool(&json, "met", marginal <= CALLS_TARGET);
    }
    bench_json_print(&json);
    return TRUE;
}

gboolean bench_figure_calls(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    gboolean ok = TRUE;

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    g_autoptr(BenchGame) game = bench_game_new(0xCA11, CALLS_ORDERS, BENCH_DISCOVER_N);
    if (game == NULL) {
        bench_plugin_unload(&plugin);
        return bench_fail(error, "could not set up the 60-card game");
    }
    for (guint k = 0; k < game->n_hosts && ok; k++)
        ok = calls_one_host(&plugin.discover, game, k, error);
    bench_plugin_unload(&plugin);
    return ok;
}
