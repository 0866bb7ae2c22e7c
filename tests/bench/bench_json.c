/* SPDX-License-Identifier: MIT */
/* bench_json.c - one JSON line per figure. */
#include "bench_json.h"

#include <math.h>
#include <stdio.h>

static void bench_json_key(BenchJson *json, const char *key)
{
    if (!json->first)
        g_string_append_c(json->text, ',');
    json->first = FALSE;
    g_string_append_printf(json->text, "\"%s\":", key);
}

void bench_json_begin(BenchJson *json)
{
    json->text = g_string_new("{");
    json->first = TRUE;
}

void bench_json_string(BenchJson *json, const char *key, const char *value)
{
    bench_json_key(json, key);
    g_string_append_c(json->text, '"');
    for (const char *p = value; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_c(json->text, '\\');
        if ((unsigned char)*p < 0x20)
            g_string_append_printf(json->text, "\\u%04x", (unsigned)*p);
        else
            g_string_append_c(json->text, *p);
    }
    g_string_append_c(json->text, '"');
}

void bench_json_number(BenchJson *json, const char *key, double value)
{
    bench_json_key(json, key);
    if (!isfinite(value))
        g_string_append(json->text, "null"); /* JSON has no inf/nan */
    else if (fabs(value) >= 100.0)
        g_string_append_printf(json->text, "%.1f", value);
    else
        g_string_append_printf(json->text, "%.4g", value);
}

void bench_json_int(BenchJson *json, const char *key, gint64 value)
{
    bench_json_key(json, key);
    g_string_append_printf(json->text, "%" G_GINT64_FORMAT, value);
}

void bench_json_bool(BenchJson *json, const char *key, gboolean value)
{
    bench_json_key(json, key);
    g_string_append(json->text, value ? "true" : "false");
}

void bench_json_object_begin(BenchJson *json, const char *key)
{
    bench_json_key(json, key);
    g_string_append_c(json->text, '{');
    json->first = TRUE;
}

void bench_json_object_end(BenchJson *json)
{
    g_string_append_c(json->text, '}');
    json->first = FALSE;
}

void bench_json_print(BenchJson *json)
{
    g_string_append_c(json->text, '}');
    fputs(json->text->str, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    g_string_free(json->text, TRUE);
    json->text = NULL;
}
