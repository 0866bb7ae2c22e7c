/* SPDX-License-Identifier: MIT */
/* validate_table.c - the validation layer's host table, on the stack of
 * one resolve: each callback forwards to the host's table and hands the
 * answer to the checks of its family (validate_layer.h). It never changes
 * a call or an answer, except under FATAL, where the wrong answer and
 * everything after it become KEYACT_E_HOST (keyact-host.h). The table
 * offers exactly the members the host's table offers, so the plugin makes
 * the same calls in the same order.
 */
#include <string.h>

#include "guard.h"
#include "validate_layer.h"

static VlLayer *layer_of(const keyact_host *table)
{
    return (VlLayer *)(gpointer)table; /* the table is the layer's first member */
}

#define FORWARD_OR_FAIL(layer) \
    do { \
        if ((layer)->failed) \
            return KEYACT_E_HOST; \
    } while (0)

#define VERDICT(fail, rc) ((fail) ? KEYACT_E_HOST : (rc))

static int32_t v_library_size(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t *out_size)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_size(layer->inner, game, player, out_size);
    if (out_size == NULL || !vl_ours(layer, game, player))
        return rc;
    return VERDICT(vl_check_library_size(layer, rc, *out_size), rc);
}

static int32_t v_library_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t index_from_top,
                              keyact_card_id *out_card)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_card(layer->inner, game, player, index_from_top,
                                            out_card);
    if (out_card == NULL || !vl_ours(layer, game, player))
        return rc;
    return VERDICT(vl_check_library_card(layer, index_from_top, rc, *out_card), rc);
}

static int32_t v_move_card(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t to_zone,
                           uint32_t library_index, uint32_t flags)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    uint32_t before = vl_believed_zone(layer, card);
    if (before == 0)
        before = vl_host_zone(layer, card);
    int32_t rc = layer->inner->move_card(layer->inner, game, player, card, to_zone,
                                         library_index, flags);
    if (!vl_ours(layer, game, player))
        return rc;
    if (!vl_check_move_card(layer, card, to_zone, library_index, rc, before))
        return rc;
    vl_doubt(layer, card);
    return KEYACT_E_HOST;
}

static int32_t v_describe_card(const keyact_host *table, keyact_game_id game,
                               keyact_card_id card, keyact_card_desc *out_desc)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->describe_card(layer->inner, game, card, out_desc);
    if (out_desc == NULL || game != layer->game)
        return rc;
    if (rc != KEYACT_OK)
        return VERDICT(vl_check_refused_card(layer, "describe_card", card, rc), rc);
    return VERDICT(vl_check_description(layer, "describe_card", card, out_desc), rc);
}

static int32_t v_can_cast_face(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, keyact_card_id card, uint32_t face,
                               uint32_t *out_can)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->can_cast_face(layer->inner, game, player, card, face, out_can);
    if (out_can == NULL || !vl_ours(layer, game, player))
        return rc;
    return VERDICT(vl_check_can_cast(layer, "can_cast_face", card, face, rc, *out_can), rc);
}

static int32_t v_choose(const keyact_host *table, keyact_game_id game, keyact_player_id player,
                        keyact_card_id card, const keyact_option *options,
                        uint32_t option_count, uint32_t *out_index)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->choose(layer->inner, game, player, card, options, option_count,
                                      out_index);
    if (out_index == NULL || !vl_ours(layer, game, player))
        return rc;
    return VERDICT(vl_check_choose(layer, "choose", card, option_count, rc, *out_index), rc);
}

static int32_t v_cast_free(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t face,
                           uint32_t *out_cast)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->cast_free(layer->inner, game, player, card, face, out_cast);
    if (out_cast == NULL || !vl_ours(layer, game, player))
        return rc;
    if (!vl_check_cast(layer, "cast_free", card, face, rc, *out_cast))
        return rc;
    vl_doubt(layer, card);
    return KEYACT_E_HOST;
}

static int32_t v_random_below(const keyact_host *table, keyact_game_id game, uint32_t bound,
                              uint32_t *out_value)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->random_below(layer->inner, game, bound, out_value);
    if (rc != KEYACT_OK || out_value == NULL || bound == 0)
        return rc;
    return VERDICT(vl_check_draw(layer, "random_below", bound, *out_value), rc);
}

static void v_notify(const keyact_host *table, keyact_game_id game, const keyact_event *event)
{
    VlLayer *layer = layer_of(table);
    layer->inner->notify(layer->inner, game, event);
}

