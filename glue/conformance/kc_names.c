/* SPDX-License-Identifier: MIT */
/* kc_names.c - names for the messages of a failed case. */
#include "kc_names.h"

char *kc_card_name(const KcGame *game, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        return g_strdup("no card");
    const keyact_card_desc *desc = fake_host_card_desc(game->host, card);
    if (desc == NULL)
        return g_strdup_printf("unknown card %" G_GUINT64_FORMAT, card);
    GString *name = g_string_new(NULL);
    for (uint32_t i = 0; i < desc->face_count; i++)
        g_string_append_printf(name, "%s%s", i > 0 ? " // " : "", desc->faces[i]->name);
    return g_string_free(name, FALSE);
}

char *kc_face_name(const KcGame *game, keyact_card_id card, uint32_t face)
{
    if (face == KEYACT_FACE_NONE)
        return g_strdup("no face");
    const keyact_card_desc *desc = fake_host_card_desc(game->host, card);
    if (desc == NULL || face >= desc->face_count)
        return g_strdup_printf("face %u", face);
    return g_strdup(desc->faces[face]->name);
}

char *kc_face_list(const KcGame *game, keyact_card_id card, uint32_t faces)
{
    if (faces == 0)
        return g_strdup("none");
    GString *list = g_string_new(NULL);
    for (uint32_t face = 0; face < 32; face++) {
        if ((faces & (1u << face)) == 0)
            continue;
        g_autofree char *name = kc_face_name(game, card, face);
        g_string_append_printf(list, "%s%s", list->len > 0 ? ", " : "", name);
    }
    return g_string_free(list, FALSE);
}

char *kc_outcome_name(uint32_t outcome)
{
    static const char *const names[] = {
        [KEYACT_OUTCOME_NONE] = "KEYACT_OUTCOME_NONE",
        [KEYACT_OUTCOME_CAST] = "KEYACT_OUTCOME_CAST",
        [KEYACT_OUTCOME_HAND] = "KEYACT_OUTCOME_HAND",
        [KEYACT_OUTCOME_BOTTOM] = "KEYACT_OUTCOME_BOTTOM",
    };
    if (outcome < G_N_ELEMENTS(names))
        return g_strdup(names[outcome]);
    return g_strdup_printf("outcome %u", outcome);
}

char *kc_option_list(const KcGame *game, keyact_card_id card, const keyact_option *options,
                     guint n_options)
{
    GString *list = g_string_new(NULL);
    for (guint i = 0; i < n_options; i++) {
        g_autofree char *what = NULL;
        switch (options[i].kind) {
        case KEYACT_OPTION_CAST_FACE: {
            g_autofree char *face = kc_face_name(game, card, options[i].face);
            what = g_strdup_printf("cast %s", face);
            break;
        }
        case KEYACT_OPTION_TO_HAND:
            what = g_strdup("TO_HAND");
            break;
        case KEYACT_OPTION_TO_BOTTOM:
            what = g_strdup("TO_BOTTOM");
            break;
        default:
            what = g_strdup_printf("kind %u", options[i].kind);
            break;
        }
        g_string_append_printf(list, "%s%s", i > 0 ? ", " : "", what);
    }
    return g_string_free(list, FALSE);
}
