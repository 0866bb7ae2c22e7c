/* SPDX-License-Identifier: MIT */
/* bench_resolve.c - figure "resolve": discover 3 on the 60-card deck.
 *
 * Three ways to the same outcome, each on a 1.0 and a 1.1 host
 * (bench_host.h), and the floor, timed in batches, interleaved:
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
#define RESOLVE_MAX_REPS 4001u
#define RESOLVE_TARGET_DIRECT 1.05
#define RESOLVE_TARGET_FLOOR_1_1 8.0   /* on a 1.1 host */
#define RESOLVE_MOONSHOT_FLOOR 3.0

/* The ways to resolve, each timed once per host kind. */
typedef enum {
    WAY_PLUGIN,
    WAY_DIRECT,
    WAY_SLOT,
    WAY_COUNT
} ResolveWay;

/* Variants: the two set-ups and the floor, then every (host, way). */
enum {
    VARIANT_PREPARE_HOST,   /* restore an order in the fake host */
    VARIANT_PREPARE_FLOOR,  /* load an order into the floor's ring */
    VARIANT_FLOOR,
    VARIANT_FIRST_WAY,
    VARIANT_MAX = VARIANT_FIRST_WAY + BENCH_HOST_COUNT * WAY_COUNT
};

typedef struct {
    BenchGame *game;
    const KeyactBoundAction *bound;
    KeyactSlot *slot;
    void *direct_ctx;
    BenchFloor floor;
    guint failures;       /* resolves that did not return 0 */
} ResolveRun;

/* ns per resolve of every repetition, for one host kind. */
typedef struct {
    double *plugin_ns, *direct_ns, *slot_ns;
    double *over_direct, *over_floor, *slot_over_plugin, *over_host_1_0;
} ResolveSeries;

static uint64_t resolve_ways(ResolveRun *run, const keyact_host *table, ResolveWay way,
                             guint first)
{
    BenchGame *game = run->game;
    keyact_resolve_args *args = &game->call.args;
    keyact_resolve_result *result = &game->call.result;
    int32_t statuses = 0;   /* OR of the resolves' statuses: 0 when all were 0 */
    uint64_t start = bench_now_ns();

    switch (way) {
    case WAY_PLUGIN:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= keyact_bound_action_resolve(run->bound, table, args, result);
        }
        break;
    case WAY_DIRECT:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= kd_discover_resolve(run->direct_ctx, table, args, result);
        }
        break;
    case WAY_SLOT:
        for (guint i = first; i < first + RESOLVE_BATCH; i++) {
            bench_game_prepare(game, i);
            statuses |= keyact_slot_resolve(run->slot, table, args, result);
        }
        break;
    case WAY_COUNT:
        break;
    }
    uint64_t elapsed = bench_now_ns() - start;
    if (statuses != 0)
        run->failures++;
    return elapsed;
}

static uint64_t resolve_batch(ResolveRun *run, guint variant, guint first)
{
    BenchGame *game = run->game;
    BenchFloorOutcome outcome;
    uint64_t sum = 0;       /* floor results, kept alive through bench_sink */
    uint64_t start = bench_now_ns();

    switch (variant) {
    case VARIANT_PREPARE_HOST:
        for (guint i = first; i < first + RESOLVE_BATCH; i++)
            bench_game_prepare(game, i);
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
    default: {
        guint k = variant - VARIANT_FIRST_WAY;
        return resolve_ways(run, &game->hosts[k / WAY_COUNT], k % WAY_COUNT, first);
    }
    }
    uint64_t elapsed = bench_now_ns() - start;
    bench_sink += sum;
    return elapsed;
}

static void resolve_series_init(ResolveSeries *series)
{
    series->plugin_ns = g_new0(double, RESOLVE_MAX_REPS);
    series->direct_ns = g_new0(double, RESOLVE_MAX_REPS);
    series->slot_ns = g_new0(double, RESOLVE_MAX_REPS);
    series->over_direct = g_new0(double, RESOLVE_MAX_REPS);
    series->over_floor = g_new0(double, RESOLVE_MAX_REPS);
    series->slot_over_plugin = g_new0(double, RESOLVE_MAX_REPS);
    series->over_host_1_0 = g_new0(double, RESOLVE_MAX_REPS);
}

static void resolve_series_clear(ResolveSeries *series)
{
    g_free(series->plugin_ns);
    g_free(series->direct_ns);
    g_free(series->slot_ns);
    g_free(series->over_direct);
    g_free(series->over_floor);
    g_free(series->slot_over_plugin);
    g_free(series->over_host_1_0);
}

