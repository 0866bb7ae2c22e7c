/* SPDX-License-Identifier: MIT */
/* wire.c - the child's results, one line per message over a pipe.
 *
 * The child writes each message with one write(2) as soon as it is known,
 * so whatever it reported before a crash reaches the parent. A "begin"
 * message before every call into the plugin tells the parent what was
 * running if the child dies or goes silent.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "check-private.h"

static void write_all(int fd, const char *bytes, gsize length)
{
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return; /* the parent is gone; nobody is left to tell */
        bytes += written;
        length -= (gsize)written;
    }
}

/* Fields joined by tabs, each escaped so it holds no tab or newline. */
static void send_fields(const CheckWire *wire, const char *const *fields, guint n_fields)
{
    g_autoptr(GString) line = g_string_new(NULL);
    for (guint i = 0; i < n_fields; i++) {
        g_autofree char *escaped = g_strescape(fields[i] != NULL ? fields[i] : "", NULL);
        g_string_append_printf(line, "%s%s", i > 0 ? "\t" : "", escaped);
    }
    g_string_append_c(line, '\n');
    write_all(wire->fd, line->str, line->len);
}

void check_wire_begin(const CheckWire *wire, const char *step, const char *item)
{
    const char *fields[] = { "begin", step, item };
    send_fields(wire, fields, G_N_ELEMENTS(fields));
}

void check_wire_item(const CheckWire *wire, KeyactCheckStatus status, const char *name,
                     const char *reason)
{
    const char *fields[] = { "item", check_status_name(status), name, reason };
    send_fields(wire, fields, G_N_ELEMENTS(fields));
}

void check_wire_itemf(const CheckWire *wire, KeyactCheckStatus status, const char *name,
                      const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *reason = g_strdup_vprintf(format, args);
    va_end(args);
    check_wire_item(wire, status, name, reason);
}

void check_wire_detail(const CheckWire *wire, const char *detail)
{
    const char *fields[] = { "detail", detail };
    send_fields(wire, fields, G_N_ELEMENTS(fields));
}

void check_wire_end(const CheckWire *wire)
{
    const char *fields[] = { "end" };
    send_fields(wire, fields, G_N_ELEMENTS(fields));
}

/* ---- the parent's side ---- */

void check_wire_reader_init(CheckWireReader *reader, KeyactCheckReport *report)
{
    *reader = (CheckWireReader){ .report = report, .pending = g_string_new(NULL) };
}

void check_wire_reader_clear(CheckWireReader *reader)
{
    g_clear_pointer(&reader->step, g_free);
    g_clear_pointer(&reader->item, g_free);
    if (reader->pending != NULL) {
        g_string_free(reader->pending, TRUE);
        reader->pending = NULL;
    }
}

static KeyactCheckStatus parse_status(const char *text)
{
    if (g_strcmp0(text, "pass") == 0)
        return KEYACT_CHECK_PASS;
    if (g_strcmp0(text, "skip") == 0)
        return KEYACT_CHECK_SKIP;
    return KEYACT_CHECK_FAIL;
}

static void handle_line(CheckWireReader *reader, const char *line)
{
    g_auto(GStrv) raw = g_strsplit(line, "\t", -1);
    guint n = g_strv_length(raw);
    g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(fields, g_strcompress(raw[i]));
#define FIELD(i) ((const char *)g_ptr_array_index(fields, (i)))

    if (n == 3 && strcmp(FIELD(0), "begin") == 0) {
        g_free(reader->step);
        g_free(reader->item);
        reader->step = g_strdup(FIELD(1));
        reader->item = g_strdup(FIELD(2));
    } else if (n == 4 && strcmp(FIELD(0), "item") == 0) {
        reader->last = check_report_add(reader->report, FIELD(2), parse_status(FIELD(1)),
                                        FIELD(3));
    } else if (n == 2 && strcmp(FIELD(0), "detail") == 0 && reader->last != NULL) {
        check_item_add_detail(reader->last, FIELD(1));
    } else if (n == 1 && strcmp(FIELD(0), "end") == 0) {
        reader->ended = TRUE;
    }
#undef FIELD
}

void check_wire_reader_feed(CheckWireReader *reader, const char *bytes, gsize length)
{
    g_string_append_len(reader->pending, bytes, (gssize)length);
    for (;;) {
        char *newline = memchr(reader->pending->str, '\n', reader->pending->len);
        if (newline == NULL)
            return;
        *newline = '\0';
        handle_line(reader, reader->pending->str);
        g_string_erase(reader->pending, 0, newline - reader->pending->str + 1);
    }
}
