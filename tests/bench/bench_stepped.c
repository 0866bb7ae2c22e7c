/* SPDX-License-Identifier: MIT */
/* bench_stepped.c - figure "stepped": the stepped resolve of ABI 1.3 with
 * every question waiting, against the blocking resolve.
 *
 * Two games, each on a 1.0 and a 1.1 host:
 *   deck:   discover 3 on the 60-card deck in a fresh order each resolve;
 *   bottom: a 200-card library whose only hit is its bottom card.
 * Per host, timed in batches, interleaved (the order rotates each
 * repetition), both through libkeyact-host:
 *   blocking: keyact_bound_action_resolve;
 *   stepped:  keyact_bound_action_begin with KEYACT_WAIT_ALL, then
 *             keyact_resolve_step until it is over, each question answered
 *             at once by the host table's own callback for it (what a game
 *             loop's answer would do for the game) and keyact_resolve_answer;
 *             the state block is this program's, reused.
 * Ratio stepped/blocking (target <= 1.05); the state block's size is
 * printed. Both must give the same outcomes (checked every batch).
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

#define STEPPED_ORDERS 256u
#define STEPPED_DECK_BATCH 128u
#define STEPPED_BOTTOM_SIZE 200u
#define STEPPED_BOTTOM_BATCH 8u
#define STEPPED_MAX_REPS 2001u
#define STEPPED_TARGET 1.05

typedef enum { WAY_BLOCKING, WAY_STEPPED, WAY_COUNT } Way;

static const char *const host_names[BENCH_HOST_COUNT] = { "1.0", "1.1" };

typedef struct {
    BenchPlugin plugin;
    BenchGame *game;
    BenchBottom *bottom;
    gsize state_size;
    BenchState state;
    guint failures;
    guint waits;        /* questions answered after a wait, in the last stepped resolve */
} SteppedRun;

static int32_t resolve_as(SteppedRun *run, Way way, const keyact_host *table,
                          keyact_resolve_args *args, keyact_resolve_result *result)
{
    return bench_resolve(&run->plugin.discover, way == WAY_STEPPED, table, args, result,
                         &run->state, run->state_size, &run->waits);
}

/* ns per resolve of one deck batch; variant = host * WAY_COUNT + way, or
 * BENCH_HOST_COUNT * WAY_COUNT for the set-up alone. */
static double deck_batch(SteppedRun *run, guint variant, guint first)
{
    BenchGame *game = run->game;
    int32_t statuses = 0;
    uint64_t start = bench_now_ns();
    for (guint i = first; i < first + STEPPED_DECK_BATCH; i++) {
        bench_game_prepare(game, i);
        if (variant < BENCH_HOST_COUNT * WAY_COUNT)
            statuses |= resolve_as(run, (Way)(variant % WAY_COUNT),
                                   &game->hosts[variant / WAY_COUNT], &game->call.args,
                                   &game->call.result);
    }
    double ns = (double)(bench_now_ns() - start) / STEPPED_DECK_BATCH;
    if (statuses != 0)
        run->failures++;
    return ns;
}

static double bottom_batch(SteppedRun *run, guint variant)
{
    BenchBottom *lib = run->bottom;
    gboolean ok = TRUE;
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < STEPPED_BOTTOM_BATCH; i++) {
        int32_t status = resolve_as(run, (Way)(variant % WAY_COUNT),
                                    &lib->hosts[variant / WAY_COUNT], &lib->call.args,
                                    &lib->call.result);
        ok = ok && bench_bottom_outcome_ok(lib, status);
        ok = bench_bottom_reset(lib) && ok;
    }
    double ns = (double)(bench_now_ns() - start) / STEPPED_BOTTOM_BATCH;
    if (!ok)
        run->failures++;
    return ns;
}

typedef struct {
    double *ns[BENCH_HOST_COUNT][WAY_COUNT];
    double *ratio[BENCH_HOST_COUNT];
} Series;

static void series_init(Series *s)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++) {
        for (guint w = 0; w < WAY_COUNT; w++)
            s->ns[h][w] = g_new0(double, STEPPED_MAX_REPS);
        s->ratio[h] = g_new0(double, STEPPED_MAX_REPS);
    }
}

static void series_clear(Series *s)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++) {
        for (guint w = 0; w < WAY_COUNT; w++)
            g_free(s->ns[h][w]);
        g_free(s->ratio[h]);
    }
}

static void series_ratios(Series *s, guint rep)
{
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        s->ratio[h][rep] = s->ns[h][WAY_STEPPED][rep] / s->ns[h][WAY_BLOCKING][rep];
}

