/* SPDX-License-Identifier: MIT */
/* carddb-cascade.c - how many times a face has cascade (CR 702.85), read
 * from its oracle text. make-builtin.py applies the same rule in Python.
 *
 * Cascade is printed on a keyword line, alone or with other keywords, one
 * word per instance: "Cascade", "Cascade, cascade" (Maelstrom Wanderer),
 * "Flying, cascade". Each comma-separated item of a line that is exactly
 * "Cascade" or "cascade" is one instance (CR 702.85c: each triggers
 * separately). Reminder text in parentheses is ignored. A sentence that only
 * mentions cascade ("The first spell you cast each turn has cascade.",
 * "Delirium - This spell has cascade as long as ...") gives or grants it
 * under a condition; it is not an instance on the card and counts 0.
 */
#include "carddb-private.h"

#include <string.h>

guint ref_cascade_from_text(const char *oracle_text)
{
    /* Fast path: nearly every card never mentions it. */
    if (oracle_text == NULL || strstr(oracle_text, "ascade") == NULL)
        return 0;
    g_autofree char *text = ref_text_without_reminders(oracle_text);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    guint count = 0;
    for (guint l = 0; lines[l] != NULL; l++) {
        g_auto(GStrv) items = g_strsplit(lines[l], ",", -1);
        for (guint i = 0; items[i] != NULL; i++)
            if (g_ascii_strcasecmp(g_strstrip(items[i]), "cascade") == 0)
                count++;
    }
    return count;
}

gboolean ref_keywords_have_cascade(JsonArray *keywords)
{
    guint n = json_array_get_length(keywords);
    for (guint i = 0; i < n; i++) {
        JsonNode *node = json_array_get_element(keywords, i);
        if (JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == G_TYPE_STRING
            && g_ascii_strcasecmp(json_node_get_string(node), "Cascade") == 0)
            return TRUE;
    }
    return FALSE;
}
