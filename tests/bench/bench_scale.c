/* bench_scale.c - figure "scale": discover 3 on libraries of 60, 1,000,
 * 100,000 and 1,000,000 cards whose only hit is the bottom card, so every
 * card is exiled and all but one go back to the bottom; ns per exiled card.
 *
 * The libraries live in bench_ring_host (O(1) top and bottom), so the time
 * per card is the plugin's and flat when the plugin is; the floor runs on
 * the same libraries for comparison. The fake host is timed too, on the
 * sizes it can do in the time budget: its zones are arrays that shift on
 * every move (see "fake_host" in the JSON line and tests/bench/README.md).
 */
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_floor.h"
#include "bench_json.h"
#include "bench_plugin.h"
#include "bench_ring_host.h"
#include "fake_host.h"

static const guint scale_sizes[] = { 60, 1000, 100000, 1000000 };
#define N_SCALE G_N_ELEMENTS(scale_sizes)
#define SCALE_REF 1   /* 1,000 */
#define SCALE_TOP 3   /* 1,000,000 */
/* Fake host sizes: its cost per card grows with the library. */
static const guint fake_sizes[] = { 60, 1000, 10000 };
#define N_FAKE G_N_ELEMENTS(fake_sizes)
#define MAX_REPS 201

/* Resolves per batch: about 200,000 exiled cards, at least one. */
static guint scale_batch(guint size)
{
    return MAX(1u, 200000u / size);
}

typedef struct {
    guint size;
    BenchRingHost *host;
    BenchFacts *facts;
    BenchFloor floor;
    keyact_resolve_args args;
    keyact_resolve_result result;
} ScaleLibrary;

static gboolean scale_library_init(ScaleLibrary *lib, guint size)
{
    lib->size = size;
    lib->host = bench_ring_host_new(size);
    lib->facts = g_new0(BenchFacts, size + 1);
    for (keyact_card_id id = 1; id <= size; id++) {
        gboolean land;
        uint32_t halves;
        bench_ring_host_card(lib->host, id, &land, &halves);
        lib->facts[id] = (BenchFacts){ .mana_value_halves = halves, .is_land = land != 0,
                                       .castable = land ? 0 : 1 };
    }
    bench_floor_init(&lib->floor, size, lib->facts);
    keyact_card_id *ids = g_new(keyact_card_id, size);
    bench_ring_host_library(lib->host, ids);
    bench_floor_load(&lib->floor, ids, size);
    g_free(ids);
    lib->args = (keyact_resolve_args){ sizeof lib->args, BENCH_DISCOVER_N, 1, 1,
                                       KEYACT_CARD_NONE };
    lib->result = (keyact_resolve_result){ .struct_size = sizeof lib->result };
    return lib->host != NULL;
}

static void scale_library_clear(ScaleLibrary *lib)
{
    bench_floor_clear(&lib->floor);
    g_clear_pointer(&lib->host, bench_ring_host_free);
    g_clear_pointer(&lib->facts, g_free);
}

/* ns per exiled card over one batch through the plugin; FALSE on a wrong
 * outcome. */
static gboolean scale_plugin_batch(ScaleLibrary *lib, const KeyactBoundAction *bound,
                                   double *ns_per_card)
{
    const keyact_host *table = bench_ring_host_table(lib->host);
    guint batch = scale_batch(lib->size);
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < batch; i++) {
        int32_t status = keyact_bound_action_resolve(bound, table, &lib->args, &lib->result);
        ok = ok && status == KEYACT_OK && lib->result.exiled_count == lib->size
             && lib->result.discovered == lib->size;
        bench_ring_host_reset(lib->host);
    }
    *ns_per_card = (double)(bench_now_ns() - start) / ((double)batch * lib->size);
    return ok;
}

static gboolean scale_floor_batch(ScaleLibrary *lib, double *ns_per_card)
{
    BenchFloor *floor = &lib->floor;
    BenchFloorOutcome outcome;
    guint batch = scale_batch(lib->size);
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < batch; i++) {
        bench_floor_resolve(floor, BENCH_DISCOVER_N, &outcome);
        ok = ok && outcome.exiled == lib->size && outcome.hit == lib->size;
        /* The hit back to the bottom, as bench_ring_host_reset does. */
        floor->ring[(floor->head + floor->count) & floor->mask] = outcome.hit;
        floor->count++;
    }
    *ns_per_card = (double)(bench_now_ns() - start) / ((double)batch * lib->size);
    return ok;
}

/* The fake host with `size` cards (lands, the hit at the bottom): median ns
 * per exiled card over a few resolves, its snapshot restore subtracted. */
static gboolean scale_fake_host(const KeyactBoundAction *bound, guint size, guint reps,
                                double *ns_per_card, GError **error)
{
    g_autoptr(FakeHost) host = fake_host_new(1, 1);
    FakeResolve call;
    g_autofree double *values = g_new(double, reps);

    for (guint i = 0; i + 1 < size; i++)
        fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, bench_land_spec());
    fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, bench_hit_spec());
    g_autoptr(FakeSnapshot) snapshot = fake_host_snapshot(host);
    fake_resolve_prepare(&call, host, 1, BENCH_DISCOVER_N, KEYACT_CARD_NONE);

    for (guint r = 0; r < reps; r++) {
        uint64_t t0 = bench_now_ns();
        fake_host_restore(host, snapshot);
        fake_host_reset_logs(host);
        int32_t status = keyact_bound_action_resolve(bound, fake_host_table(host), &call.args,
                                                     &call.result);
        uint64_t t2 = bench_now_ns();
        if (status != KEYACT_OK || call.result.exiled_count != size)
            return bench_fail(error, "fake host, %u cards: status %s, %u exiled", size,
                              keyact_status_name(status), call.result.exiled_count);
        fake_host_restore(host, snapshot);
        fake_host_reset_logs(host);
        uint64_t t3 = bench_now_ns();
        /* restore + resolve, minus a second restore alone */
        values[r] = ((double)(t2 - t0) - (double)(t3 - t2)) / size;
    }
    *ns_per_card = bench_median(values, reps);
    return TRUE;
}

