/* SPDX-License-Identifier: MIT */
/* bench_validate.c - figure "validate": what libkeyact-host's validation
 * layer costs, on and off.
 *
 * Two games, each on a 1.0, a 1.1 and a 1.2 host (the 1.1 table with the
 * fake host's card_zone, so every check of the layer runs):
 *   deck:   discover 3 on the 60-card deck in a fresh order each resolve;
 *   bottom: a 200-card library whose only hit is its bottom card (every card
 *           exiled, 199 put on the bottom in a random order).
 * Per host, timed in batches, interleaved (the order rotates each
 * repetition):
 *   before: the resolve as libkeyact-host 1.2.0 made it (the same argument
 *           checks, then action->resolve), compiled here;
 *   off:    keyact_bound_action_resolve with validation off (what every
 *           host runs by default: one more load and compare);
 *   on:     the same with validation on (KEYACT_VALIDATION_REPORT).
 * Ratios on/off (reported; no target) and off/before (target <= 1.02).
 * "before" is a direct call inside this program where the real 1.2.0
 * function was a call into the library: if anything that flatters "before".
 * A right host must draw no report: the figure fails if one comes.
 */
#include <stdio.h>

#include "bench_bottom.h"
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"

#define VALIDATE_ORDERS 256u
#define VALIDATE_DECK_BATCH 128u
#define VALIDATE_BOTTOM_SIZE 200u
#define VALIDATE_BOTTOM_BATCH 8u
#define VALIDATE_MAX_REPS 2001u
#define VALIDATE_TARGET_OFF 1.02

typedef enum { MODE_BEFORE, MODE_OFF, MODE_ON, MODE_COUNT } Mode;
#define N_HOSTS 3u /* 1.0, 1.1, 1.2 */

static const char *const host_names[N_HOSTS] = { "1.0", "1.1", "1.2" };

typedef struct {
    BenchPlugin plugin;
    BenchGame *game;
    BenchBottom *bottom;
    keyact_host deck_hosts[N_HOSTS];
    keyact_host bottom_hosts[N_HOSTS];
    guint reports;
    guint failures;
} ValidateRun;

/* keyact_bound_action_resolve as libkeyact-host 1.2.0 had it. */
G_GNUC_NO_INLINE static int32_t before_resolve(const KeyactBoundAction *bound,
                                               const keyact_host *host,
                                               const keyact_resolve_args *args,
                                               keyact_resolve_result *result)
{
    if (bound == NULL || bound->action == NULL || bound->action->resolve == NULL ||
        host == NULL || args == NULL || result == NULL)
        return KEYACT_E_INVAL;
    if (host->struct_size < KEYACT_HOST_SIZE_1_0 ||
        args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0 ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;
    return bound->action->resolve(bound->plugin_ctx, host, args, result);
}

static void count_report(const keyact_host *host, const KeyactViolation *violation,
                         gpointer data)
{
    (void)host;
    ValidateRun *run = data;
    if (run->reports++ == 0)
        fprintf(stderr, "bench validate: unexpected report: %s\n", violation->message);
}

/* The 1.1 table of `host` with card_zone: a 1.2 host. */
static void table_1_2(FakeHost *host, const keyact_host *table_1_1, keyact_host *out)
{
    fake_host_set_card_zone(host, TRUE);
    *out = *table_1_1;
    out->struct_size = KEYACT_HOST_SIZE_1_2;
    out->abi_minor = 2;
    out->card_zone = fake_host_table(host)->card_zone;
}

static int32_t resolve_as(ValidateRun *run, Mode mode, const keyact_host *table,
                          keyact_resolve_args *args, keyact_resolve_result *result)
{
    if (mode == MODE_BEFORE)
        return before_resolve(&run->plugin.discover, table, args, result);
    return keyact_bound_action_resolve(&run->plugin.discover, table, args, result);
}

static void set_mode(ValidateRun *run, Mode mode)
{
    keyact_registry_set_validation(run->plugin.registry, mode == MODE_ON
                                                             ? KEYACT_VALIDATION_REPORT
                                                             : KEYACT_VALIDATION_OFF);
}

/* ns per resolve of one deck batch; variant = host * MODE_COUNT + mode, or
 * N_HOSTS * MODE_COUNT for the set-up alone. */
static double deck_batch(ValidateRun *run, guint variant, guint first)
{
    BenchGame *game = run->game;
    int32_t statuses = 0;
    if (variant < N_HOSTS * MODE_COUNT)
        set_mode(run, (Mode)(variant % MODE_COUNT));
    uint64_t start = bench_now_ns();
    for (guint i = first; i < first + VALIDATE_DECK_BATCH; i++) {
        bench_game_prepare(game, i);
        if (variant < N_HOSTS * MODE_COUNT)
            statuses |= resolve_as(run, (Mode)(variant % MODE_COUNT),
                                   &run->deck_hosts[variant / MODE_COUNT], &game->call.args,
                                   &game->call.result);
    }
    double ns = (double)(bench_now_ns() - start) / VALIDATE_DECK_BATCH;
    if (statuses != 0)
        run->failures++;
    return ns;
}

static double bottom_batch(ValidateRun *run, guint variant)
{
    BenchBottom *lib = run->bottom;
    gboolean ok = TRUE;
    set_mode(run, (Mode)(variant % MODE_COUNT));
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < VALIDATE_BOTTOM_BATCH; i++) {
        int32_t status = resolve_as(run, (Mode)(variant % MODE_COUNT),
                                    &run->bottom_hosts[variant / MODE_COUNT], &lib->call.args,
                                    &lib->call.result);
        ok = ok && bench_bottom_outcome_ok(lib, status);
        ok = bench_bottom_reset(lib) && ok;
    }
    double ns = (double)(bench_now_ns() - start) / VALIDATE_BOTTOM_BATCH;
    if (!ok)
        run->failures++;
    return ns;
}

