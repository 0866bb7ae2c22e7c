/* SPDX-License-Identifier: MIT */
/* bench_json.h - one JSON object per figure, printed as one line.
 *
 * Keys are added in order; numbers use the C locale (the bench never calls
 * setlocale), so they always print with a '.'. */
#ifndef KEYACT_BENCH_JSON_H
#define KEYACT_BENCH_JSON_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
    GString *text;
    gboolean first;
} BenchJson;

void bench_json_begin(BenchJson *json);               /* "{" */
void bench_json_string(BenchJson *json, const char *key, const char *value);
void bench_json_number(BenchJson *json, const char *key, double value);
void bench_json_int(BenchJson *json, const char *key, gint64 value);
void bench_json_bool(BenchJson *json, const char *key, gboolean value);
void bench_json_object_begin(BenchJson *json, const char *key); /* "key":{ */
void bench_json_object_end(BenchJson *json);                    /* } */
/* "}" and the line on stdout (flushed), then the buffer is freed. */
void bench_json_print(BenchJson *json);

G_END_DECLS

#endif /* KEYACT_BENCH_JSON_H */
