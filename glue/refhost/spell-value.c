/* SPDX-License-Identifier: MIT */
/* spell-value.c - a printed mana cost, symbol by symbol (CR 107.4, 202.3).
 *
 *   {N}                 N
 *   {X} {Y} {Z}         the value chosen for X (0 off the stack)
 *   {W} {U} {B} {R} {G} {C} {S}   1
 *   {W/U} {C/W}         hybrid: 1
 *   {2/W}               monocolored hybrid: 2 (CR 202.3f: the largest part)
 *   {W/P} {G/U/P}       Phyrexian: 1
 *   {HW} {½}            half mana: 1/2 (Un-sets)
 */
#include "spell-value.h"

#include <string.h>

#include "game.h"

/* Largest generic symbol accepted; printed costs stay far below it. */
#define MAX_GENERIC 1000000u

static gboolean is_colour(char c)
{
    return c != '\0' && strchr("WUBRG", c) != NULL;
}

/* The value in halves of one symbol's body, or FALSE. */
static gboolean symbol_halves(const char *body, guint x, guint64 *out)
{
    gsize len = strlen(body);
    guint64 generic = 0;
    if (len > 0 && g_ascii_string_to_unsigned(body, 10, 0, MAX_GENERIC, &generic, NULL)) {
        *out = generic * 2;
        return TRUE;
    }
    if (strcmp(body, "X") == 0 || strcmp(body, "Y") == 0 || strcmp(body, "Z") == 0) {
        *out = (guint64)x * 2;
        return TRUE;
    }
    if (len == 1 && (is_colour(body[0]) || body[0] == 'C' || body[0] == 'S')) {
        *out = 2;
        return TRUE;
    }
    if ((len == 2 && body[0] == 'H' && is_colour(body[1])) || strcmp(body, "\xC2\xBD") == 0) {
        *out = 1;
        return TRUE;
    }
    if (len == 3 && body[1] == '/') {
        if (body[0] == '2' && is_colour(body[2])) {
            *out = 4;
            return TRUE;
        }
        if ((is_colour(body[0]) || body[0] == 'C') && (is_colour(body[2]) || body[2] == 'P')) {
            *out = 2;
            return TRUE;
        }
    }
    if (len == 5 && body[1] == '/' && body[3] == '/' && body[4] == 'P' && is_colour(body[0]) &&
        is_colour(body[2])) {
        *out = 2;
        return TRUE;
    }
    return FALSE;
}

gboolean ref_spell_mana_value(const char *cost, guint x, guint *out_halves, GError **error)
{
    guint64 total = 0;
    const char *p = cost != NULL ? cost : "";
    while (*p != '\0') {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        g_autofree char *body = close != NULL ? g_strndup(p + 1, (gsize)(close - p - 1)) : NULL;
        guint64 halves = 0;
        if (body == NULL || !symbol_halves(body, x, &halves)) {
            g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                        "the mana cost \"%s\" has a symbol this host cannot value at byte %u",
                        cost, (guint)(p - cost));
            return FALSE;
        }
        total += halves;
        if (total > G_MAXINT32) {
            g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_RULES,
                        "the mana cost \"%s\" is too large", cost);
            return FALSE;
        }
        p = close + 1;
    }
    *out_halves = (guint)total;
    return TRUE;
}