static void print_game(const char *game, guint host, double *ns[MODE_COUNT],
                       double *on_over_off, double *off_over_before, guint reps)
{
    BenchJson json;
    double off = bench_median(off_over_before, reps);

    bench_json_begin(&json);
    bench_json_string(&json, "figure", "validate");
    bench_json_string(&json, "game", game);
    bench_json_string(&json, "host", host_names[host]);
    bench_json_int(&json, "reps", reps);
    bench_json_number(&json, "before_ns", bench_median(ns[MODE_BEFORE], reps));
    bench_json_number(&json, "off_ns", bench_median(ns[MODE_OFF], reps));
    bench_json_number(&json, "on_ns", bench_median(ns[MODE_ON], reps));
    bench_json_number(&json, "on_over_off", bench_median(on_over_off, reps));
    bench_json_number(&json, "off_over_before", off);
    bench_json_object_begin(&json, "target");
    bench_json_number(&json, "off_over_before", VALIDATE_TARGET_OFF);
    bench_json_object_end(&json);
    bench_json_object_begin(&json, "met");
    bench_json_bool(&json, "off_over_before", off <= VALIDATE_TARGET_OFF);
    bench_json_object_end(&json);
    bench_json_print(&json);
}

/* Per host and mode, ns per resolve of each repetition, and the ratios. */
typedef struct {
    double *ns[N_HOSTS][MODE_COUNT];
    double *on_over_off[N_HOSTS];
    double *off_over_before[N_HOSTS];
} Series;

static void series_init(Series *s)
{
    for (guint h = 0; h < N_HOSTS; h++) {
        for (guint m = 0; m < MODE_COUNT; m++)
            s->ns[h][m] = g_new0(double, VALIDATE_MAX_REPS);
        s->on_over_off[h] = g_new0(double, VALIDATE_MAX_REPS);
        s->off_over_before[h] = g_new0(double, VALIDATE_MAX_REPS);
    }
}

static void series_clear(Series *s)
{
    for (guint h = 0; h < N_HOSTS; h++) {
        for (guint m = 0; m < MODE_COUNT; m++)
            g_free(s->ns[h][m]);
        g_free(s->on_over_off[h]);
        g_free(s->off_over_before[h]);
    }
}

static void series_ratios(Series *s, guint rep)
{
    for (guint h = 0; h < N_HOSTS; h++) {
        s->on_over_off[h][rep] = s->ns[h][MODE_ON][rep] / s->ns[h][MODE_OFF][rep];
        s->off_over_before[h][rep] = s->ns[h][MODE_OFF][rep] / s->ns[h][MODE_BEFORE][rep];
    }
}