static void v_log(const keyact_host *table, int32_t level, const char *message)
{
    VlLayer *layer = layer_of(table);
    layer->inner->log(layer->inner, level, message);
}

/* Extensions are the host's own tables: handed over as they are, unchecked. */
static const void *v_get_extension(const keyact_host *table, const char *id)
{
    VlLayer *layer = layer_of(table);
    return layer->inner->get_extension(layer->inner, id);
}

static int32_t v_library_cards(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, uint32_t from_top, uint32_t count,
                               keyact_card_id *out_cards)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_cards(layer->inner, game, player, from_top, count,
                                             out_cards);
    if (out_cards == NULL || count == 0 || !vl_ours(layer, game, player))
        return rc;
    return VERDICT(vl_check_library_cards(layer, from_top, count, rc, out_cards), rc);
}

static int32_t v_describe_cards(const keyact_host *table, keyact_game_id game,
                                const keyact_card_id *cards, uint32_t count,
                                keyact_card_desc *const *out_descs)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->describe_cards(layer->inner, game, cards, count, out_descs);
    if (cards == NULL || out_descs == NULL || game != layer->game)
        return rc;
    gboolean fail = FALSE;
    for (uint32_t i = 0; i < count; i++) {
        if (rc != KEYACT_OK)
            fail |= vl_check_refused_card(layer, "describe_cards", cards[i], rc);
        else if (out_descs[i] != NULL)
            fail |= vl_check_description(layer, "describe_cards", cards[i], out_descs[i]);
    }
    return VERDICT(fail, rc);
}

static int32_t v_apply_steps(const keyact_host *table, keyact_game_id game,
                             keyact_player_id player, const keyact_step *steps, uint32_t count,
                             uint32_t *out_done)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->apply_steps(layer->inner, game, player, steps, count, out_done);
    if (out_done == NULL || steps == NULL || count == 0 || !vl_ours(layer, game, player))
        return rc;
    if (!vl_check_apply_steps(layer, steps, count, rc, *out_done))
        return rc;
    for (uint32_t i = 0; i < count; i++) {
        if (steps[i].to_zone != KEYACT_ZONE_NONE)
            vl_doubt(layer, steps[i].card);
    }
    return KEYACT_E_HOST;
}

static int32_t v_random_below_each(const keyact_host *table, keyact_game_id game,
                                   const uint32_t *bounds, uint32_t count, uint32_t *out_values)
{
    VlLayer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->random_below_each(layer->inner, game, bounds, count, out_values);
    if (rc != KEYACT_OK || bounds == NULL || out_values == NULL)
        return rc;
    gboolean fail = FALSE;
    for (uint32_t i = 0; i < count; i++) {
        if (bounds[i] != 0)
            fail |= vl_check_draw(layer, "random_below_each", bounds[i], out_values[i]);
    }
    return VERDICT(fail, rc);
}

static int32_t v_card_zone(const keyact_host *table, keyact_game_id game, keyact_card_id card,
                           uint32_t *out_zone)
{
    VlLayer *layer = layer_of(table);
    return layer->inner->card_zone(layer->inner, game, card, out_zone);
}

#define HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* The layer's table: the host's header, and a forwarding callback exactly
 * where the host has one (a member the host leaves NULL or does not have
 * stays NULL), up to this library's keyact_host. */
void vl_table_init(VlLayer *layer)
{
    const keyact_host *inner = layer->inner;
    keyact_host *t = &layer->table;

    memset(t, 0, sizeof *t);
    t->struct_size = MIN(inner->struct_size, (uint32_t)sizeof *t);
    t->abi_major = inner->abi_major;
    t->abi_minor = inner->abi_minor;
    t->reserved0 = inner->reserved0;
    t->host_data = inner->host_data;
    t->host_name = inner->host_name;
    t->library_size = inner->library_size != NULL ? v_library_size : NULL;
    t->library_card = inner->library_card != NULL ? v_library_card : NULL;
    t->move_card = inner->move_card != NULL ? v_move_card : NULL;
    t->describe_card = inner->describe_card != NULL ? v_describe_card : NULL;
    t->can_cast_face = inner->can_cast_face != NULL ? v_can_cast_face : NULL;
    t->choose = inner->choose != NULL ? v_choose : NULL;
    t->cast_free = inner->cast_free != NULL ? v_cast_free : NULL;
    t->random_below = inner->random_below != NULL ? v_random_below : NULL;
    t->notify = inner->notify != NULL ? v_notify : NULL;
    t->log = inner->log != NULL ? v_log : NULL;
    t->get_extension = inner->get_extension != NULL ? v_get_extension : NULL;
    if (HAS(inner, library_cards))
        t->library_cards = v_library_cards;
    if (HAS(inner, describe_cards))
        t->describe_cards = v_describe_cards;
    if (HAS(inner, apply_steps))
        t->apply_steps = v_apply_steps;
    if (HAS(inner, random_below_each))
        t->random_below_each = v_random_below_each;
    if (HAS(inner, card_zone))
        t->card_zone = v_card_zone;
    layer->has_card_zone = HAS(inner, card_zone);
}

