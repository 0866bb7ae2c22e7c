/* SPDX-License-Identifier: MIT */
/* bench_isolated.c - figure "isolated": a resolve of the plugin loaded
 * isolated (its helper process, the protocol, the sandbox) against the same
 * file loaded in-process, through libkeyact-host either way.
 *
 * Two games, each on a 1.0 and a 1.1 host, each blocking and stepped (every
 * question waiting, answered at once: bench_steps.c):
 *   deck:      discover 3 on the 60-card deck in a fresh order each resolve;
 *   bottom200: a 200-card library whose only hit is its bottom card.
 * The eight variants of a game are timed in batches, interleaved (the order
 * rotates each repetition); outcomes checked every batch. Printed per game,
 * host and way: ns per resolve each mode, the ratio, and the round trips
 * per resolve (messages to the helper, each of which waits for it: the
 * request and one reply per host call that returns an answer) and the
 * messages from it (its calls, notify and log included, and its answers),
 * from keyact_plugin_get_isolation_stats() over every order of the deck
 * (and one bottom resolve). No time target: the cost is reported; the
 * round trips of a 1.1 host's resolve are held to a handful.
 */
#include <stdio.h>
#include <string.h>

#include "bench_bottom.h"
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"
#include "bench_steps.h"

#define ISO_ORDERS 256u
#define ISO_DECK_BATCH 16u
#define ISO_BOTTOM_SIZE 200u
#define ISO_BOTTOM_BATCH 2u
#define ISO_MAX_REPS 1001u
/* A 1.1 host's deck resolve: library_size, a window or two of reads and
 * descriptions, the exile, the questions, the draws, the bottom. */
#define ISO_ROUND_TRIPS_TARGET_1_1 16.0

typedef enum { MODE_IN_PROCESS, MODE_ISOLATED, MODE_COUNT } Mode;
typedef enum { WAY_BLOCKING, WAY_STEPPED, WAY_COUNT } Way;

#define N_VARIANTS (BENCH_HOST_COUNT * WAY_COUNT * MODE_COUNT)

static const char *const way_names[WAY_COUNT] = { "blocking", "stepped" };

typedef struct {
    BenchPlugin plugins[MODE_COUNT];
    gsize state_size[MODE_COUNT];
    BenchState state;
    BenchGame *game;
    BenchBottom *bottom;
    guint failures;
} IsoRun;

static guint variant_of(guint host, Way way, Mode mode)
{
    return (host * WAY_COUNT + way) * MODE_COUNT + mode;
}

static int32_t resolve_as(IsoRun *run, guint variant, const keyact_host *tables,
                          keyact_resolve_args *args, keyact_resolve_result *result)
{
    Mode mode = (Mode)(variant % MODE_COUNT);
    Way way = (Way)(variant / MODE_COUNT % WAY_COUNT);
    guint host = variant / (MODE_COUNT * WAY_COUNT);
    return bench_resolve(&run->plugins[mode].discover, way == WAY_STEPPED, &tables[host], args,
                         result, &run->state, run->state_size[mode], NULL);
}

/* ns per resolve of one deck batch; N_VARIANTS: the set-up alone. */
static double deck_batch(IsoRun *run, guint variant, guint first)
{
    BenchGame *game = run->game;
    int32_t statuses = 0;
    uint64_t start = bench_now_ns();
    for (guint i = first; i < first + ISO_DECK_BATCH; i++) {
        bench_game_prepare(game, i);
        if (variant < N_VARIANTS)
            statuses |= resolve_as(run, variant, game->hosts, &game->call.args,
                                   &game->call.result);
    }
    double ns = (double)(bench_now_ns() - start) / ISO_DECK_BATCH;
    if (statuses != 0)
        run->failures++;
    return ns;
}

