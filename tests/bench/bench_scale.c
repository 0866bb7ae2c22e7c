/* SPDX-License-Identifier: MIT */
/* bench_scale.c - figure "scale": discover 3 on libraries of 60, 1,000,
 * 100,000 and 1,000,000 cards whose only hit is the bottom card, so every
 * card is exiled and all but one go back to the bottom; ns per exiled card.
 *
 * The libraries are quiet FakeHosts (bench_bottom.h): O(1) per card at the
 * library's ends and in exile, so the time per card is flat when the
 * plugin's is, up to what the memory hierarchy adds once the cards no
 * longer fit in cache. The floor runs on the same libraries for comparison:
 * it does the same random-order shuffle, so what it loses at 1,000,000 is
 * the cost of the work itself, not of the boundary. The figure, "scale",
 * is the plugin's growth from 1,000 to 1,000,000 cards divided by the
 * floor's growth there, on each host kind (bench_host.h).
 */
#include "bench_bottom.h"
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_floor.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"

static const guint scale_sizes[] = { 60, 1000, 100000, 1000000 };
#define N_SCALE G_N_ELEMENTS(scale_sizes)
#define SCALE_REF 1   /* 1,000 */
#define SCALE_TOP 3   /* 1,000,000 */
#define MAX_REPS 201
/* The plugin's growth from 1e3 to 1e6 over the floor's own growth. */
#define SCALE_TARGET 1.1

/* Resolves per batch: about 200,000 exiled cards, at least one. */
static guint scale_batch(guint size)
{
    return MAX(1u, 200000u / size);
}

typedef struct {
    BenchBottom *lib;
    BenchFacts *facts;
    BenchFloor floor;
} ScaleLibrary;

static gboolean scale_library_init(ScaleLibrary *scale, guint size)
{
    guint count = 0;

    scale->lib = bench_bottom_new(size);
    if (scale->lib == NULL)
        return FALSE;
    scale->facts = g_new0(BenchFacts, size + 1);
    if (!bench_facts_compute(scale->lib->host, BENCH_DISCOVER_N, scale->facts))
        return FALSE;
    bench_floor_init(&scale->floor, size, scale->facts);
    const keyact_card_id *library = fake_host_zone(scale->lib->host, 1, FAKE_ZONE_LIBRARY, &count);
    bench_floor_load(&scale->floor, library, count);
    return count == size;
}

static void scale_library_clear(ScaleLibrary *scale)
{
    bench_floor_clear(&scale->floor);
    g_clear_pointer(&scale->lib, bench_bottom_free);
    g_clear_pointer(&scale->facts, g_free);
}

/* ns per exiled card over one batch through the plugin on host `kind`;
 * FALSE on a wrong outcome. */
static gboolean scale_plugin_batch(ScaleLibrary *scale, const KeyactBoundAction *bound,
                                   BenchHostKind kind, double *ns_per_card)
{
    BenchBottom *lib = scale->lib;
    const keyact_host *table = &lib->hosts[kind];
    guint batch = scale_batch(lib->size);
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < batch; i++) {
        int32_t status = keyact_bound_action_resolve(bound, table, &lib->call.args,
                                                     &lib->call.result);
        ok = ok && bench_bottom_outcome_ok(lib, status);
        ok = bench_bottom_reset(lib) && ok;
    }
    *ns_per_card = (double)(bench_now_ns() - start) / ((double)batch * lib->size);
    return ok;
}

static gboolean scale_floor_batch(ScaleLibrary *scale, double *ns_per_card)
{
    BenchFloor *floor = &scale->floor;
    BenchFloorOutcome outcome;
    guint size = scale->lib->size;
    guint batch = scale_batch(size);
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < batch; i++) {
        bench_floor_resolve(floor, BENCH_DISCOVER_N, &outcome);
        ok = ok && outcome.exiled == size && outcome.hit == scale->lib->hit;
        /* The hit back to the bottom, as bench_bottom_reset does. */
        floor->ring[(floor->head + floor->count) & floor->mask] = outcome.hit;
        floor->count++;
    }
    *ns_per_card = (double)(bench_now_ns() - start) / ((double)batch * size);
    return ok;
}

static void scale_json_sizes(BenchJson *json, const char *key, double *values, guint reps)
{
    bench_json_object_begin(json, key);
    for (guint s = 0; s < N_SCALE; s++) {
        char size[16];
        g_snprintf(size, sizeof size, "%u", scale_sizes[s]);
        bench_json_number(json, size, bench_median(&values[s * MAX_REPS], reps));
    }
    bench_json_object_end(json);
}

/* Per repetition, for one host kind: ns per card at each size (indexed
 * [size * MAX_REPS + rep]) and the growth ratios. */
typedef struct {
    double *plugin_ns, *over_floor;
    double *ratio, *scale, *excess_ratio;
} ScaleSeries;

