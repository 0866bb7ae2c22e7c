/* SPDX-License-Identifier: MIT */
/* bench_figures.h - each figure measures one ratio inside this process and
 * prints one JSON line: {"figure":"<name>", ..., "target":..., "met":...}.
 *
 * Variants are interleaved inside every repetition (the order rotates), so
 * a slow moment of a shared machine hits them all alike; the figures are
 * medians over the repetitions of each repetition's own values and ratios.
 */
#ifndef KEYACT_BENCH_FIGURES_H
#define KEYACT_BENCH_FIGURES_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
    const char *plugin_path;  /* the built keyact-discover.so, a full path */
    double time_scale;        /* 1.0; smaller for a quick look (--quick) */
} BenchOptions;

/* Each returns FALSE with `error` set when the benchmark itself could not
 * run or an outcome was wrong (never because a target was missed). */
gboolean bench_figure_calls(const BenchOptions *options, GError **error);
gboolean bench_figure_resolve(const BenchOptions *options, GError **error);
gboolean bench_figure_load(const BenchOptions *options, GError **error);
gboolean bench_figure_scale(const BenchOptions *options, GError **error);
gboolean bench_figure_alloc(const BenchOptions *options, GError **error);
gboolean bench_figure_threads(const BenchOptions *options, GError **error);
gboolean bench_figure_trace(const BenchOptions *options, GError **error);
gboolean bench_figure_validate(const BenchOptions *options, GError **error);
gboolean bench_figure_stepped(const BenchOptions *options, GError **error);
gboolean bench_figure_isolated(const BenchOptions *options, GError **error);

/* Repetitions: at least `min`, then until `seconds` * time_scale have
 * passed since `start_ns` or `max` were done. */
gboolean bench_more_reps(const BenchOptions *options, guint done, guint min, guint max,
                         double seconds, guint64 start_ns);

G_END_DECLS

#endif /* KEYACT_BENCH_FIGURES_H */
