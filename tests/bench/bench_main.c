/* SPDX-License-Identifier: MIT */
/* bench_main.c - keyact-bench PLUGIN_PATH [--quick] [FIGURE...]
 *
 * Runs the figures (all by default: load calls resolve scale alloc threads trace
 * validate stepped isolated)
 * and prints one JSON line per figure on stdout. Exit status 1 when a figure
 * could not run or an outcome was wrong; a missed target is only reported
 * ("met": false), never an error.
 */
#include <stdio.h>
#include <string.h>

#include "bench_clock.h"
#include "bench_figures.h"

typedef gboolean (*BenchFigureFunc)(const BenchOptions *options, GError **error);

static const struct {
    const char *name;
    BenchFigureFunc run;
} bench_figures[] = {
    /* load first: it needs the plugin not to be loaded by anyone else. */
    { "load", bench_figure_load },
    { "calls", bench_figure_calls },
    { "resolve", bench_figure_resolve },
    { "scale", bench_figure_scale },
    { "alloc", bench_figure_alloc },
    { "threads", bench_figure_threads },
    { "trace", bench_figure_trace },
    { "validate", bench_figure_validate },
    { "stepped", bench_figure_stepped },
    { "isolated", bench_figure_isolated },
};

gboolean bench_more_reps(const BenchOptions *options, guint done, guint min, guint max,
                         double seconds, guint64 start_ns)
{
    if (done < min)
        return TRUE;
    if (done >= max)
        return FALSE;
    return (double)(bench_now_ns() - start_ns) < seconds * options->time_scale * 1e9;
}

static gboolean bench_wanted(char **names, int count, const char *name)
{
    if (count == 0)
        return TRUE;
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return TRUE;
    return FALSE;
}

int main(int argc, char **argv)
{
    BenchOptions options = { NULL, 1.0 };
    char **names = g_new0(char *, (gsize)argc);
    int n_names = 0;
    int failed = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            options.time_scale = 0.1;
        else if (options.plugin_path == NULL)
            options.plugin_path = argv[i];
        else
            names[n_names++] = argv[i];
    }
    if (options.plugin_path == NULL || !g_path_is_absolute(options.plugin_path)) {
        fprintf(stderr, "usage: %s /full/path/keyact-discover.so [--quick] [FIGURE...]\n",
                argv[0]);
        g_free(names);
        return 2;
    }
    for (int i = 0; i < n_names; i++) {
        gboolean known = FALSE;
        for (guint f = 0; f < G_N_ELEMENTS(bench_figures); f++)
            known = known || strcmp(names[i], bench_figures[f].name) == 0;
        if (!known) {
            fprintf(stderr, "bench: no figure \"%s\"\n", names[i]);
            g_free(names);
            return 2;
        }
    }

    for (guint f = 0; f < G_N_ELEMENTS(bench_figures); f++) {
        g_autoptr(GError) error = NULL;
        if (!bench_wanted(names, n_names, bench_figures[f].name))
            continue;
        if (!bench_figures[f].run(&options, &error)) {
            fprintf(stderr, "bench: figure %s: %s\n", bench_figures[f].name, error->message);
            failed = 1;
        }
    }
    g_free(names);
    return failed;
}