static double bottom_batch(IsoRun *run, guint variant)
{
    BenchBottom *lib = run->bottom;
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < ISO_BOTTOM_BATCH; i++) {
        int32_t status = resolve_as(run, variant, lib->hosts, &lib->call.args, &lib->call.result);
        ok = ok && bench_bottom_outcome_ok(lib, status);
        ok = bench_bottom_reset(lib) && ok;
    }
    double ns = (double)(bench_now_ns() - start) / ISO_BOTTOM_BATCH;
    if (!ok)
        run->failures++;
    return ns;
}

typedef struct {
    double *ns[N_VARIANTS];
    double *ratio[BENCH_HOST_COUNT][WAY_COUNT];
    double trips[BENCH_HOST_COUNT][WAY_COUNT];     /* per resolve */
    double from[BENCH_HOST_COUNT][WAY_COUNT];
    guint reps;
} Series;

static void series_init(Series *s)
{
    memset(s, 0, sizeof *s);
    for (guint v = 0; v < N_VARIANTS; v++)
        s->ns[v] = g_new0(double, ISO_MAX_REPS);
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        for (guint w = 0; w < WAY_COUNT; w++)
            s->ratio[h][w] = g_new0(double, ISO_MAX_REPS);
}

static void series_clear(Series *s)
{
    for (guint v = 0; v < N_VARIANTS; v++)
        g_free(s->ns[v]);
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        for (guint w = 0; w < WAY_COUNT; w++)
            g_free(s->ratio[h][w]);
}

static void series_ratios(Series *s)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        for (guint w = 0; w < WAY_COUNT; w++)
            s->ratio[h][w][s->reps] = s->ns[variant_of(h, w, MODE_ISOLATED)][s->reps] /
                                      s->ns[variant_of(h, w, MODE_IN_PROCESS)][s->reps];
}

static KeyactIsolationStats stats_now(const IsoRun *run)
{
    KeyactIsolationStats stats = { .struct_size = sizeof stats };
    keyact_plugin_get_isolation_stats(run->plugins[MODE_ISOLATED].discover.plugin, &stats);
    return stats;
}

/* Messages per isolated resolve, over `n` resolves of `play`. */
static void count_messages(IsoRun *run, Series *s, gboolean deck, guint n)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++) {
        for (guint w = 0; w < WAY_COUNT; w++) {
            KeyactIsolationStats before = stats_now(run);
            for (guint i = 0; i < n; i++) {
                if (deck)
                    deck_batch(run, variant_of(h, w, MODE_ISOLATED), i * ISO_DECK_BATCH);
                else
                    bottom_batch(run, variant_of(h, w, MODE_ISOLATED));
            }
            KeyactIsolationStats after = stats_now(run);
            double resolves = (double)n * (deck ? ISO_DECK_BATCH : ISO_BOTTOM_BATCH);
            s->trips[h][w] = (double)(after.messages_to_helper - before.messages_to_helper) /
                             resolves;
            s->from[h][w] = (double)(after.messages_from_helper - before.messages_from_helper) /
                            resolves;
        }
    }
}

static void measure(const BenchOptions *options, IsoRun *run, Series *s, gboolean deck)
{
    guint n_variants = deck ? N_VARIANTS + 1u : N_VARIANTS;
    for (guint v = 0; v < n_variants; v++)
        deck ? deck_batch(run, v, 0) : bottom_batch(run, v); /* warm up, helpers started */
    count_messages(run, s, deck, deck ? ISO_ORDERS / ISO_DECK_BATCH : 1u);
    guint64 start = bench_now_ns();
    while (bench_more_reps(options, s->reps, 11, ISO_MAX_REPS, 6.0, start)) {
        double t[N_VARIANTS + 1];
        for (guint k = 0; k < n_variants; k++) {
            guint v = (s->reps + k) % n_variants;
            t[v] = deck ? deck_batch(run, v, s->reps * ISO_DECK_BATCH) : bottom_batch(run, v);
        }
        double prepare = deck ? t[N_VARIANTS] : 0.0;
        for (guint v = 0; v < N_VARIANTS; v++)
            s->ns[v][s->reps] = t[v] - prepare;
        series_ratios(s);
        s->reps++;
    }
}