static void resolve_print(const ResolveRun *run, BenchHostKind kind, const ResolveSeries *series,
                          double *floor_ns, double *prepare_host_ns,
                          double *prepare_floor_ns, double mean_exiled, guint reps)
{
    double ratio_direct = bench_median(series->over_direct, reps);
    double ratio_floor = bench_median(series->over_floor, reps);
    BenchJson json;

    bench_json_begin(&json);
    bench_json_string(&json, "figure", "resolve");
    bench_json_string(&json, "host", bench_host_name(kind));
    bench_json_int(&json, "n", BENCH_DISCOVER_N);
    bench_json_int(&json, "deck", run->game->deck_size);
    bench_json_int(&json, "lands", BENCH_DECK_LANDS);
    bench_json_number(&json, "mean_exiled", mean_exiled);
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "batch", RESOLVE_BATCH);
    bench_json_number(&json, "plugin_ns", bench_median(series->plugin_ns, reps));
    bench_json_number(&json, "direct_ns", bench_median(series->direct_ns, reps));
    bench_json_number(&json, "slot_ns", bench_median(series->slot_ns, reps));
    bench_json_number(&json, "floor_ns", bench_median(floor_ns, reps));
    bench_json_number(&json, "shuffle_host_ns_subtracted", bench_median(prepare_host_ns, reps));
    bench_json_number(&json, "shuffle_floor_ns_subtracted", bench_median(prepare_floor_ns, reps));
    bench_json_number(&json, "plugin_over_direct", ratio_direct);
    bench_json_number(&json, "plugin_over_floor", ratio_floor);
    bench_json_number(&json, "slot_over_plugin", bench_median(series->slot_over_plugin, reps));
    if (kind != BENCH_HOST_1_0)
        bench_json_number(&json, "plugin_over_host_1_0",
                          bench_median(series->over_host_1_0, reps));
    bench_json_object_begin(&json, "target");
    bench_json_number(&json, "plugin_over_direct", RESOLVE_TARGET_DIRECT);
    if (kind == BENCH_HOST_1_1) {
        bench_json_number(&json, "plugin_over_floor", RESOLVE_TARGET_FLOOR_1_1);
        bench_json_number(&json, "plugin_over_floor_moonshot", RESOLVE_MOONSHOT_FLOOR);
    }
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "met");
    bench_json_bool(&json, "plugin_over_direct", ratio_direct <= RESOLVE_TARGET_DIRECT);
    if (kind == BENCH_HOST_1_1) {
        bench_json_bool(&json, "plugin_over_floor", ratio_floor <= RESOLVE_TARGET_FLOOR_1_1);
        bench_json_bool(&json, "plugin_over_floor_moonshot", ratio_floor <= RESOLVE_MOONSHOT_FLOOR);
    }
    bench_json_object_end(&json);
    bench_json_print(&json);
}

gboolean bench_figure_resolve(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    ResolveRun run = { 0 };
    const keyact_version version = KEYACT_VERSION_INIT;
    double mean_exiled = 0;
    gboolean ok = FALSE;
    ResolveSeries series[BENCH_HOST_COUNT];
    g_autofree double *floor_ns = g_new(double, RESOLVE_MAX_REPS);
    g_autofree double *prepare_host_ns = g_new(double, RESOLVE_MAX_REPS);
    g_autofree double *prepare_floor_ns = g_new(double, RESOLVE_MAX_REPS);
    guint reps = 0;

    for (guint k = 0; k < BENCH_HOST_COUNT; k++)
        resolve_series_init(&series[k]);
    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        goto out;
    run.game = bench_game_new(0x5EED, RESOLVE_ORDERS, BENCH_DISCOVER_N);
    run.bound = &plugin.discover;
    run.slot = keyact_registry_get_slot(plugin.registry, "discover");
    run.direct_ctx = kp_context_new(&version);
    if (run.game == NULL || run.direct_ctx == NULL) {
        bench_fail(error, "could not set up the 60-card game");
        goto out;
    }
    /* Every host kind must reach the floor's outcome on every order. */
    for (guint k = 0; k < run.game->n_hosts; k++)
        if (!bench_game_verify(run.game, run.bound, &run.game->hosts[k], &mean_exiled, error))
            goto out;
    bench_floor_init(&run.floor, run.game->deck_size, run.game->facts);

    const guint n_variants = VARIANT_FIRST_WAY + run.game->n_hosts * WAY_COUNT;
    /* Warm up every variant (caches, branch predictors, lazy binding). */
    for (guint v = 0; v < n_variants; v++)
        resolve_batch(&run, v, 0);

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 21, RESOLVE_MAX_REPS, 8.0, start)) {
        uint64_t t[VARIANT_MAX];
        guint first = reps * RESOLVE_BATCH;
        for (guint k = 0; k < n_variants; k++) {
            guint v = (reps + k) % n_variants;
            t[v] = resolve_batch(&run, v, first);
        }
        floor_ns[reps] = (double)(t[VARIANT_FLOOR] - t[VARIANT_PREPARE_FLOOR]) / RESOLVE_BATCH;
        prepare_host_ns[reps] = (double)t[VARIANT_PREPARE_HOST] / RESOLVE_BATCH;
        prepare_floor_ns[reps] = (double)t[VARIANT_PREPARE_FLOOR] / RESOLVE_BATCH;
        for (guint k = 0; k < run.game->n_hosts; k++) {
            ResolveSeries *s = &series[k];
            const uint64_t *way = &t[VARIANT_FIRST_WAY + k * WAY_COUNT];
            s->plugin_ns[reps] = (double)(way[WAY_PLUGIN] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
            s->direct_ns[reps] = (double)(way[WAY_DIRECT] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
            s->slot_ns[reps] = (double)(way[WAY_SLOT] - t[VARIANT_PREPARE_HOST]) / RESOLVE_BATCH;
            s->slot_over_plugin[reps] = s->slot_ns[reps] / s->plugin_ns[reps];
            s->over_direct[reps] = s->plugin_ns[reps] / s->direct_ns[reps];
            s->over_floor[reps] = s->plugin_ns[reps] / floor_ns[reps];
            s->over_host_1_0[reps] = s->plugin_ns[reps] / series[BENCH_HOST_1_0].plugin_ns[reps];
        }
        reps++;
    }
    if (run.failures != 0) {
        bench_fail(error, "%u batches had a resolve that did not return 0", run.failures);
        goto out;
    }
    for (guint k = 0; k < run.game->n_hosts; k++)
        resolve_print(&run, k, &series[k], floor_ns, prepare_host_ns, prepare_floor_ns,
                      mean_exiled, reps);
    ok = TRUE;

out:
    for (guint k = 0; k < BENCH_HOST_COUNT; k++)
        resolve_series_clear(&series[k]);
    bench_floor_clear(&run.floor);
    kp_context_free(run.direct_ctx);
    bench_game_free(run.game);
    bench_plugin_unload(&plugin);
    return ok;
}
