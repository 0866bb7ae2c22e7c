/* SPDX-License-Identifier: MIT */
/* json-error.c - json-glib's parse errors in keyact's words.
 *
 * json-glib says "<data>:3:46: Parse error: unexpected character `,',
 * expected character `]'"; people read "expected ']' after ','". The
 * callers put the file name and the position in front.
 */
#include <string.h>

#include "carddb-private.h"

/* One token as json-glib names it ("character `,'", "number `1'", "string
 * constant \"a\"", "identifier `tru'", "end of file", "value") in plain words. */
static char *token_words(const char *token)
{
    static const struct {
        const char *prefix;
        const char *words; /* %s: what is between the quotes */
    } kinds[] = {
        { "character `", "'%s'" },
        { "number `", "the number %s" },
        { "identifier `", "the bare word %s (strings need double quotes)" },
        { "string constant \"", "the string \"%s\"" },
    };
    for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
        if (!g_str_has_prefix(token, kinds[i].prefix))
            continue;
        const char *start = token + strlen(kinds[i].prefix);
        gsize len = strlen(start);
        /* Drop the closing quote: ' for `...', " for "...". */
        g_autofree char *inner = g_strndup(start, len > 0 ? len - 1 : 0);
        return g_strdup_printf(kinds[i].words, inner);
    }
    if (strcmp(token, "end of file") == 0)
        return g_strdup("the end of the file");
    if (strcmp(token, "string constant") == 0)
        return g_strdup("a member name in double quotes");
    if (strcmp(token, "value") == 0)
        return g_strdup("a value (a string, number, object, array, true, false or null)");
    return g_strdup(token);
}

char *ref_json_describe_error(const char *message)
{
    /* Drop "<data>:LINE:COLUMN: " and "Parse error: "; the caller says where. */
    const char *body = message;
    if (g_str_has_prefix(body, "<data>:")) {
        for (int colons = 0; colons < 3 && body != NULL; colons++) {
            body = strchr(body, ':');
            if (body != NULL)
                body++;
        }
        if (body == NULL)
            body = message;
        while (*body == ' ')
            body++;
    }
    if (g_str_has_prefix(body, "Parse error: "))
        body += strlen("Parse error: ");
    if (g_str_has_prefix(body, "scanner: "))
        body += strlen("scanner: ");
    if (strcmp(body, "unterminated string constant") == 0)
        return g_strdup("a string is not closed (a \" is missing)");

    const char *comma = strstr(body, ", expected ");
    if (g_str_has_prefix(body, "unexpected ") && comma != NULL) {
        g_autofree char *found_token = g_strndup(body + strlen("unexpected "),
                                                 (gsize)(comma - body) - strlen("unexpected "));
        g_autofree char *found = token_words(found_token);
        g_autofree char *expected = token_words(comma + strlen(", expected "));
        /* json-glib names the last token it read, the one before the
         * mistake, except for a bare word and the end of the file. */
        if (g_str_has_prefix(found_token, "identifier") || strcmp(found_token, "end of file") == 0)
            return g_strdup_printf("expected %s, found %s", expected, found);
        return g_strdup_printf("expected %s after %s", expected, found);
    }
    return g_strdup(body);
}
