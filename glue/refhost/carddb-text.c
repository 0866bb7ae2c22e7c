/* SPDX-License-Identifier: MIT */
/* carddb-text.c - facts read from printed text: layout names, type lines,
 * and oracle text without its reminders. */
#include "carddb-private.h"

#include <string.h>

/* The layouts the rules know, as card data (Scryfall, MTGJSON) names them. */
static const char *const layout_names[KEYACT_LAYOUT_COUNT] = {
    [KEYACT_LAYOUT_NORMAL] = "normal",
    [KEYACT_LAYOUT_SPLIT] = "split",
    [KEYACT_LAYOUT_AFTERMATH] = "aftermath",
    [KEYACT_LAYOUT_ADVENTURE] = "adventure",
    [KEYACT_LAYOUT_MODAL_DFC] = "modal_dfc",
    [KEYACT_LAYOUT_TRANSFORM] = "transform",
    [KEYACT_LAYOUT_FLIP] = "flip",
    [KEYACT_LAYOUT_MELD] = "meld",
};

guint32 ref_layout_from_name(const char *layout_name)
{
    /* Everything else (saga, class, leveler, token, ...) plays as one face;
     * the card keeps its layout_name. */
    if (layout_name == NULL)
        return KEYACT_LAYOUT_NORMAL;
    for (guint32 layout = 0; layout < KEYACT_LAYOUT_COUNT; layout++)
        if (strcmp(layout_name, layout_names[layout]) == 0)
            return layout;
    return KEYACT_LAYOUT_NORMAL;
}

const char *ref_layout_name(guint32 layout)
{
    return layout_names[layout < KEYACT_LAYOUT_COUNT ? layout : KEYACT_LAYOUT_NORMAL];
}

/* The card types and supertypes: the part of a type line before the em
 * dash (U+2014) that starts the subtypes; older data uses " - ". */
static char *types_part(const char *type_line)
{
    const char *end = strstr(type_line, "\xE2\x80\x94");
    const char *hyphen = strstr(type_line, " - ");
    if (end == NULL || (hyphen != NULL && hyphen < end))
        end = hyphen;
    return end != NULL ? g_strndup(type_line, (gsize)(end - type_line)) : g_strdup(type_line);
}

gboolean ref_type_line_has(const char *type_line, const char *word)
{
    if (type_line == NULL)
        return FALSE;
    g_autofree char *types = types_part(type_line);
    g_auto(GStrv) words = g_strsplit_set(types, " \t", -1);
    for (guint i = 0; words[i] != NULL; i++)
        if (strcmp(words[i], word) == 0)
            return TRUE;
    return FALSE;
}

gboolean ref_type_line_is_permanent(const char *type_line)
{
    static const char *const permanent[] = {
        "Artifact", "Creature", "Enchantment", "Planeswalker", "Land", "Battle",
    };
    for (gsize i = 0; i < G_N_ELEMENTS(permanent); i++)
        if (ref_type_line_has(type_line, permanent[i]))
            return TRUE;
    return FALSE;
}

char *ref_text_without_reminders(const char *text)
{
    GString *s = g_string_sized_new(strlen(text));
    guint depth = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')' && depth > 0)
            depth--;
        else if (depth == 0)
            g_string_append_c(s, *p);
    }
    return g_string_free(s, FALSE);
}
