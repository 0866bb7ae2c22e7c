/* SPDX-License-Identifier: MIT */
/* bench_resolve.c - figure "resolve": discover 3 on the 60-card deck.
 *
 * Three ways to the same outcome, timed in batches, interleaved:
 *   plugin: libkeyact-host's keyact_bound_action_resolve -> the loaded .so
 *           -> the fake host's callbacks;
 *   direct: kd_discover_resolve linked statically, same fake host callbacks
 *           (plugin/direct is the cost of the boundary itself);
 *   slot:   keyact_slot_resolve, the hot-swappable way (slot/plugin is what
 *           the reader lock and the plugin reference per resolve cost);
 *   floor:  bench_floor_resolve over cached facts (plugin/floor is what the
 *           callback design costs over the work itself).
 * Putting the library in a fresh order is timed on its own (for the fake
 * host and for the floor) and subtracted.
 */
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"
#include "kp_context.h"
#include "discover.h"

#define RESOLVE_BATCH 256u
#define RESOLVE_ORDERS 256u

typedef enum {
    VARIANT_PREPARE_HOST,   /* restore an order in the fake host */
    VARIANT_PLUGIN,
    VARIANT_DIRECT,
    VARIANT_SLOT,
    VARIANT_PREPARE_FLOOR,  /* load an order into the floor's ring */
    VARIANT_FLOOR,
    VARIANT_COUNT
} ResolveVariant;

typedef struct {
    BenchGame *game;
    const KeyactBoundAction *bound;
    KeyactSlot *slot;
    void *direct_ctx;
    BenchFloor floor;
    guint failures;       /* resolves that did not return 0 */
} ResolveRun;

static uint64_t resolve_batch(ResolveRun *run, ResolveVariant variant, guint first)
{
    BenchGame *game = run->game;
    keyact_resolve_args *args = &game->call.args;
    keyact_resolve_result *result = &game->call.result;
    BenchFloorOutcome outcome;
    uint64_t sum = 0;       /* floor results, kept alive through bench_sink */
    int32_t statuses = 0;   /* OR of the resolves' statuses: 0 when all were 0 */
    uint64_t start = bench_now_ns();

    switch (variant) {
    case VARIANT_PREPARE_HOST:
        for (guint i = first; i < first + RESOLVE_BATCH; i++)
            bench_game_prepare(game, i);
        break;
    case VARIANT_PLUGIN:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= keyact_bound_action_resolve(run->bound, game->table, args, result);
        }
        break;
    case VARIANT_DIRECT:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= kd_discover_resolve(run->direct_ctx, game->table, args, result);
        }
        break;
    case VARIANT_SLOT:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= keyact_slot_resolve(run->slot, game->table, args, result);
        }
        break;
    case VARIANT_PREPARE_FLOOR:
        for (guint i = first; i < first + RESOLVE_BATCH; i++)
            bench_floor_load(&run->floor, bench_game_order(game, i), game->deck_size);
        sum = run->floor.count;
        break;
    case VARIANT_FLOOR:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_floor_load(&run->floor, bench_game_order(game, i), game->deck_size);
            bench_floor_resolve(&run->floor, BENCH_DISCOVER_N, &outcome);
            sum += outcome.hit;
        }
        break;
    case VARIANT_COUNT:
        break;
    }
    uint64_t elapsed = bench_now_ns() - start;
    if (statuses != 0)
        run->failures++;
    bench_sink += sum;
    return elapsed;
}

