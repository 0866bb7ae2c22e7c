/* SPDX-License-Identifier: MIT */
/* bench_threads.c - figure "threads": independent games, one FakeHost per
 * thread, through one loaded plugin; resolves per second on 2 threads over
 * 1 thread. Trials alternate (1, 2, 1, 2, ...); the figure is the median of
 * each pair's ratio.
 *
 * Each thread also measures its own CPU time: if a resolve costs the same
 * CPU time on 2 threads as on 1, the threads do not slow each other down
 * (no lock, no shared cache line), and a ratio below 2 means the cores were
 * busy with something else: cpu_share_one/two (CPU time over wall time)
 * say how much of them the trials got, next to the load average. */
#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_game.h"
#include "bench_json.h"
#include "bench_plugin.h"

#define THREAD_RESOLVES 40000u
#define MAX_THREADS 2u

/* One per thread, each on its own cache lines: a thread writes failures
 * and cpu_ns, and must not share a line with what the other one reads. */
typedef struct {
    _Alignas(128) BenchGame *game;
    const KeyactBoundAction *bound;
    guint resolves;
    guint failures;
    uint64_t cpu_ns;      /* this thread's CPU time in its last trial */
} ThreadWork;

static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static gpointer thread_run(gpointer data)
{
    ThreadWork *work = data;
    BenchGame *game = work->game;
    uint64_t cpu_start = thread_cpu_ns();
    for (guint i = 0; i < work->resolves; i++) {
        bench_game_prepare(game, i);
        if (keyact_bound_action_resolve(work->bound, game->table, &game->call.args,
                                        &game->call.result) != KEYACT_OK)
            work->failures++;
    }
    work->cpu_ns = thread_cpu_ns() - cpu_start;
    return NULL;
}

/* Resolves per second with `n_threads` threads, each doing `resolves`;
 * *cpu_per_resolve gets the CPU ns one resolve took, over all threads, and
 * *cpu_share the threads' CPU time over the wall time: 1.0 for one thread
 * that had a core to itself, 2.0 for two threads that ran side by side all
 * along; less when other processes took the cores. */
static double thread_trial(ThreadWork *work, guint n_threads, double *cpu_per_resolve,
                           double *cpu_share)
{
    GThread *threads[MAX_THREADS];
    uint64_t start = bench_now_ns();
    for (guint t = 0; t < n_threads; t++)
        threads[t] = g_thread_new("bench-game", thread_run, &work[t]);
    for (guint t = 0; t < n_threads; t++)
        g_thread_join(threads[t]);
    double seconds = (double)(bench_now_ns() - start) / 1e9;
    uint64_t cpu = 0;
    for (guint t = 0; t < n_threads; t++)
        cpu += work[t].cpu_ns;
    *cpu_per_resolve = (double)cpu / ((double)work[0].resolves * n_threads);
    *cpu_share = (double)cpu / (seconds * 1e9);
    return (double)(work[0].resolves * n_threads) / seconds;
}

gboolean bench_figure_threads(const BenchOptions *options, GError **error)
{
    BenchPlugin plugin = { 0 };
    ThreadWork work[MAX_THREADS] = { { 0 } };
    enum { MAX_REPS = 101 };
    double one[MAX_REPS], two[MAX_REPS], ratio[MAX_REPS];
    double cpu_one[MAX_REPS], cpu_two[MAX_REPS], cpu_ratio[MAX_REPS];
    double share_one[MAX_REPS], share_two[MAX_REPS], ignored, ignored_too;
    guint reps = 0;
    gboolean ok = FALSE;

    if (!bench_plugin_load(&plugin, options->plugin_path, error))
        return FALSE;
    for (guint t = 0; t < MAX_THREADS; t++) {
        work[t].game = bench_game_new(0x7EAD + t, 64, BENCH_DISCOVER_N);
        work[t].bound = &plugin.discover;
        work[t].resolves = MAX(1000u, (guint)(THREAD_RESOLVES * MIN(1.0, options->time_scale * 4)));
        if (work[t].game == NULL) {
            bench_fail(error, "could not set up the 60-card games");
            goto out;
        }
    }
    thread_trial(work, MAX_THREADS, &ignored, &ignored_too); /* warm-up */

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 7, MAX_REPS, 8.0, start)) {
        if (reps % 2 == 0) {
            one[reps] = thread_trial(work, 1, &cpu_one[reps], &share_one[reps]);
            two[reps] = thread_trial(work, 2, &cpu_two[reps], &share_two[reps]);
        } else {
            two[reps] = thread_trial(work, 2, &cpu_two[reps], &share_two[reps]);
            one[reps] = thread_trial(work, 1, &cpu_one[reps], &share_one[reps]);
        }
        ratio[reps] = two[reps] / one[reps];
        cpu_ratio[reps] = cpu_two[reps] / cpu_one[reps];
        reps++;
    }
    if (work[0].failures + work[1].failures != 0) {
        bench_fail(error, "%u resolves did not return 0", work[0].failures + work[1].failures);
        goto out;
    }

    double median_ratio = bench_median(ratio, reps);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "threads");
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "resolves_per_thread", work[0].resolves);
    bench_json_int(&json, "cpus_online", g_get_num_processors());
    bench_json_number(&json, "loadavg_1min", bench_loadavg());
    bench_json_number(&json, "one_thread_per_s", bench_median(one, reps));
    bench_json_number(&json, "two_threads_per_s", bench_median(two, reps));
    bench_json_number(&json, "two_over_one", median_ratio);
    bench_json_number(&json, "cpu_ns_per_resolve_one", bench_median(cpu_one, reps));
    bench_json_number(&json, "cpu_ns_per_resolve_two", bench_median(cpu_two, reps));
    bench_json_number(&json, "cpu_per_resolve_two_over_one", bench_median(cpu_ratio, reps));
    bench_json_number(&json, "cpu_share_one", bench_median(share_one, reps));
    bench_json_number(&json, "cpu_share_two", bench_median(share_two, reps));
    bench_json_number(&json, "target", 1.8);
    bench_json_bool(&json, "met", median_ratio >= 1.8);
    bench_json_print(&json);
    ok = TRUE;

out:
    for (guint t = 0; t < MAX_THREADS; t++)
        bench_game_free(work[t].game);
    bench_plugin_unload(&plugin);
    return ok;
}