static void measure_deck(const BenchOptions *options, SteppedRun *run, Series *s, guint *reps)
{
    const guint n_variants = BENCH_HOST_COUNT * WAY_COUNT + 1;
    for (guint v = 0; v < n_variants; v++)
        deck_batch(run, v, 0); /* warm up */
    guint64 start = bench_now_ns();
    while (bench_more_reps(options, *reps, 21, STEPPED_MAX_REPS, 4.0, start)) {
        double t[BENCH_HOST_COUNT * WAY_COUNT + 1];
        guint first = *reps * STEPPED_DECK_BATCH;
        for (guint k = 0; k < n_variants; k++) {
            guint v = (*reps + k) % n_variants;
            t[v] = deck_batch(run, v, first);
        }
        double prepare = t[BENCH_HOST_COUNT * WAY_COUNT];
        for (guint h = 0; h < BENCH_HOST_COUNT; h++)
            for (guint w = 0; w < WAY_COUNT; w++)
                s->ns[h][w][*reps] = t[h * WAY_COUNT + w] - prepare;
        series_ratios(s, *reps);
        (*reps)++;
    }
}

static void measure_bottom(const BenchOptions *options, SteppedRun *run, Series *s,
                           guint *reps)
{
    const guint n_variants = BENCH_HOST_COUNT * WAY_COUNT;
    for (guint v = 0; v < n_variants; v++)
        bottom_batch(run, v);
    guint64 start = bench_now_ns();
    while (bench_more_reps(options, *reps, 21, STEPPED_MAX_REPS, 4.0, start)) {
        for (guint k = 0; k < n_variants; k++) {
            guint v = (*reps + k) % n_variants;
            s->ns[v / WAY_COUNT][v % WAY_COUNT][*reps] = bottom_batch(run, v);
        }
        series_ratios(s, *reps);
        (*reps)++;
    }
}

static void print_game(const SteppedRun *run, const char *game, guint host, Series *s,
                       guint reps)
{
    BenchJson json;
    double ratio = bench_median(s->ratio[host], reps);

    bench_json_begin(&json);
    bench_json_string(&json, "figure", "stepped");
    bench_json_string(&json, "game", game);
    bench_json_string(&json, "host", host_names[host]);
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "state_size", run->state_size);
    bench_json_int(&json, "plugin_state_size", run->plugin.discover.action->state_size);
    bench_json_number(&json, "blocking_ns", bench_median(s->ns[host][WAY_BLOCKING], reps));
    bench_json_number(&json, "stepped_ns", bench_median(s->ns[host][WAY_STEPPED], reps));
    bench_json_number(&json, "stepped_over_blocking", ratio);
    bench_json_object_begin(&json, "target");
    bench_json_number(&json, "stepped_over_blocking", STEPPED_TARGET);
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "met");
    bench_json_bool(&json, "stepped_over_blocking", ratio <= STEPPED_TARGET);
    bench_json_object_end(&json);
    bench_json_print(&json);
}

gboolean bench_figure_stepped(const BenchOptions *options, GError **error)
{
    SteppedRun *run = g_new0(SteppedRun, 1);
    Series deck, bottom;
    guint deck_reps = 0, bottom_reps = 0;
    gboolean ok = FALSE;

    series_init(&deck);
    series_init(&bottom);
    if (!bench_plugin_load(&run->plugin, options->plugin_path, error))
        goto out;
    run->state_size = keyact_bound_action_state_size(&run->plugin.discover);
    if (run->state_size == 0 || run->state_size > sizeof run->state) {
        bench_fail(error, "the plugin's stepped resolve needs %zu bytes (0: none; room: %u)",
                   (size_t)run->state_size, BENCH_STATE_MAX);
        goto out;
    }
    run->game = bench_game_new(0x5EED, STEPPED_ORDERS, BENCH_DISCOVER_N);
    run->bottom = bench_bottom_new(STEPPED_BOTTOM_SIZE);
    if (run->game == NULL || run->bottom == NULL) {
        bench_fail(error, "could not set up the games");
        goto out;
    }
    measure_deck(options, run, &deck, &deck_reps);
    measure_bottom(options, run, &bottom, &bottom_reps);
    if (run->failures != 0) {
        bench_fail(error, "%u batches had a resolve that failed or a wrong outcome",
                   run->failures);
        goto out;
    }
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        print_game(run, "deck", h, &deck, deck_reps);
    for (guint h = 0; h < BENCH_HOST_COUNT; h++)
        print_game(run, "bottom200", h, &bottom, bottom_reps);
    ok = TRUE;

out:
    series_clear(&deck);
    series_clear(&bottom);
    if (run->bottom != NULL)
        bench_bottom_free(run->bottom);
    if (run->game != NULL)
        bench_game_free(run->game);
    bench_plugin_unload(&run->plugin);
    g_free(run);
    return ok;
}