static void scale_print(BenchHostKind kind, const ScaleSeries *series, double *floor_ns,
                        double *floor_ratio, guint reps)
{
    double scale = bench_median(series->scale, reps);
    BenchJson json;

    bench_json_begin(&json);
    bench_json_string(&json, "figure", "scale");
    bench_json_string(&json, "host", bench_host_name(kind));
    bench_json_int(&json, "n", BENCH_DISCOVER_N);
    bench_json_int(&json, "reps", reps);
    scale_json_sizes(&json, "plugin_ns_per_card", series->plugin_ns, reps);
    scale_json_sizes(&json, "floor_ns_per_card", floor_ns, reps);
    scale_json_sizes(&json, "plugin_over_floor", series->over_floor, reps);
    bench_json_number(&json, "ratio_1e6_over_1e3", bench_median(series->ratio, reps));
    bench_json_number(&json, "floor_ratio_1e6_over_1e3", bench_median(floor_ratio, reps));
    bench_json_number(&json, "excess_over_floor_ratio_1e6_over_1e3",
                      bench_median(series->excess_ratio, reps));
    bench_json_number(&json, "scale", scale);
    bench_json_number(&json, "target", SCALE_TARGET);
    bench_json_bool(&json, "met", scale <= SCALE_TARGET);
    bench_json_print(&json);
}

gboolean bench_figure_scale(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    ScaleLibrary libs[N_SCALE] = { { 0 } };
    ScaleSeries series[BENCH_HOST_COUNT];
    g_autofree double *floor_ns = g_new0(double, N_SCALE * MAX_REPS);
    g_autofree double *floor_ratio = g_new0(double, MAX_REPS);
    gboolean ok = FALSE;
    guint reps = 0;

    for (guint k = 0; k < BENCH_HOST_COUNT; k++) {
        series[k].plugin_ns = g_new0(double, N_SCALE * MAX_REPS);
        series[k].over_floor = g_new0(double, N_SCALE * MAX_REPS);
        series[k].ratio = g_new0(double, MAX_REPS);
        series[k].scale = g_new0(double, MAX_REPS);
        series[k].excess_ratio = g_new0(double, MAX_REPS);
    }
    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        goto out;
    for (guint s = 0; s < N_SCALE; s++) {
        if (!scale_library_init(&libs[s], scale_sizes[s])) {
            bench_fail(error, "could not set up the %u-card library", scale_sizes[s]);
            goto out;
        }
    }
    const guint n_hosts = libs[0].lib->n_hosts;
    /* Per size: the floor, then the plugin on each host kind. */
    const guint per_size = 1 + n_hosts;

    /* Warm-up: page in the zones and the plugin's exiled list, and leave
     * every library in a random order. */
    for (guint s = 0; s < N_SCALE; s++) {
        double ignored;
        gboolean good = scale_floor_batch(&libs[s], &ignored);
        for (guint k = 0; k < n_hosts; k++)
            good = good && scale_plugin_batch(&libs[s], &plugin.discover, k, &ignored);
        if (!good) {
            bench_fail(error, "wrong outcome on the %u-card library", scale_sizes[s]);
            goto out;
        }
    }

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 5, MAX_REPS, 8.0, start)) {
        for (guint k = 0; k < per_size * N_SCALE; k++) {
            guint v = (reps + k) % (per_size * N_SCALE);
            guint s = v / per_size, way = v % per_size;
            ScaleLibrary *scale = &libs[s];
            gboolean good = way == 0
                ? scale_floor_batch(scale, &floor_ns[s * MAX_REPS + reps])
                : scale_plugin_batch(scale, &plugin.discover, way - 1,
                                     &series[way - 1].plugin_ns[s * MAX_REPS + reps]);
            if (!good) {
                bench_fail(error, "wrong outcome on the %u-card library", scale->lib->size);
                goto out;
            }
        }
        double floor_top = floor_ns[SCALE_TOP * MAX_REPS + reps];
        double floor_ref = floor_ns[SCALE_REF * MAX_REPS + reps];
        floor_ratio[reps] = floor_top / floor_ref;
        for (guint k = 0; k < n_hosts; k++) {
            ScaleSeries *h = &series[k];
            for (guint s = 0; s < N_SCALE; s++) {
                guint at = s * MAX_REPS + reps;
                h->over_floor[at] = h->plugin_ns[at] / floor_ns[at];
            }
            double top = h->plugin_ns[SCALE_TOP * MAX_REPS + reps];
            double ref = h->plugin_ns[SCALE_REF * MAX_REPS + reps];
            h->ratio[reps] = top / ref;
            /* The plugin's growth in units of the floor's own growth. */
            h->scale[reps] = h->ratio[reps] / floor_ratio[reps];
            /* What the plugin and its host add on top of the floor, per card. */
            h->excess_ratio[reps] = (top - floor_top) / (ref - floor_ref);
        }
        reps++;
    }

    for (guint k = 0; k < n_hosts; k++)
        scale_print(k, &series[k], floor_ns, floor_ratio, reps);
    ok = TRUE;

out:
    for (guint s = 0; s < N_SCALE; s++)
        scale_library_clear(&libs[s]);
    for (guint k = 0; k < BENCH_HOST_COUNT; k++) {
        g_free(series[k].plugin_ns);
        g_free(series[k].over_floor);
        g_free(series[k].ratio);
        g_free(series[k].scale);
        g_free(series[k].excess_ratio);
    }
    bench_plugin_unload(&plugin);
    return ok;
}
