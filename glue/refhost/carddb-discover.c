/* SPDX-License-Identifier: MIT */
/* carddb-discover.c - how a card discovers, read from one face's oracle
 * text (CR 701.57). make-builtin.py applies the same rules in Python.
 *
 *   "When ... enters ..., if you cast it, discover N."  -> ETB_IF_CAST
 *   "When ... enters ..., discover N."                  -> ETB
 *   an instant or sorcery with a sentence "Discover N." -> ON_RESOLVE
 *   any other "discover N" (attacks, dies, activated)    -> OTHER, with N
 *   "discover" with no N ("Whenever you discover")       -> OTHER, N = 0
 * "Discover X" gives N = -1. Reminder text in parentheses is ignored.
 * Also what a discovering card does with the discovered card afterwards
 * (ref_treasures_below_from_text).
 */
#include "carddb-private.h"

#include <string.h>

static gboolean is_word_char(char c)
{
    return g_ascii_isalnum(c) || c == '_';
}

/* The sentence before `at`: from after the last '.' or newline, trimmed. */
static char *sentence_before(const char *text, const char *at)
{
    const char *start = at;
    while (start > text && start[-1] != '.' && start[-1] != '\n')
        start--;
    return g_strstrip(g_strndup(start, (gsize)(at - start)));
}

/* The sentence before "discover N" opens an enters trigger whose effect is
 * the discover itself: "When ... enters ...,". "When " with its space, so
 * "Whenever another creature enters" (some other permanent) is not one. */
static gboolean is_etb_trigger(const char *sentence)
{
    return g_str_has_prefix(sentence, "When ")
        && strstr(sentence, "enters") != NULL
        && g_str_has_suffix(sentence, ",");
}

/* Parse the N after "discover " at p: digits or X. */
static gboolean parse_n(const char *p, gint *out_n)
{
    if (p[0] == 'X' && !is_word_char(p[1])) {
        *out_n = -1;
        return TRUE;
    }
    if (!g_ascii_isdigit(p[0]))
        return FALSE;
    gint n = 0;
    for (; g_ascii_isdigit(*p); p++) {
        if (n > 1000000)
            return FALSE;
        n = n * 10 + (*p - '0');
    }
    if (is_word_char(*p))
        return FALSE;
    *out_n = n;
    return TRUE;
}

void ref_discover_from_text(const char *oracle_text, const char *type_line,
                            RefDiscoverKind *out_kind, gint *out_n)
{
    *out_kind = REF_DISCOVER_NONE;
    *out_n = 0;
    /* Fast path: nearly every card never mentions it. */
    if (oracle_text == NULL || strstr(oracle_text, "iscover") == NULL)
        return;

    g_autofree char *text = ref_text_without_reminders(oracle_text);
    gboolean spell = ref_type_line_has(type_line, "Instant")
        || ref_type_line_has(type_line, "Sorcery");
    gboolean mentioned = FALSE;
    gboolean have_other = FALSE;
    gint other_n = 0;

    for (const char *p = text; (p = strstr(p, "iscover")) != NULL; p++) {
        const char *word = p - 1;
        if (word < text || (*word != 'd' && *word != 'D')
            || (word > text && is_word_char(word[-1])) || is_word_char(p[7]))
            continue;
        mentioned = TRUE;
        gint n;
        if (p[7] != ' ' || !parse_n(p + 8, &n))
            continue;
        g_autofree char *sentence = sentence_before(text, word);
        if (is_etb_trigger(sentence)) {
            *out_kind = g_str_has_suffix(sentence, "if you cast it,") ? REF_DISCOVER_ETB_IF_CAST
                                                                       : REF_DISCOVER_ETB;
            *out_n = n;
            return;
        }
        if (spell && sentence[0] == '\0' && *word == 'D') {
            *out_kind = REF_DISCOVER_ON_RESOLVE;
            *out_n = n;
            return;
        }
        if (!have_other) {
            have_other = TRUE;
            other_n = n;
        }
    }
    if (have_other || mentioned) {
        *out_kind = REF_DISCOVER_OTHER;
        *out_n = have_other ? other_n : 0;
    }
}

#define TREASURES_BEFORE "If the discovered card's mana value is less than "
#define TREASURES_AFTER ", create a number of tapped Treasure tokens equal to the difference."

guint ref_treasures_below_from_text(const char *oracle_text)
{
    const char *p = oracle_text != NULL ? strstr(oracle_text, TREASURES_BEFORE) : NULL;
    gint n = 0;

    if (p == NULL || !parse_n(p + strlen(TREASURES_BEFORE), &n) || n <= 0)
        return 0;
    p += strlen(TREASURES_BEFORE);
    while (g_ascii_isdigit(*p))
        p++;
    return g_str_has_prefix(p, TREASURES_AFTER) ? (guint)n : 0;
}
