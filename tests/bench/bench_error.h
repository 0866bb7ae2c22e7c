/* SPDX-License-Identifier: MIT */
/* bench_error.h - the benchmark's GError domain. */
#ifndef KEYACT_BENCH_ERROR_H
#define KEYACT_BENCH_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define BENCH_ERROR (bench_error_quark())
GQuark bench_error_quark(void);

/* Set `error` (domain BENCH_ERROR, code 0) and return FALSE. */
gboolean bench_fail(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

G_END_DECLS

#endif /* KEYACT_BENCH_ERROR_H */