gboolean bench_figure_scale(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    ScaleLibrary libs[N_SCALE] = { { 0 } };
    g_autofree double *plugin_ns = g_new0(double, N_SCALE * MAX_REPS);
    g_autofree double *floor_ns = g_new0(double, N_SCALE * MAX_REPS);
    g_autofree double *ratio = g_new0(double, MAX_REPS);
    g_autofree double *floor_ratio = g_new0(double, MAX_REPS);
    g_autofree double *over_floor = g_new0(double, MAX_REPS);
    g_autofree double *excess_ratio = g_new0(double, MAX_REPS);
    double fake_ns[N_FAKE] = { 0 };
    gboolean ok = FALSE;
    guint reps = 0;

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    for (guint s = 0; s < N_SCALE; s++)
        scale_library_init(&libs[s], scale_sizes[s]);

    /* Warm-up: page in the rings and the plugin's exiled list. */
    for (guint s = 0; s < N_SCALE; s++) {
        double ignored;
        if (!scale_plugin_batch(&libs[s], &plugin.discover, &ignored)
            || !scale_floor_batch(&libs[s], &ignored)) {
            bench_fail(error, "wrong outcome on the %u-card library", scale_sizes[s]);
            goto out;
        }
    }

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 5, MAX_REPS, 8.0, start)) {
        for (guint k = 0; k < 2 * N_SCALE; k++) {
            guint v = (reps + k) % (2 * N_SCALE);
            ScaleLibrary *lib = &libs[v / 2];
            gboolean good = v % 2 == 0
                ? scale_plugin_batch(lib, &plugin.discover, &plugin_ns[(v / 2) * MAX_REPS + reps])
                : scale_floor_batch(lib, &floor_ns[(v / 2) * MAX_REPS + reps]);
            if (!good) {
                bench_fail(error, "wrong outcome on the %u-card library", lib->size);
                goto out;
            }
        }
        ratio[reps] = plugin_ns[SCALE_TOP * MAX_REPS + reps] / plugin_ns[SCALE_REF * MAX_REPS + reps];
        floor_ratio[reps] = floor_ns[SCALE_TOP * MAX_REPS + reps] / floor_ns[SCALE_REF * MAX_REPS + reps];
        /* What the plugin and its host add on top of the floor, per card. */
        excess_ratio[reps] = (plugin_ns[SCALE_TOP * MAX_REPS + reps] - floor_ns[SCALE_TOP * MAX_REPS + reps])
                             / (plugin_ns[SCALE_REF * MAX_REPS + reps] - floor_ns[SCALE_REF * MAX_REPS + reps]);
        reps++;
    }
    for (guint f = 0; f < N_FAKE; f++)
        if (!scale_fake_host(&plugin.discover, fake_sizes[f], fake_sizes[f] >= 10000 ? 3 : 51,
                             &fake_ns[f], error))
            goto out;

    double top_ratio = bench_median(ratio, reps);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "scale");
    bench_json_int(&json, "n", BENCH_DISCOVER_N);
    bench_json_string(&json, "host", "bench_ring_host (library as a ring buffer)");
    bench_json_int(&json, "reps", reps);
    bench_json_object_begin(&json, "plugin_ns_per_card");
    for (guint s = 0; s < N_SCALE; s++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", scale_sizes[s]);
        bench_json_number(&json, key, bench_median(&plugin_ns[s * MAX_REPS], reps));
    }
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "floor_ns_per_card");
    for (guint s = 0; s < N_SCALE; s++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", scale_sizes[s]);
        bench_json_number(&json, key, bench_median(&floor_ns[s * MAX_REPS], reps));
    }
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "plugin_over_floor");
    for (guint s = 0; s < N_SCALE; s++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", scale_sizes[s]);
        for (guint r = 0; r < reps; r++)
            over_floor[r] = plugin_ns[s * MAX_REPS + r] / floor_ns[s * MAX_REPS + r];
        bench_json_number(&json, key, bench_median(over_floor, reps));
    }
    bench_json_object_end(&json);
    bench_json_number(&json, "ratio_1e6_over_1e3", top_ratio);
    bench_json_number(&json, "floor_ratio_1e6_over_1e3", bench_median(floor_ratio, reps));
    bench_json_number(&json, "excess_over_floor_ratio_1e6_over_1e3", bench_median(excess_ratio, reps));
    bench_json_number(&json, "target", 1.5);
    bench_json_bool(&json, "met", top_ratio <= 1.5);
    bench_json_object_begin(&json, "fake_host");
    bench_json_object_begin(&json, "ns_per_card");
    for (guint f = 0; f < N_FAKE; f++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", fake_sizes[f]);
        bench_json_number(&json, key, fake_ns[f]);
    }
    bench_json_object_end(&json);
    bench_json_number(&json, "ratio_1e4_over_1e3", fake_ns[2] / fake_ns[1]);
    bench_json_string(&json, "why",
                      "move_card shifts the zone arrays: O(library) per exiled card, "
                      "O(exile) per bottomed card");
    bench_json_object_end(&json);
    bench_json_print(&json);
    ok = TRUE;

out:
    for (guint s = 0; s < N_SCALE; s++)
        scale_library_clear(&libs[s]);
    bench_plugin_unload(&plugin);
    return ok;
}