gboolean bench_figure_resolve(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    ResolveRun run = { 0 };
    const keyact_version version = KEYACT_VERSION_INIT;
    double mean_exiled = 0;
    gboolean ok = FALSE;
    enum { MAX_REPS = 4001 };
    g_autofree double *plugin_ns = g_new(double, MAX_REPS);
    g_autofree double *direct_ns = g_new(double, MAX_REPS);
    g_autofree double *floor_ns = g_new(double, MAX_REPS);
    g_autofree double *slot_ns = g_new(double, MAX_REPS);
    g_autofree double *slot_over_plugin = g_new(double, MAX_REPS);
    g_autofree double *over_direct = g_new(double, MAX_REPS);
    g_autofree double *over_floor = g_new(double, MAX_REPS);
    g_autofree double *prepare_host_ns = g_new(double, MAX_REPS);
    g_autofree double *prepare_floor_ns = g_new(double, MAX_REPS);
    guint reps = 0;

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    run.game = bench_game_new(0x5EED, RESOLVE_ORDERS, BENCH_DISCOVER_N);
    run.bound = &plugin.discover;
    run.slot = keyact_registry_get_slot(plugin.registry, "discover");
    run.direct_ctx = kp_context_new(&version);
    if (run.game == NULL || run.direct_ctx == NULL) {
        bench_fail(error, "could not set up the 60-card game");
        goto out;
    }
    if (!bench_game_verify(run.game, run.bound, &mean_exiled, error))
        goto out;
    bench_floor_init(&run.floor, run.game->deck_size, run.game->facts);

    /* Warm up every variant (caches, branch predictors, lazy binding). */
    for (guint v = 0; v < VARIANT_COUNT; v++)
        resolve_batch(&run, v, 0);

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 21, MAX_REPS, 8.0, start)) {
        uint64_t t[VARIANT_COUNT];
        guint first = reps * RESOLVE_BATCH;
        for (guint k = 0; k < VARIANT_COUNT; k++) {
            ResolveVariant v = (reps + k) % VARIANT_COUNT;
            t[v] = resolve_batch(&run, v, first);
        }
        plugin_ns[reps] = (double)(t[VARIANT_PLUGIN] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
        direct_ns[reps] = (double)(t[VARIANT_DIRECT] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
        slot_ns[reps] = (double)(t[VARIANT_SLOT] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
        slot_over_plugin[reps] = slot_ns[reps] / plugin_ns[reps];
        floor_ns[reps] = (double)(t[VARIANT_FLOOR] - t[VARIANT_PREPARE_FLOOR]) / RESOLVE_BATCH;
        prepare_host_ns[reps] = (double)t[VARIANT_PREPARE_HOST] / RESOLVE_BATCH;
        prepare_floor_ns[reps] = (double)t[VARIANT_PREPARE_FLOOR] / RESOLVE_BATCH;
        over_direct[reps] = plugin_ns[reps] / direct_ns[reps];
        over_floor[reps] = plugin_ns[reps] / floor_ns[reps];
        reps++;
    }
    if (run.failures != 0) {
        bench_fail(error, "%u batches had a resolve that did not return 0", run.failures);
        goto out;
    }

    double ratio_direct = bench_median(over_direct, reps);
    double ratio_floor = bench_median(over_floor, reps);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "resolve");
    bench_json_int(&json, "n", BENCH_DISCOVER_N);
    bench_json_int(&json, "deck", run.game->deck_size);
    bench_json_int(&json, "lands", BENCH_DECK_LANDS);
    bench_json_number(&json, "mean_exiled", mean_exiled);
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "batch", RESOLVE_BATCH);
    bench_json_number(&json, "plugin_ns", bench_median(plugin_ns, reps));
    bench_json_number(&json, "direct_ns", bench_median(direct_ns, reps));
    bench_json_number(&json, "slot_ns", bench_median(slot_ns, reps));
    bench_json_number(&json, "floor_ns", bench_median(floor_ns, reps));
    bench_json_number(&json, "shuffle_host_ns_subtracted", bench_median(prepare_host_ns, reps));
    bench_json_number(&json, "shuffle_floor_ns_subtracted", bench_median(prepare_floor_ns, reps));
    bench_json_number(&json, "plugin_over_direct", ratio_direct);
    bench_json_number(&json, "plugin_over_floor", ratio_floor);
    bench_json_number(&json, "slot_over_plugin", bench_median(slot_over_plugin, reps));
    bench_json_object_begin(&json, "target");
    bench_json_number(&json, "plugin_over_direct", 1.05);
    bench_json_number(&json, "plugin_over_floor", 3.0);
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "met");
    bench_json_bool(&json, "plugin_over_direct", ratio_direct <= 1.05);
    bench_json_bool(&json, "plugin_over_floor", ratio_floor <= 3.0);
    bench_json_object_end(&json);
    bench_json_print(&json);
    ok = TRUE;

out:
    bench_floor_clear(&run.floor);
    kp_context_free(run.direct_ctx);
    bench_game_free(run.game);
    bench_plugin_unload(&plugin);
    return ok;
}
