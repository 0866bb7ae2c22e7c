/* SPDX-License-Identifier: MIT */
/* carddb-read.c - from a file to a JSON tree: read (gunzip when the bytes
 * start with the gzip magic), bound the size, bound the nesting, parse, and
 * report parse errors as "FILE:LINE:COLUMN: message". */
#include "carddb-private.h"

#include <gio/gio.h>
#include <string.h>

static gboolean io_error(GError **error, const char *path, GError *cause)
{
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO,
                "%s: %s", path, cause->message);
    return FALSE;
}

/* Read all of `in` into `out`, failing once it passes max_bytes. */
static gboolean read_all(GInputStream *in, GByteArray *out, gsize max_bytes,
                         const char *path, GError **error)
{
    guint8 chunk[64 * 1024];
    for (;;) {
        g_autoptr(GError) local = NULL;
        gssize got = g_input_stream_read(in, chunk, sizeof chunk, NULL, &local);
        if (got < 0)
            return io_error(error, path, local);
        if (got == 0)
            return TRUE;
        if (out->len + (gsize)got > max_bytes) {
            g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO,
                        "%s: larger than %" G_GSIZE_FORMAT " bytes (after decompression); refused",
                        path, max_bytes);
            return FALSE;
        }
        g_byte_array_append(out, chunk, (guint)got);
    }
}

GBytes *ref_carddb_read_bytes(const char *path, gsize max_bytes, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GFileInputStream) raw = g_file_read(file, NULL, &local);
    if (raw == NULL) {
        io_error(error, path, local);
        return NULL;
    }

    /* Peek at the first two bytes without consuming them. */
    g_autoptr(GInputStream) buffered = g_buffered_input_stream_new(G_INPUT_STREAM(raw));
    if (g_buffered_input_stream_fill(G_BUFFERED_INPUT_STREAM(buffered), 2, NULL, &local) < 0) {
        io_error(error, path, local);
        return NULL;
    }
    gsize avail = 0;
    const guint8 *head = g_buffered_input_stream_peek_buffer(
        G_BUFFERED_INPUT_STREAM(buffered), &avail);
    gboolean gzip = avail >= 2 && head[0] == 0x1f && head[1] == 0x8b;

    g_autoptr(GInputStream) in = NULL;
    if (gzip) {
        g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP);
        in = g_converter_input_stream_new(buffered, G_CONVERTER(z));
    } else {
        in = g_object_ref(buffered);
    }

    g_autoptr(GByteArray) data = g_byte_array_new();
    if (!read_all(in, data, max_bytes, path, error))
        return NULL;
    return g_byte_array_free_to_bytes(g_steal_pointer(&data));
}

/* Line and column (1-based, in characters) of byte `offset`. */
static void position_of(const char *text, gsize offset, guint *line, guint *column)
{
    *line = 1;
    *column = 1;
    for (gsize i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            (*line)++;
            *column = 1;
        } else if (((guchar)text[i] & 0xC0) != 0x80) {
            (*column)++;  /* count characters, not UTF-8 continuation bytes */
        }
    }
}

static gboolean prescan_error(GError **error, const char *label, const char *text,
                              gsize offset, const char *what)
{
    guint line, column;
    position_of(text, offset, &line, &column);
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_PARSE,
                "%s:%u:%u: %s", label, line, column, what);
    return FALSE;
}

static gboolean is_json_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The token at text[*at] ('-' or a digit) is a number: move *at to its last
 * character. FALSE, and *at left alone, for an integer (digits only, no '.',
 * 'e' or 'E') that does not fit in 64 bits; anything else malformed is
 * json-glib's to report. */
static gboolean number_fits(const char *text, gsize len, gsize *at)
{
    gsize end = *at;
    gboolean integer = TRUE;
    while (end < len && text[end] != '\0'
           && (g_ascii_isdigit(text[end]) || strchr("+-.eE", text[end]) != NULL)) {
        integer = integer && strchr(".eE", text[end]) == NULL;
        end++;
    }
    if (integer) {
        g_autofree char *token = g_strndup(text + *at, end - *at);
        const char *digits = token[0] == '-' ? token + 1 : token;
        gint64 value = 0;
        if (digits[0] != '\0' && strspn(digits, "0123456789") == strlen(digits)
            && !g_ascii_string_to_signed(token, 10, G_MININT64, G_MAXINT64, &value, NULL))
            return FALSE;
    }
    *at = end - 1;
    return TRUE;
}

/* The member name whose value starts at text[at] ("key": value), or NULL
 * (an array element, or a name with escapes). */
static char *member_before(const char *text, gsize at)
{
    gsize j = at;
    while (j > 0 && is_json_space(text[j - 1]))
        j--;
    if (j == 0 || text[--j] != ':')
        return NULL;
    while (j > 0 && is_json_space(text[j - 1]))
        j--;
    if (j == 0 || text[--j] != '"')
        return NULL;
    gsize end = j;
    while (j > 0 && text[j - 1] != '"' && text[j - 1] != '\\')
        j--;
    if (j == 0 || text[j - 1] != '"')
        return NULL;
    return g_strndup(text + j, end - j);
}

