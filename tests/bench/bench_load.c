/* SPDX-License-Identifier: MIT */
/* bench_load.c - figure "load": keyact_registry_load + free of the plugin
 * (open, entry check, negotiate, init, register, deinit, close) against a
 * plain dlopen + dlclose of the same file with the flags GModule uses.
 * Runs first, while nothing else holds the plugin open, so every iteration
 * is a real load and unload (checked with RTLD_NOLOAD). */
#define _GNU_SOURCE /* RTLD_NOLOAD */
#include <dlfcn.h>

#include "bench_clock.h"
#include "bench_error.h"
#include "bench_figures.h"
#include "bench_json.h"
#include "bench_plugin.h"

#define LOAD_BATCH 8u

static gboolean plugin_is_mapped(const char *path)
{
    void *handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD);
    if (handle == NULL)
        return FALSE;
    dlclose(handle);
    return TRUE;
}

static uint64_t load_batch_registry(const char *path, KeyactLoadFlags flags, guint *failures)
{
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < LOAD_BATCH; i++) {
        KeyactRegistry *registry = keyact_registry_new();
        if (!keyact_registry_load(registry, path, flags, NULL))
            (*failures)++;
        keyact_registry_free(registry);
    }
    return bench_now_ns() - start;
}

static uint64_t load_batch_dlopen(const char *path, guint *failures)
{
    uint64_t start = bench_now_ns();
    for (guint i = 0; i < LOAD_BATCH; i++) {
        /* GModule opens with G_MODULE_BIND_LOCAL | G_MODULE_BIND_LAZY. */
        void *handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL)
            (*failures)++;
        else
            dlclose(handle);
    }
    return bench_now_ns() - start;
}

gboolean bench_figure_load(const BenchOptions *options, GError **error)
{
    const char *path = options->plugin_path;
    KeyactLoadFlags flags = bench_load_flags(path);
    enum { MAX_REPS = 2001 };
    g_autofree double *registry_ns = g_new(double, MAX_REPS);
    g_autofree double *dlopen_ns = g_new(double, MAX_REPS);
    g_autofree double *ratio = g_new(double, MAX_REPS);
    guint failures = 0, reps = 0;

    if (plugin_is_mapped(path))
        return bench_fail(error, "%s is already loaded: the figure would time a reference "
                          "count, not a load", path);
    load_batch_registry(path, flags, &failures);
    load_batch_dlopen(path, &failures);
    if (plugin_is_mapped(path))
        return bench_fail(error, "%s stays mapped after keyact_registry_free/dlclose", path);

    guint64 start = bench_now_ns();
    while (bench_more_reps(options, reps, 11, MAX_REPS, 5.0, start)) {
        uint64_t reg, dl;
        if (reps % 2 == 0) {
            reg = load_batch_registry(path, flags, &failures);
            dl = load_batch_dlopen(path, &failures);
        } else {
            dl = load_batch_dlopen(path, &failures);
            reg = load_batch_registry(path, flags, &failures);
        }
        registry_ns[reps] = (double)reg / LOAD_BATCH;
        dlopen_ns[reps] = (double)dl / LOAD_BATCH;
        ratio[reps] = registry_ns[reps] / dlopen_ns[reps];
        reps++;
    }
    if (failures != 0)
        return bench_fail(error, "%u loads of %s failed", failures, path);

    double median_ratio = bench_median(ratio, reps);
    BenchJson json;
    bench_json_begin(&json);
    bench_json_string(&json, "figure", "load");
    bench_json_bool(&json, "safety_check", flags == KEYACT_LOAD_DEFAULT);
    bench_json_int(&json, "reps", reps);
    bench_json_int(&json, "batch", LOAD_BATCH);
    bench_json_number(&json, "registry_ns", bench_median(registry_ns, reps));
    bench_json_number(&json, "dlopen_ns", bench_median(dlopen_ns, reps));
    bench_json_number(&json, "registry_over_dlopen", median_ratio);
    bench_json_string(&json, "target", "none (reported)");
    bench_json_print(&json);
    return TRUE;
}
