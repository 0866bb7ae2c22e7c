/* SPDX-License-Identifier: MIT */
/* validate_describe.c - the checks of a description (describe_card, each
 * of describe_cards, and the layer's own describe_card of every moved card
 * after the resolve): a known layout with the faces it casts, costs the
 * plugin can read, and the same answer every time. Two answers that differ
 * name both callbacks when they came from two (describe_cards, then
 * describe_card): the layer cannot tell which one is wrong.
 */
#include "validate_layer.h"

static gboolean same_string(const char *a, const char *b)
{
    return g_strcmp0(a != NULL ? a : "", b != NULL ? b : "") == 0;
}

/* The layouts whose second face is cast on its own (card.h) need it
 * described. A back face that is never cast (transform, flip, meld) may be
 * left out, and a NORMAL card may carry more (a reversible card): real
 * card data describes them both ways. */
static gboolean face_count_fits(uint32_t layout, uint32_t count)
{
    switch (layout) {
    case KEYACT_LAYOUT_SPLIT:
    case KEYACT_LAYOUT_AFTERMATH:
    case KEYACT_LAYOUT_ADVENTURE:
    case KEYACT_LAYOUT_MODAL_DFC:
        return count >= 2;
    default:
        return TRUE;
    }
}

/* The shape: NULL when usable, else what is wrong with it. */
static char *shape_problem(const keyact_card_desc *desc)
{
    if (desc->struct_size < KEYACT_CARD_DESC_SIZE_1_0)
        return g_strdup_printf("answered a description of %u bytes (struct_size), less than ABI "
                               "1.0's %zu", desc->struct_size, (size_t)KEYACT_CARD_DESC_SIZE_1_0);
    if (desc->face_count == 0 || desc->face_count > KEYACT_MAX_FACES)
        return g_strdup_printf("answered face_count %u", desc->face_count);
    for (uint32_t i = 0; i < desc->face_count; i++) {
        const keyact_face_desc *face = desc->faces[i];
        if (face == NULL || face->struct_size < KEYACT_FACE_DESC_SIZE_1_0 || face->name == NULL)
            return g_strdup_printf("answered face %u %s", i,
                                   face == NULL ? "as NULL"
                                   : face->name == NULL ? "with no name (NULL)"
                                                        : "with a struct_size below ABI 1.0's");
    }
    return NULL;
}

static void remember(VlCard *rec, const char *callback, const keyact_card_desc *desc)
{
    rec->described = TRUE;
    rec->described_by = callback;
    rec->layout = desc->layout;
    rec->face_count = desc->face_count;
    /* Copies of the strings: a stepped resolve's host may free them once
     * the step that asked returns (host.h), and the end checks compare. */
    for (uint32_t i = 0; i < desc->face_count; i++) {
        rec->faces[i] = *desc->faces[i];
        rec->faces[i].name = g_strdup(desc->faces[i]->name);
        rec->faces[i].mana_cost = g_strdup(desc->faces[i]->mana_cost);
    }
}

/* This answer against the first one. */
static gboolean check_stable(VlLayer *layer, const char *callback, VlCard *rec,
                             const keyact_card_desc *desc)
{
    const char *first = rec->described_by;
    const char *other = g_strcmp0(first, callback) != 0 ? callback : NULL;
    const char *then = other != NULL ? first : "it";

    if (rec->layout != desc->layout || rec->face_count != desc->face_count)
        return vl_report(layer, VL_RULE_DESCRIBE_STABLE, first, other, rec->card,
                         "%s answered layout %u with %u faces, after %s answered layout %u with "
                         "%u faces", callback, desc->layout, desc->face_count, then, rec->layout,
                         rec->face_count);
    for (uint32_t i = 0; i < desc->face_count; i++) {
        const keyact_face_desc *now = desc->faces[i], *was = &rec->faces[i];
        if (!same_string(now->name, was->name) || !same_string(now->mana_cost, was->mana_cost) ||
            now->flags != was->flags)
            return vl_report(layer, VL_RULE_DESCRIBE_STABLE, first, other, rec->card,
                             "%s answered face %u as \"%s\" %s (flags %u), after %s answered "
                             "\"%s\" %s (flags %u)", callback, i, now->name,
                             now->mana_cost != NULL ? now->mana_cost : "", now->flags, then,
                             was->name, was->mana_cost != NULL ? was->mana_cost : "",
                             was->flags);
    }
    return FALSE;
}

gboolean vl_check_description(VlLayer *layer, const char *callback, keyact_card_id card,
                              const keyact_card_desc *desc)
{
    VlCard *rec = vl_card(layer, card);
    gboolean fail = FALSE;

    if (rec == NULL)
        return FALSE;
    g_autofree char *problem = shape_problem(desc);
    if (problem != NULL)
        return vl_report(layer, VL_RULE_DESCRIBE_VALID, callback, NULL, card, "%s", problem);
    if (rec->name == NULL) {
        GString *name = g_string_new(desc->faces[0]->name);
        for (uint32_t i = 1; i < desc->face_count; i++)
            g_string_append_printf(name, " // %s", desc->faces[i]->name);
        rec->name = g_string_free(name, FALSE);
    }
    if (desc->layout >= KEYACT_LAYOUT_COUNT)
        fail |= vl_report(layer, VL_RULE_DESCRIBE_VALID, callback, NULL, card,
                          "answered layout %u, not a KEYACT_LAYOUT_* value", desc->layout);
    else if (!face_count_fits(desc->layout, desc->face_count))
        fail |= vl_report(layer, VL_RULE_DESCRIBE_VALID, callback, NULL, card,
                          "answered layout %s with %u faces", keyact_layout_name(desc->layout),
                          desc->face_count);
    for (uint32_t i = 0; layer->rules != NULL && i < desc->face_count; i++) {
        uint32_t halves = 0, offset = 0;
        const char *cost = desc->faces[i]->mana_cost;
        if (layer->rules->mana_value(cost, &halves, &offset) != KEYACT_OK)
            fail |= vl_report(layer, VL_RULE_DESCRIBE_COST, callback, NULL, card,
                              "answered face %u's mana cost \"%s\", unreadable at byte %u", i,
                              cost, offset);
    }
    if (!rec->described) {
        remember(rec, callback, desc);
        return fail;
    }
    return fail | check_stable(layer, callback, rec, desc);
}
