/* SPDX-License-Identifier: MIT */
/* bench_alloc.c - figure "alloc": heap allocations per resolve in steady
 * state, through libkeyact-host and the loaded plugin with the fake host.
 *
 * Libraries: the 60-card deck in random orders, and libraries whose only
 * hit is the bottom card (every card exiled) of 1, 60, 128, 255 and 256
 * cards: the plugin keeps 256 exiled ids on its stack. Target 0 each. Two
 * sizes past that (257, 1000) are reported apart: there the plugin grows
 * its list on the heap by design, and a count above 0 there also shows the
 * counter sees the plugin's malloc. On each host kind (bench_host.h).
 */
#include "bench_alloc_count.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"

#define ALLOC_RESOLVES 2000u

static const guint within_sizes[] = { 1, 60, 128, 255, 256 };
static const guint beyond_sizes[] = { 257, 1000 };

/* Allocations per resolve over ALLOC_RESOLVES resolves after a warm-up,
 * on a library of `size` cards whose bottom card is the only hit. */
static gboolean alloc_bottom_hit(const KeyactBoundAction *bound, BenchHostKind kind, guint size,
                                 double *per_resolve, GError **error)
{
    g_autoptr(FakeHost) host = fake_host_new(1, 1);
    FakeResolve call;
    keyact_host table;

    for (guint i = 0; i + 1 < size; i++)
        fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, bench_land_spec());
    fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, bench_hit_spec());
    g_autoptr(FakeSnapshot) snapshot = fake_host_snapshot(host);
    fake_resolve_prepare(&call, host, 1, BENCH_DISCOVER_N, KEYACT_CARD_NONE);
    bench_host_table(host, kind, &table);

    guint64 before = 0;
    for (guint i = 0; i < ALLOC_RESOLVES + 10; i++) {
        if (i == 10)
            before = bench_alloc_count(); /* after the warm-up */
        fake_host_restore(host, snapshot);
        fake_host_reset_logs(host);
        int32_t status = keyact_bound_action_resolve(bound, &table, &call.args, &call.result);
        if (status != KEYACT_OK || call.result.exiled_count != size)
            return bench_fail(error, "%u cards: status %s, %u exiled", size,
                              keyact_status_name(status), call.result.exiled_count);
    }
    *per_resolve = (double)(bench_alloc_count() - before) / ALLOC_RESOLVES;
    return TRUE;
}

/* The same on the 60-card deck, a fresh order each time. */
static gboolean alloc_deck(const KeyactBoundAction *bound, BenchHostKind kind, double *per_resolve,
                           GError **error)
{
    g_autoptr(BenchGame) game = bench_game_new(0xA110C, 64, BENCH_DISCOVER_N);
    if (game == NULL)
        return bench_fail(error, "could not set up the 60-card game");

    guint64 before = 0;
    for (guint i = 0; i < ALLOC_RESOLVES + 10; i++) {
        if (i == 10)
            before = bench_alloc_count();
        bench_game_prepare(game, i);
        int32_t status = keyact_bound_action_resolve(bound, &game->hosts[kind], &game->call.args,
                                                     &game->call.result);
        if (status != KEYACT_OK)
            return bench_fail(error, "deck: status %s", keyact_status_name(status));
    }
    *per_resolve = (double)(bench_alloc_count() - before) / ALLOC_RESOLVES;
    return TRUE;
}

static gboolean alloc_one_host(const KeyactBoundAction *bound, BenchHostKind kind,
                               GError **error)
{
    double deck = 0, within[G_N_ELEMENTS(within_sizes)], beyond[G_N_ELEMENTS(beyond_sizes)];
    double worst = 0;

    if (!alloc_deck(bound, kind, &deck, error))
        return FALSE;
    worst = deck;
    for (guint i = 0; i < G_N_ELEMENTS(within_sizes); i++) {
        if (!alloc_bottom_hit(bound, kind, within_sizes[i], &within[i], error))
            return FALSE;
        worst = MAX(worst, within[i]);
    }
    for (guint i = 0; i < G_N_ELEMENTS(beyond_sizes); i++)
        if (!alloc_bottom_hit(bound, kind, beyond_sizes[i], &beyond[i], error))
            return FALSE;

    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "alloc");
    bench_json_string(&json, "host", bench_host_name(kind));
    bench_json_int(&json, "resolves_per_size", ALLOC_RESOLVES);
    bench_json_number(&json, "deck60_per_resolve", deck);
    bench_json_object_begin(&json, "bottom_hit_per_resolve");
    for (guint i = 0; i < G_N_ELEMENTS(within_sizes); i++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", within_sizes[i]);
        bench_json_number(&json, key, within[i]);
    }
    bench_json_object_end(&json);
    bench_json_number(&json, "max_per_resolve_up_to_256", worst);
    bench_json_object_begin(&json, "past_256_per_resolve");
    for (guint i = 0; i < G_N_ELEMENTS(beyond_sizes); i++) {
        char key[16];
        g_snprintf(key, sizeof key, "%u", beyond_sizes[i]);
        bench_json_number(&json, key, beyond[i]);
    }
    bench_json_object_end(&json);
    bench_json_int(&json, "target", 0);
    bench_json_bool(&json, "met", worst == 0);
    bench_json_bool(&json, "counter_sees_plugin", beyond[0] > 0);
    bench_json_print(&json);
    /* Not a timing: an allocation in the hot path is a broken promise
     * (discover.h), so it fails the run. */
    if (worst != 0)
        return bench_fail(error, "host %s: %.3f allocations per resolve (target 0)",
                          bench_host_name(kind), worst);
    if (beyond[0] == 0)
        return bench_fail(error, "host %s: the allocation counter saw nothing past 256 "
                          "exiled cards: it does not see the plugin's malloc",
                          bench_host_name(kind));
    return TRUE;
}

gboolean bench_figure_alloc(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    gboolean ok = TRUE;
    keyact_host probe;
    g_autoptr(FakeHost) host = fake_host_new(1, 1);

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    for (guint k = 0; k < BENCH_HOST_COUNT && ok; k++)
        if (bench_host_table(host, k, &probe))
            ok = alloc_one_host(&plugin.discover, k, error);
    bench_plugin_unload(&plugin);
    return ok;
}