/* What json-glib does not check for us, in one pass before it runs:
 *  - the text is UTF-8 without NUL bytes;
 *  - nesting stays within REF_CARDDB_MAX_DEPTH (json-glib recurses per
 *    level and would overflow the stack on hostile input);
 *  - nothing follows the first JSON value (json-glib would silently keep
 *    only one of "[...] [...]");
 *  - every integer fits in 64 bits (json-glib would silently wrap
 *    100000000000000000000 to -1, and the message would name -1).
 * Brackets inside strings do not count. */
gboolean ref_json_prescan(const char *text, gsize len, const char *label, GError **error)
{
    const char *bad = NULL;
    if (!g_utf8_validate_len(text, len, &bad))
        return prescan_error(error, label, text, (gsize)(bad - text),
                             "not UTF-8 text (or contains a NUL byte)");

    enum { BEFORE, IN_SCALAR, IN_CONTAINER, AFTER } state = BEFORE;
    guint depth = 0;
    gboolean in_string = FALSE, escaped = FALSE;
    for (gsize i = 0; i < len; i++) {
        char c = text[i];
        if (in_string) {
            if (escaped) {
                escaped = FALSE;
            } else if (c == '\\') {
                escaped = TRUE;
            } else if (c == '"') {
                in_string = FALSE;
                if (depth == 0)
                    state = AFTER;
            }
            continue;
        }
        if (state == AFTER) {
            if (!is_json_space(c))
                return prescan_error(error, label, text, i,
                                     "unexpected content after the JSON value");
            continue;
        }
        if (state == BEFORE) {
            if (is_json_space(c))
                continue;
            state = (c == '[' || c == '{') ? IN_CONTAINER : IN_SCALAR;
        }
        if (state == IN_SCALAR && depth == 0 && is_json_space(c)) {
            state = AFTER;
            continue;
        }
        if (c == '"') {
            in_string = TRUE;
        } else if (c == '-' || g_ascii_isdigit(c)) {
            gsize start = i;
            if (!number_fits(text, len, &i)) {
                /* The text need not end in a NUL: count its digits within len. */
                gsize n = 1;
                while (start + n < len && g_ascii_isdigit(text[start + n]))
                    n++;
                g_autofree char *key = member_before(text, start);
                g_autofree char *where = key != NULL ? g_strdup_printf("key \"%s\": ", key) : g_strdup("");
                g_autofree char *what = g_strdup_printf(
                    "%sthe number %.*s is too %s for an integer (%s %" G_GINT64_FORMAT ")", where,
                    (int)n, text + start, c == '-' ? "small" : "large", c == '-' ? "at least" : "at most",
                    c == '-' ? G_MININT64 : G_MAXINT64);
                return prescan_error(error, label, text, start, what);
            }
        } else if (c == '[' || c == '{') {
            if (++depth > REF_CARDDB_MAX_DEPTH) {
                g_autofree char *what = g_strdup_printf("JSON nested deeper than %u levels",
                                                        REF_CARDDB_MAX_DEPTH);
                return prescan_error(error, label, text, i, what);
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            if (--depth == 0 && state == IN_CONTAINER)
                state = AFTER;
        }
    }
    return TRUE;
}

typedef struct {
    guint line;
    guint column;
    gboolean seen;
} ParseWhere;

/* json-glib knows the position only while it parses; keep it. */
static void on_parse_error(JsonParser *parser, gpointer gerror, gpointer user_data)
{
    (void)gerror;
    ParseWhere *where = user_data;
    where->line = json_parser_get_current_line(parser);
    where->column = json_parser_get_current_pos(parser);
    where->seen = TRUE;
}

JsonNode *ref_carddb_parse_json(GBytes *bytes, const char *label, GError **error)
{
    gsize len = 0;
    const char *text = g_bytes_get_data(bytes, &len);
    if (text == NULL)
        text = "";
    if (!ref_json_prescan(text, len, label, error))
        return NULL;

    g_autoptr(JsonParser) parser = json_parser_new_immutable();
    ParseWhere where = { 0, 0, FALSE };
    g_signal_connect(parser, "error", G_CALLBACK(on_parse_error), &where);
    g_autoptr(GError) local = NULL;
    if (!json_parser_load_from_data(parser, text, (gssize)len, &local)) {
        g_autofree char *what = ref_json_describe_error(local->message);
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_PARSE,
                    "%s:%u:%u: not valid JSON: %s", label,
                    where.seen && where.line > 0 ? where.line : 1u,
                    where.seen && where.line > 0 ? where.column : 1u, what);
        return NULL;
    }
    JsonNode *root = json_parser_steal_root(parser);
    if (root == NULL) {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_PARSE,
                    "%s:1:1: no JSON value (empty file)", label);
        return NULL;
    }
    return root;
}