static void measure_deck(const BenchOptions *options, ValidateRun *run, Series *s, guint *reps)
{
    const guint n_variants = N_HOSTS * MODE_COUNT + 1;
    for (guint v = 0; v < n_variants; v++)
        deck_batch(run, v, 0); /* warm up */
    guint64 start = bench_now_ns();
    while (bench_more_reps(options, *reps, 21, VALIDATE_MAX_REPS, 6.0, start)) {
        double t[N_HOSTS * MODE_COUNT + 1];
        guint first = *reps * VALIDATE_DECK_BATCH;
        for (guint k = 0; k < n_variants; k++) {
            guint v = (*reps + k) % n_variants;
            t[v] = deck_batch(run, v, first);
        }
        double prepare = t[N_HOSTS * MODE_COUNT];
        for (guint h = 0; h < N_HOSTS; h++)
            for (guint m = 0; m < MODE_COUNT; m++)
                s->ns[h][m][*reps] = t[h * MODE_COUNT + m] - prepare;
        series_ratios(s, *reps);
        (*reps)++;
    }
}

static void measure_bottom(const BenchOptions *options, ValidateRun *run, Series *s,
                           guint *reps)
{
    const guint n_variants = N_HOSTS * MODE_COUNT;
    for (guint v = 0; v < n_variants; v++)
        bottom_batch(run, v);
    guint64 start = bench_now_ns();
    while (bench_more_reps(options, *reps, 21, VALIDATE_MAX_REPS, 6.0, start)) {
        for (guint k = 0; k < n_variants; k++) {
            guint v = (*reps + k) % n_variants;
            s->ns[v / MODE_COUNT][v % MODE_COUNT][*reps] = bottom_batch(run, v);
        }
        series_ratios(s, *reps);
        (*reps)++;
    }
}

gboolean bench_figure_validate(const BenchOptions *options, GError **error)
{
    ValidateRun run = { 0 };
    Series deck, bottom;
    guint deck_reps = 0, bottom_reps = 0;
    gboolean ok = FALSE;

    series_init(&deck);
    series_init(&bottom);
    if (!bench_plugin_load(&run.plugin, options->plugin_path, error))
        goto out;
    keyact_registry_set_violation_handler(run.plugin.registry, count_report, &run, NULL);
    run.game = bench_game_new(0x5EED, VALIDATE_ORDERS, BENCH_DISCOVER_N);
    run.bottom = bench_bottom_new(VALIDATE_BOTTOM_SIZE);
    if (run.game == NULL || run.bottom == NULL) {
        bench_fail(error, "could not set up the games");
        goto out;
    }
    run.deck_hosts[0] = run.game->hosts[BENCH_HOST_1_0];
    run.deck_hosts[1] = run.game->hosts[BENCH_HOST_1_1];
    table_1_2(run.game->host, &run.game->hosts[BENCH_HOST_1_1], &run.deck_hosts[2]);
    run.bottom_hosts[0] = run.bottom->hosts[BENCH_HOST_1_0];
    run.bottom_hosts[1] = run.bottom->hosts[BENCH_HOST_1_1];
    table_1_2(run.bottom->host, &run.bottom->hosts[BENCH_HOST_1_1], &run.bottom_hosts[2]);

    measure_deck(options, &run, &deck, &deck_reps);
    measure_bottom(options, &run, &bottom, &bottom_reps);
    keyact_registry_set_validation(run.plugin.registry, KEYACT_VALIDATION_OFF);
    if (run.failures != 0) {
        bench_fail(error, "%u batches had a resolve that failed or a wrong outcome",
                   run.failures);
        goto out;
    }
    if (run.reports != 0) {
        bench_fail(error, "the validation layer reported %u violations of a right host",
                   run.reports);
        goto out;
    }
    for (guint h = 0; h < N_HOSTS; h++)
        print_game("deck", h, deck.ns[h], deck.on_over_off[h], deck.off_over_before[h],
                   deck_reps);
    for (guint h = 0; h < N_HOSTS; h++)
        print_game("bottom200", h, bottom.ns[h], bottom.on_over_off[h],
                   bottom.off_over_before[h], bottom_reps);
    ok = TRUE;

out:
    series_clear(&deck);
    series_clear(&bottom);
    if (run.bottom != NULL)
        bench_bottom_free(run.bottom);
    if (run.game != NULL)
        bench_game_free(run.game);
    bench_plugin_unload(&run.plugin);
    return ok;
}
