/* SPDX-License-Identifier: MIT */
/* bench_clock.c - medians. */
#include "bench_clock.h"

#include <stdlib.h>

volatile uint64_t bench_sink;

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *values, guint count)
{
    g_return_val_if_fail(count >= 1, 0.0);
    qsort(values, count, sizeof values[0], compare_doubles);
    if (count % 2 == 1)
        return values[count / 2];
    return (values[count / 2 - 1] + values[count / 2]) / 2.0;
}

double bench_loadavg(void)
{
    g_autofree char *text = NULL;
    if (!g_file_get_contents("/proc/loadavg", &text, NULL, NULL))
        return -1.0;
    return g_ascii_strtod(text, NULL);
}