static void print_game(const IsoRun *run, const char *game, Series *s)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++) {
        for (guint w = 0; w < WAY_COUNT; w++) {
            BenchJson json;
            KeyactIsolationStats stats = stats_now(run);
            bench_json_begin(&json);
            bench_json_string(&json, "figure", "isolated");
            bench_json_string(&json, "game", game);
            bench_json_string(&json, "host", bench_host_name((BenchHostKind)h));
            bench_json_string(&json, "way", way_names[w]);
            bench_json_int(&json, "reps", s->reps);
            bench_json_number(&json, "in_process_ns",
                              bench_median(s->ns[variant_of(h, w, MODE_IN_PROCESS)], s->reps));
            bench_json_number(&json, "isolated_ns",
                              bench_median(s->ns[variant_of(h, w, MODE_ISOLATED)], s->reps));
            bench_json_number(&json, "isolated_over_in_process",
                              bench_median(s->ratio[h][w], s->reps));
            bench_json_number(&json, "round_trips_per_resolve", s->trips[h][w]);
            bench_json_number(&json, "messages_from_helper_per_resolve", s->from[h][w]);
            bench_json_int(&json, "helpers_started", stats.helpers_started);
            if (h == BENCH_HOST_1_1 && strcmp(game, "deck") == 0) {
                bench_json_object_begin(&json, "target");
                bench_json_number(&json, "round_trips_per_resolve", ISO_ROUND_TRIPS_TARGET_1_1);
                bench_json_object_end(&json);
                bench_json_object_begin(&json, "met");
                bench_json_bool(&json, "round_trips_per_resolve",
                                s->trips[h][w] <= ISO_ROUND_TRIPS_TARGET_1_1);
                bench_json_object_end(&json);
            }
            bench_json_print(&json);
        }
    }
}

gboolean bench_figure_isolated(const BenchOptions *options, GError **error)
{
    IsoRun *run = g_new0(IsoRun, 1);
    Series deck, bottom;
    gboolean ok = FALSE;

    series_init(&deck);
    series_init(&bottom);
    if (!bench_plugin_load(&run->plugins[MODE_IN_PROCESS], options->plugin_path, error) ||
        !bench_plugin_load_isolated(&run->plugins[MODE_ISOLATED], options->plugin_path, error))
        goto out;
    for (guint m = 0; m < MODE_COUNT; m++) {
        run->state_size[m] = keyact_bound_action_state_size(&run->plugins[m].discover);
        if (run->state_size[m] == 0 || run->state_size[m] > sizeof run->state) {
            bench_fail(error, "the stepped resolve needs %zu bytes (0: none; room: %u)",
                       (size_t)run->state_size[m], BENCH_STATE_MAX);
            goto out;
        }
    }
    run->game = bench_game_new(0x5EED, ISO_ORDERS, BENCH_DISCOVER_N);
    run->bottom = bench_bottom_new(ISO_BOTTOM_SIZE);
    if (run->game == NULL || run->bottom == NULL) {
        bench_fail(error, "could not set up the games");
        goto out;
    }
    measure(options, run, &deck, TRUE);
    measure(options, run, &bottom, FALSE);
    if (run->failures != 0) {
        bench_fail(error, "%u batches had a resolve that failed or a wrong outcome",
                   run->failures);
        goto out;
    }
    print_game(run, "deck", &deck);
    print_game(run, "bottom200", &bottom);
    ok = TRUE;

out:
    series_clear(&deck);
    series_clear(&bottom);
    if (run->bottom != NULL)
        bench_bottom_free(run->bottom);
    if (run->game != NULL)
        bench_game_free(run->game);
    for (guint m = 0; m < MODE_COUNT; m++)
        bench_plugin_unload(&run->plugins[m]);
    g_free(run);
    return ok;
}