static void note_skipped(VlLayer *layer)
{
    if (layer->has_card_zone ||
        !keyact_host_validator_first_skip(layer->validator, layer->inner->host_name))
        return;
    g_log(VL_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE, "host \"%s\" has %s",
          layer->inner->host_name != NULL ? layer->inner->host_name : "(unnamed)",
          keyact_host_skipped_without_card_zone);
}

static void card_free(gpointer data)
{
    VlCard *rec = data;
    g_free(rec->name);
    for (uint32_t i = 0; rec->described && i < rec->face_count; i++) {
        g_free((char *)rec->faces[i].name);
        g_free((char *)rec->faces[i].mana_cost);
    }
    g_free(rec);
}

static void give_unsettled(const VlLayer *layer, KeyactValidationResult *validation)
{
    guint n = layer->unsettled != NULL ? layer->unsettled->len : 0;

    validation->unsettled_count = n;
    for (guint i = 0; i < n && validation->unsettled != NULL &&
                      i < validation->unsettled_capacity; i++)
        validation->unsettled[i] = g_array_index(layer->unsettled, KeyactUnsettledCard, i);
}

void vl_layer_begin(VlLayer *layer, KeyactValidator *validator, KeyactValidation mode,
                    const KeyactBoundAction *bound, const keyact_host *host,
                    const keyact_resolve_args *args)
{
    *layer = (VlLayer){
        .inner = host,
        .validator = validator,
        .mode = mode,
        .game = args->game,
        .player = args->player,
        .library_size = -1,
        .last_random = "random_below",
    };
    const keyact_rules_ext *rules = bound->plugin != NULL
        ? keyact_plugin_get_extension(bound->plugin, KEYACT_EXT_RULES) : NULL;
    if (rules != NULL && rules->struct_size >= KEYACT_RULES_EXT_SIZE_1_0 &&
        rules->mana_value != NULL)
        layer->rules = rules;
    vl_table_init(layer);
    layer->cards = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, card_free);
    layer->top = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    layer->bottom = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    note_skipped(layer);
}

int32_t vl_layer_end(VlLayer *layer, int32_t status, gboolean abandoned,
                     keyact_resolve_result *result, KeyactValidationResult *validation)
{
    if (!layer->failed && !abandoned)
        vl_check_end(layer);
    if (layer->mode == KEYACT_VALIDATION_FATAL &&
        (status != KEYACT_OK || layer->failed || !(result->flags & KEYACT_RESULT_COMPLETE)))
        vl_settle(layer, result);
    if (validation != NULL) {
        validation->n_reports = layer->n_violations;
        validation->skipped = layer->has_card_zone ? NULL : keyact_host_skipped_without_card_zone;
        give_unsettled(layer, validation);
    }
    if (layer->unsettled != NULL)
        g_array_unref(layer->unsettled);
    g_array_unref(layer->bottom);
    g_array_unref(layer->top);
    g_hash_table_unref(layer->cards);
    if (layer->mode == KEYACT_VALIDATION_FATAL && layer->n_violations > 0)
        return KEYACT_E_HOST;
    return status;
}

int32_t keyact_host_validate_resolve(KeyactValidator *validator, KeyactValidation mode,
                                     const KeyactBoundAction *bound, const keyact_host *host,
                                     const keyact_resolve_args *args,
                                     keyact_resolve_result *result,
                                     KeyactValidationResult *validation)
{
    VlLayer layer;

    vl_layer_begin(&layer, validator, mode, bound, host, args);
    int32_t status = keyact_guarded_resolve(bound, &layer.table, args, result);
    return vl_layer_end(&layer, status, FALSE, result, validation);
}
