/* SPDX-License-Identifier: MIT */
/* policy.c - the scripted player of a scenario step. */
#include "policy.h"

gboolean ref_policy_names_face(const GPtrArray *names, const RefCard *card, guint face)
{
    for (guint i = 0; i < names->len; i++) {
        const char *name = g_ptr_array_index(names, i);
        if (g_ascii_strcasecmp(name, card->name) == 0)
            return TRUE;
        if (face < card->n_faces && g_ascii_strcasecmp(name, card->faces[face].name) == 0)
            return TRUE;
    }
    return FALSE;
}

/* The option that does not cast: to hand (discover) or to the bottom
 * (cascade). */
static gint find_decline(const keyact_option *options, guint n_options)
{
    for (guint i = 0; i < n_options; i++)
        if (options[i].kind == KEYACT_OPTION_TO_HAND || options[i].kind == KEYACT_OPTION_TO_BOTTOM)
            return (gint)i;
    return 0; /* the plugin promises one; 0 keeps a bad table in range */
}

gint ref_policy_choose(const RefPolicy *policy, const RefCard *card,
                       const keyact_option *options, guint n_options)
{
    const char *choice = "cast";
    if (policy->choose->len > 0) {
        guint i = MIN(policy->n_choices, policy->choose->len - 1);
        choice = g_ptr_array_index(policy->choose, i);
    }
    if (g_str_equal(choice, "hand") || g_str_equal(choice, "bottom"))
        return find_decline(options, n_options);
    const char *face_name = g_str_has_prefix(choice, "face:") ? choice + 5 : NULL;
    for (guint i = 0; i < n_options; i++) {
        if (options[i].kind != KEYACT_OPTION_CAST_FACE)
            continue;
        if (face_name == NULL)
            return (gint)i;
        if (options[i].face < card->n_faces &&
            g_ascii_strcasecmp(face_name, card->faces[options[i].face].name) == 0)
            return (gint)i;
    }
    return find_decline(options, n_options);
}

gboolean ref_policy_choice_valid(const char *choice)
{
    return g_str_equal(choice, "cast") || g_str_equal(choice, "hand") ||
           g_str_equal(choice, "bottom") ||
           (g_str_has_prefix(choice, "face:") && choice[5] != '\0');
}
