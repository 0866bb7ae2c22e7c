/* SPDX-License-Identifier: MIT */
/* bench_error.c - the benchmark's GError domain. */
#include "bench_error.h"

G_DEFINE_QUARK(keyact-bench-error-quark, bench_error)

gboolean bench_fail(GError **error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, BENCH_ERROR, 0, message);
    return FALSE;
}
