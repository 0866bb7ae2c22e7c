/* SPDX-License-Identifier: MIT */
/* validate_layer.c - the validation layer: a host table, on the stack of one
 * resolve, that forwards every callback to the host's table and checks the
 * answer against host.h, action.h and keyact-plugin(7).
 *
 * It never changes a call or an answer (except in FATAL mode, where the
 * wrong answer and everything after it become KEYACT_E_HOST, keyact-host.h).
 * Its table offers exactly the members the host's table offers, so the
 * plugin makes the same calls in the same order. To see what the host did it
 * keeps a model of the plugin's side of the game: the cards it was shown on
 * top of the library, the library's size, where it put each card, how each
 * card was described. When the host has card_zone (ABI 1.2) the layer asks
 * it where a card went after each move and cast; after the plugin returned
 * it asks library_size and library_card to see the library as the plugin
 * left it. Memory: one record per card the plugin saw, freed at the end.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "keyact-host-private.h"

#define LOG_DOMAIN "keyact-validate"

/* The rules, in keyact's words. One bit each, to report each once per card
 * (or once per resolve for a violation about no card). */
typedef enum {
    RULE_LIBRARY_SIZE,
    RULE_LIBRARY_CARD_RANGE,
    RULE_LIBRARY_AGREES,
    RULE_LIBRARY_CARDS_ANSWER,
    RULE_MOVE_DESTINATION,
    RULE_MOVE_FAILED_STAYS,
    RULE_DESCRIBE_VALID,
    RULE_DESCRIBE_COST,
    RULE_DESCRIBE_STABLE,
    RULE_CAN_CAST_RANGE,
    RULE_CAN_CAST_STABLE,
    RULE_CHOOSE_RANGE,
    RULE_CAST_FREE_RANGE,
    RULE_CAST_DONE_ON_STACK,
    RULE_CAST_FAILED_IN_EXILE,
    RULE_RANDOM_RANGE,
    RULE_RANDOM_UNIFORM,
    RULE_APPLY_STEPS_DONE,
    RULE_END_ZONES,
    RULE_COUNT
} Rule;

static const char *const rule_text[RULE_COUNT] = {
    [RULE_LIBRARY_SIZE] = "library_size falls by one for each card moved out of the library "
                          "and rises by one for each card put into it",
    [RULE_LIBRARY_CARD_RANGE] = "library_card answers a card for every index below "
                                "library_size and KEYACT_E_NOTFOUND past the end",
    [RULE_LIBRARY_AGREES] = "library_card and library_cards agree with each other and with "
                            "the plugin's moves: a card moved from the top is no longer at "
                            "index 0, and no card is at two indexes",
    [RULE_LIBRARY_CARDS_ANSWER] = "library_cards answers KEYACT_E_NOTFOUND exactly when the "
                                  "library holds fewer than from_top + count cards",
    [RULE_MOVE_DESTINATION] = "a move that succeeded put the card where it was asked",
    [RULE_MOVE_FAILED_STAYS] = "a move that failed left the card where it was",
    [RULE_DESCRIBE_VALID] = "a description has a known layout, 1..8 faces (two or more for "
                            "a split, aftermath, adventure or modal double-faced card), and "
                            "every face a struct_size and a name",
    [RULE_DESCRIBE_COST] = "a face's mana cost is a printed cost keyact can read "
                           "(keyact-plugin(7), MANA COSTS)",
    [RULE_DESCRIBE_STABLE] = "a card is described the same way every time",
    [RULE_CAN_CAST_RANGE] = "can_cast_face answers 0 or 1",
    [RULE_CAN_CAST_STABLE] = "can_cast_face answers the same for a face every time it is asked",
    [RULE_CHOOSE_RANGE] = "choose answers an index below option_count",
    [RULE_CAST_FREE_RANGE] = "cast_free answers KEYACT_CAST_DONE or KEYACT_CAST_FAILED",
    [RULE_CAST_DONE_ON_STACK] = "a cast_free that answered KEYACT_CAST_DONE moved the card out "
                                "of exile onto the stack",
    [RULE_CAST_FAILED_IN_EXILE] = "a cast_free that answered KEYACT_CAST_FAILED (or failed) "
                                  "left the card in exile",
    [RULE_RANDOM_RANGE] = "random_below answers below its bound",
    [RULE_RANDOM_UNIFORM] = "random draws are uniform in [0, bound)",
    [RULE_APPLY_STEPS_DONE] = "apply_steps sets out_done to count on success and to the "
                              "failing step's index on failure",
    [RULE_END_ZONES] = "at the end of a resolve every card the plugin moved is where the "
                       "plugin put it, and in one place",
};

/* What the layer knows of one card. */
typedef struct {
    keyact_card_id card;
    uint32_t zone;             /* where the plugin put it (KEYACT_ZONE_*), 0: not moved */
    gboolean in_library;       /* the host answered it from the library, or the plugin put it there */
    guint32 reported;          /* Rule bits already reported for this card */
    char *name;                /* "Fire // Ice", from the first valid description */
    gboolean described;
    uint32_t layout;
    uint32_t face_count;
    keyact_face_desc faces[KEYACT_MAX_FACES]; /* the first answer; strings host-owned */
    guint32 can_cast_asked;    /* bit per face */
    guint32 can_cast_yes;
} CardRecord;

typedef struct {
    keyact_host table;             /* first: the plugin is handed &layer->table */
    const keyact_host *inner;      /* the host's table, as the resolve was given it */
    KeyactValidator *validator;
    KeyactValidation mode;
    const keyact_rules_ext *rules; /* the plugin's cost reader, or NULL */
    keyact_game_id game;
    keyact_player_id player;
    gboolean has_card_zone;
    GHashTable *cards;             /* &record->card -> CardRecord (owned) */
    gint64 library_size;           /* the plugin's library as its moves leave it; -1 unknown */
    GArray *top;                   /* keyact_card_id: the library's first cards, as answered */
    GArray *bottom;                /* keyact_card_id: cards the plugin put at the bottom, in order */
    guint32 reported;              /* Rule bits reported about no card */
    gboolean failed;               /* FATAL and a violation: every later callback fails */
    guint n_violations;
    KeyactRandomStats draws;
    const char *last_random;       /* "random_below" or "random_below_each" */
} Layer;

static Layer *layer_of(const keyact_host *table)
{
    return (Layer *)(gpointer)table; /* the table is the layer's first member */
}

/* ---- records ---- */

static CardRecord *record(Layer *layer, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        return NULL;
    CardRecord *rec = g_hash_table_lookup(layer->cards, &card);
    if (rec == NULL) {
        rec = g_new0(CardRecord, 1);
        rec->card = card;
        g_hash_table_insert(layer->cards, &rec->card, rec);
    }
    return rec;
}

static void record_free(gpointer data)
{
    CardRecord *rec = data;
    g_free(rec->name);
    g_free(rec);
}

static const char *zone_name(uint32_t zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "the library";
    case KEYACT_ZONE_EXILE: return "exile";
    case KEYACT_ZONE_HAND: return "the hand";
    case KEYACT_ZONE_STACK: return "the stack";
    case KEYACT_ZONE_BATTLEFIELD: return "the battlefield";
    case KEYACT_ZONE_GRAVEYARD: return "the graveyard";
    case KEYACT_ZONE_OTHER: return "another zone";
    default: return "an unknown zone";
    }
}

/* Where a card is, as a phrase: "in exile", "on the stack". */
static const char *zone_where(uint32_t zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "in the library";
    case KEYACT_ZONE_EXILE: return "in exile";
    case KEYACT_ZONE_HAND: return "in the hand";
    case KEYACT_ZONE_STACK: return "on the stack";
    case KEYACT_ZONE_BATTLEFIELD: return "on the battlefield";
    case KEYACT_ZONE_GRAVEYARD: return "in the graveyard";
    case KEYACT_ZONE_OTHER: return "in another zone";
    default: return "in an unknown zone";
    }
}

/* ---- reports ---- */

/* Report a violation of `rule` by `callback` about `card` (or
 * KEYACT_CARD_NONE), once per resolve and card. Returns TRUE when the
 * callback must now answer KEYACT_E_HOST (FATAL). */
G_GNUC_PRINTF(5, 6)
static gboolean violate(Layer *layer, Rule rule, const char *callback, keyact_card_id card,
                        const char *answer_format, ...)
{
    CardRecord *rec = card != KEYACT_CARD_NONE ? record(layer, card) : NULL;
    guint32 *reported = rec != NULL ? &rec->reported : &layer->reported;
    gboolean fatal = layer->mode == KEYACT_VALIDATION_FATAL;

    if ((*reported & (1u << rule)) != 0 || (fatal && layer->failed))
        return fatal;
    *reported |= 1u << rule;
    layer->n_violations++;

    va_list args;
    va_start(args, answer_format);
    g_autofree char *answer = g_strdup_vprintf(answer_format, args);
    va_end(args);

    g_autoptr(GString) message = g_string_new(NULL);
    g_string_append_printf(message, "host \"%s\": %s", layer->inner->host_name != NULL
                                                           ? layer->inner->host_name : "(unnamed)",
                           callback);
    if (card != KEYACT_CARD_NONE) {
        g_string_append_printf(message, ", card %" G_GUINT64_FORMAT, (guint64)card);
        if (rec->name != NULL)
            g_string_append_printf(message, " \"%s\"", rec->name);
    }
    g_string_append_printf(message, ": %s; rule: %s", answer, rule_text[rule]);
    if (fatal)
        g_string_append(message, " (KEYACT_VALIDATE=fatal: the resolve fails with KEYACT_E_HOST)");

    KeyactViolation violation = {
        .callback = callback,
        .card = card,
        .card_name = rec != NULL ? rec->name : NULL,
        .answer = answer,
        .rule = rule_text[rule],
        .message = message->str,
    };
    keyact_host_validator_report(layer->validator, layer->inner, &violation);
    if (fatal)
        layer->failed = TRUE;
    return fatal;
}

/* ---- the library model ---- */

static gboolean ours(const Layer *layer, keyact_game_id game, keyact_player_id player)
{
    return game == layer->game && player == layer->player;
}

static gint top_index_of(const Layer *layer, keyact_card_id card)
{
    for (guint i = 0; i < layer->top->len; i++) {
        if (g_array_index(layer->top, keyact_card_id, i) == card)
            return (gint)i;
    }
    return -1;
}

/* The host answered `card` at `index` from the top (by `callback`). Returns
 * TRUE when the answer must become KEYACT_E_HOST. */
static gboolean saw_library_card(Layer *layer, const char *callback, uint32_t index,
                                 keyact_card_id card)
{
    gboolean fail = FALSE;

    if (card == KEYACT_CARD_NONE)
        return violate(layer, RULE_LIBRARY_CARD_RANGE, callback, KEYACT_CARD_NONE,
                       "answered KEYACT_CARD_NONE for index %u and returned success", index);
    if (layer->library_size >= 0 && index >= layer->library_size)
        fail |= violate(layer, RULE_LIBRARY_CARD_RANGE, callback, card,
                        "answered a card for index %u of a library that holds %" G_GINT64_FORMAT
                        " cards", index, layer->library_size);

    CardRecord *rec = record(layer, card);
    if (rec->zone != 0 && rec->zone != KEYACT_ZONE_LIBRARY)
        fail |= violate(layer, RULE_LIBRARY_AGREES, callback, card,
                        "answered the card at index %u of the library, but the plugin moved it "
                        "to %s (and the move answered success)", index, zone_name(rec->zone));

    if (index < layer->top->len) {
        keyact_card_id known = g_array_index(layer->top, keyact_card_id, index);
        if (known != card)
            fail |= violate(layer, RULE_LIBRARY_AGREES, callback, card,
                            "answered it at index %u, where the library held card %"
                            G_GUINT64_FORMAT " by the earlier answers and the moves since",
                            index, (guint64)known);
    } else if (index == layer->top->len) {
        gint at = top_index_of(layer, card);
        if (at >= 0)
            fail |= violate(layer, RULE_LIBRARY_AGREES, callback, card,
                            "answered it at index %u, and it was answered at index %d too",
                            index, at);
        else
            g_array_append_val(layer->top, card);
    }
    rec->in_library = TRUE;
    return fail;
}

/* KEYACT_E_NOTFOUND for indexes [from, end): right only past the end. */
static gboolean check_not_found(Layer *layer, Rule rule, const char *callback, uint32_t from,
                                uint32_t end)
{
    if (layer->library_size < 0 || end > layer->library_size)
        return FALSE;
    if (end - from == 1)
        return violate(layer, rule, callback, KEYACT_CARD_NONE,
                       "answered KEYACT_E_NOTFOUND for index %u of a library that holds %"
                       G_GINT64_FORMAT " cards (library_size)", from, layer->library_size);
    return violate(layer, rule, callback, KEYACT_CARD_NONE,
                   "answered KEYACT_E_NOTFOUND for indexes %u to %u of a library that holds %"
                   G_GINT64_FORMAT " cards (library_size)", from, end - 1, layer->library_size);
}

/* The plugin's move of `card` to `to_zone` succeeded: update the model. */
static void model_moved(Layer *layer, keyact_card_id card, uint32_t to_zone,
                        uint32_t library_index)
{
    CardRecord *rec = record(layer, card);
    gboolean was_in_library = rec->zone != 0 ? rec->zone == KEYACT_ZONE_LIBRARY
                                             : rec->in_library;
    gint64 size_before = layer->library_size;

    if (was_in_library) {
        gint at = top_index_of(layer, card);
        if (at >= 0)
            g_array_remove_index(layer->top, (guint)at);
        else
            g_array_set_size(layer->top, 0); /* indexes below it are unknown now */
        for (guint i = 0; i < layer->bottom->len; i++) {
            if (g_array_index(layer->bottom, keyact_card_id, i) == card) {
                g_array_remove_index(layer->bottom, i);
                break;
            }
        }
        if (layer->library_size > 0)
            layer->library_size--;
        size_before = layer->library_size;
    }
    if (to_zone == KEYACT_ZONE_LIBRARY) {
        if (library_index == KEYACT_LIBRARY_BOTTOM) {
            if (size_before >= 0 && layer->top->len == size_before)
                g_array_append_val(layer->top, card);
            g_array_append_val(layer->bottom, card);
        } else if (library_index <= layer->top->len) {
            g_array_insert_val(layer->top, library_index, card);
        } else {
            g_array_set_size(layer->bottom, 0);
        }
        if (layer->library_size >= 0)
            layer->library_size++;
    }
    rec->zone = to_zone;
    rec->in_library = to_zone == KEYACT_ZONE_LIBRARY;
}

/* Where the plugin believes `card` is, or 0 when the layer does not know. */
static uint32_t believed_zone(Layer *layer, keyact_card_id card)
{
    const CardRecord *rec = g_hash_table_lookup(layer->cards, &card);
    if (rec == NULL)
        return 0;
    if (rec->zone != 0)
        return rec->zone;
    return rec->in_library ? KEYACT_ZONE_LIBRARY : 0;
}

/* card_zone, or 0 when the host has none or it fails. */
static uint32_t host_zone(Layer *layer, keyact_card_id card)
{
    uint32_t zone = 0;
    if (!layer->has_card_zone ||
        layer->inner->card_zone(layer->inner, layer->game, card, &zone) != KEYACT_OK)
        return 0;
    return zone;
}

/* After a move of `card` to `to_zone` that answered `rc`: where did it go? */
static gboolean check_move(Layer *layer, const char *callback, keyact_card_id card,
                           uint32_t to_zone, uint32_t library_index, int32_t rc,
                           uint32_t zone_before)
{
    gboolean fail = FALSE;
    uint32_t zone_after = host_zone(layer, card);

    if (rc == KEYACT_OK) {
        if (zone_after != 0 && zone_after != to_zone)
            fail = violate(layer, RULE_MOVE_DESTINATION, callback, card,
                           "moving the card to %s answered success, but card_zone says it is "
                           "%s", zone_name(to_zone), zone_where(zone_after));
        model_moved(layer, card, to_zone, library_index);
    } else if (zone_before != 0 && zone_after != 0 && zone_after != zone_before) {
        fail = violate(layer, RULE_MOVE_FAILED_STAYS, callback, card,
                       "moving the card to %s answered %s, but card_zone says it went from "
                       "%s to %s", zone_name(to_zone), keyact_status_name(rc),
                       zone_name(zone_before), zone_name(zone_after));
    }
    return fail;
}

/* ---- descriptions ---- */

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

static gboolean check_description(Layer *layer, const char *callback, keyact_card_id card,
                                  const keyact_card_desc *desc)
{
    gboolean fail = FALSE;
    CardRecord *rec = record(layer, card);

    if (rec == NULL)
        return FALSE;
    if (desc->struct_size < KEYACT_CARD_DESC_SIZE_1_0)
        return violate(layer, RULE_DESCRIBE_VALID, callback, card,
                       "answered a description of %u bytes (struct_size), less than ABI "
                       "1.0's %zu", desc->struct_size, (size_t)KEYACT_CARD_DESC_SIZE_1_0);
    if (desc->face_count == 0 || desc->face_count > KEYACT_MAX_FACES)
        return violate(layer, RULE_DESCRIBE_VALID, callback, card,
                       "answered face_count %u", desc->face_count);
    for (uint32_t i = 0; i < desc->face_count; i++) {
        const keyact_face_desc *face = desc->faces[i];
        if (face == NULL || face->struct_size < KEYACT_FACE_DESC_SIZE_1_0 || face->name == NULL)
            return violate(layer, RULE_DESCRIBE_VALID, callback, card,
                           "answered face %u %s", i,
                           face == NULL ? "as NULL"
                           : face->name == NULL ? "with no name (NULL)"
                                                : "with a struct_size below ABI 1.0's");
    }
    if (rec->name == NULL) {
        GString *name = g_string_new(desc->faces[0]->name);
        for (uint32_t i = 1; i < desc->face_count; i++)
            g_string_append_printf(name, " // %s", desc->faces[i]->name);
        rec->name = g_string_free(name, FALSE);
    }
    if (desc->layout >= KEYACT_LAYOUT_COUNT)
        fail |= violate(layer, RULE_DESCRIBE_VALID, callback, card,
                        "answered layout %u, not a KEYACT_LAYOUT_* value", desc->layout);
    else if (!face_count_fits(desc->layout, desc->face_count))
        fail |= violate(layer, RULE_DESCRIBE_VALID, callback, card,
                        "answered layout %s with %u faces", keyact_layout_name(desc->layout),
                        desc->face_count);
    for (uint32_t i = 0; layer->rules != NULL && i < desc->face_count; i++) {
        uint32_t halves = 0, offset = 0;
        const char *cost = desc->faces[i]->mana_cost;
        if (layer->rules->mana_value(cost, &halves, &offset) != KEYACT_OK)
            fail |= violate(layer, RULE_DESCRIBE_COST, callback, card,
                            "answered face %u's mana cost \"%s\", unreadable at byte %u", i,
                            cost, offset);
    }

    if (!rec->described) {
        rec->described = TRUE;
        rec->layout = desc->layout;
        rec->face_count = desc->face_count;
        for (uint32_t i = 0; i < desc->face_count; i++)
            rec->faces[i] = *desc->faces[i];
        return fail;
    }
    if (rec->layout != desc->layout || rec->face_count != desc->face_count)
        return fail | violate(layer, RULE_DESCRIBE_STABLE, callback, card,
                              "answered layout %u with %u faces, after layout %u with %u faces",
                              desc->layout, desc->face_count, rec->layout, rec->face_count);
    for (uint32_t i = 0; i < desc->face_count; i++) {
        const keyact_face_desc *now = desc->faces[i], *then = &rec->faces[i];
        if (!same_string(now->name, then->name) || !same_string(now->mana_cost, then->mana_cost) ||
            now->flags != then->flags)
            return fail | violate(layer, RULE_DESCRIBE_STABLE, callback, card,
                                  "answered face %u as \"%s\" %s (flags %u), after \"%s\" %s "
                                  "(flags %u)", i, now->name,
                                  now->mana_cost != NULL ? now->mana_cost : "",
                                  now->flags, then->name,
                                  then->mana_cost != NULL ? then->mana_cost : "", then->flags);
    }
    return fail;
}

/* ---- random draws ---- */

static gboolean saw_draw(Layer *layer, const char *callback, uint32_t bound, uint32_t value)
{
    layer->last_random = callback;
    if (value >= bound)
        return violate(layer, RULE_RANDOM_RANGE, callback, KEYACT_CARD_NONE,
                       "answered %u for bound %u", value, bound);
    if (bound >= 2) {
        double b = (double)bound;
        double d = ((double)value - (b - 1.0) / 2.0) / sqrt((b * b - 1.0) / 12.0);
        layer->draws.n++;
        layer->draws.sum += d;
        layer->draws.sum_sq += d * d;
    }
    return FALSE;
}

/* ---- the callbacks ---- */

#define FORWARD_OR_FAIL(layer) \
    do { \
        if ((layer)->failed) \
            return KEYACT_E_HOST; \
    } while (0)

static int32_t v_library_size(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t *out_size)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_size(layer->inner, game, player, out_size);
    if (rc != KEYACT_OK || out_size == NULL || !ours(layer, game, player))
        return rc;
    gboolean fail = FALSE;
    if (layer->library_size >= 0 && *out_size != layer->library_size)
        fail = violate(layer, RULE_LIBRARY_SIZE, "library_size", KEYACT_CARD_NONE,
                       "answered %u, but the plugin's moves since the last answer leave %"
                       G_GINT64_FORMAT, *out_size, layer->library_size);
    layer->library_size = *out_size;
    if (layer->top->len > *out_size)
        g_array_set_size(layer->top, *out_size);
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_library_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, uint32_t index_from_top,
                              keyact_card_id *out_card)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_card(layer->inner, game, player, index_from_top,
                                            out_card);
    if (out_card == NULL || !ours(layer, game, player))
        return rc;
    gboolean fail = FALSE;
    if (rc == KEYACT_OK)
        fail = saw_library_card(layer, "library_card", index_from_top, *out_card);
    else if (rc == KEYACT_E_NOTFOUND)
        fail = check_not_found(layer, RULE_LIBRARY_CARD_RANGE, "library_card",
                               index_from_top, index_from_top + 1);
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_move_card(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t to_zone,
                           uint32_t library_index, uint32_t flags)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    uint32_t before = believed_zone(layer, card);
    if (before == 0)
        before = host_zone(layer, card);
    int32_t rc = layer->inner->move_card(layer->inner, game, player, card, to_zone,
                                         library_index, flags);
    if (!ours(layer, game, player))
        return rc;
    return check_move(layer, "move_card", card, to_zone, library_index, rc, before)
               ? KEYACT_E_HOST : rc;
}

static int32_t v_describe_card(const keyact_host *table, keyact_game_id game,
                               keyact_card_id card, keyact_card_desc *out_desc)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->describe_card(layer->inner, game, card, out_desc);
    if (rc != KEYACT_OK || out_desc == NULL || game != layer->game)
        return rc;
    return check_description(layer, "describe_card", card, out_desc) ? KEYACT_E_HOST : rc;
}

static int32_t v_can_cast_face(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, keyact_card_id card, uint32_t face,
                               uint32_t *out_can)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->can_cast_face(layer->inner, game, player, card, face, out_can);
    if (rc != KEYACT_OK || out_can == NULL || !ours(layer, game, player))
        return rc;
    if (*out_can > 1u)
        return violate(layer, RULE_CAN_CAST_RANGE, "can_cast_face", card,
                       "answered %u for face %u", *out_can, face) ? KEYACT_E_HOST : rc;
    CardRecord *rec = record(layer, card);
    if (rec == NULL || face >= 32u)
        return rc;
    guint32 bit = 1u << face;
    if ((rec->can_cast_asked & bit) && ((rec->can_cast_yes & bit) != 0) != (*out_can == 1u))
        return violate(layer, RULE_CAN_CAST_STABLE, "can_cast_face", card,
                       "answered %u for face %u, and %u before", *out_can, face,
                       (rec->can_cast_yes & bit) ? 1u : 0u) ? KEYACT_E_HOST : rc;
    rec->can_cast_asked |= bit;
    if (*out_can == 1u)
        rec->can_cast_yes |= bit;
    return rc;
}

static int32_t v_choose(const keyact_host *table, keyact_game_id game, keyact_player_id player,
                        keyact_card_id card, const keyact_option *options,
                        uint32_t option_count, uint32_t *out_index)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->choose(layer->inner, game, player, card, options, option_count,
                                      out_index);
    if (rc != KEYACT_OK || out_index == NULL || !ours(layer, game, player))
        return rc;
    if (*out_index >= option_count)
        return violate(layer, RULE_CHOOSE_RANGE, "choose", card,
                       "answered index %u of %u options", *out_index, option_count)
                   ? KEYACT_E_HOST : rc;
    return rc;
}

static int32_t v_cast_free(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card, uint32_t face,
                           uint32_t *out_cast)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->cast_free(layer->inner, game, player, card, face, out_cast);
    if (out_cast == NULL || !ours(layer, game, player))
        return rc;
    gboolean fail = FALSE;
    uint32_t zone = host_zone(layer, card);
    if (rc == KEYACT_OK && *out_cast != KEYACT_CAST_DONE && *out_cast != KEYACT_CAST_FAILED) {
        fail = violate(layer, RULE_CAST_FREE_RANGE, "cast_free", card,
                       "answered %u for face %u", *out_cast, face);
    } else if (rc == KEYACT_OK && *out_cast == KEYACT_CAST_DONE) {
        if (zone != 0 && zone != KEYACT_ZONE_STACK)
            fail = violate(layer, RULE_CAST_DONE_ON_STACK, "cast_free", card,
                           "answered KEYACT_CAST_DONE for face %u, but card_zone says the "
                           "card is %s", face, zone_where(zone));
        record(layer, card)->zone = KEYACT_ZONE_STACK;
    } else if (zone != 0 && zone != KEYACT_ZONE_EXILE) {
        if (rc == KEYACT_OK)
            fail = violate(layer, RULE_CAST_FAILED_IN_EXILE, "cast_free", card,
                           "answered KEYACT_CAST_FAILED for face %u, but card_zone says the "
                           "card is %s", face, zone_where(zone));
        else
            fail = violate(layer, RULE_CAST_FAILED_IN_EXILE, "cast_free", card,
                           "answered %s for face %u, but card_zone says the card is %s",
                           keyact_status_name(rc), face, zone_where(zone));
    }
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_random_below(const keyact_host *table, keyact_game_id game, uint32_t bound,
                              uint32_t *out_value)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->random_below(layer->inner, game, bound, out_value);
    if (rc != KEYACT_OK || out_value == NULL || bound == 0)
        return rc;
    return saw_draw(layer, "random_below", bound, *out_value) ? KEYACT_E_HOST : rc;
}

static void v_notify(const keyact_host *table, keyact_game_id game, const keyact_event *event)
{
    Layer *layer = layer_of(table);
    layer->inner->notify(layer->inner, game, event);
}

static void v_log(const keyact_host *table, int32_t level, const char *message)
{
    Layer *layer = layer_of(table);
    layer->inner->log(layer->inner, level, message);
}

/* Extensions are the host's own tables: handed over as they are, unchecked. */
static const void *v_get_extension(const keyact_host *table, const char *id)
{
    Layer *layer = layer_of(table);
    return layer->inner->get_extension(layer->inner, id);
}

static int32_t v_library_cards(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, uint32_t from_top, uint32_t count,
                               keyact_card_id *out_cards)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->library_cards(layer->inner, game, player, from_top, count,
                                             out_cards);
    if (out_cards == NULL || count == 0 || !ours(layer, game, player))
        return rc;
    gboolean fail = FALSE;
    if (rc == KEYACT_OK) {
        if (layer->library_size >= 0 && (gint64)from_top + count > layer->library_size)
            fail = violate(layer, RULE_LIBRARY_CARDS_ANSWER, "library_cards", KEYACT_CARD_NONE,
                           "answered %u cards from index %u of a library that holds %"
                           G_GINT64_FORMAT " cards", count, from_top, layer->library_size);
        for (uint32_t i = 0; i < count && !fail; i++)
            fail |= saw_library_card(layer, "library_cards", from_top + i, out_cards[i]);
    } else if (rc == KEYACT_E_NOTFOUND) {
        fail = check_not_found(layer, RULE_LIBRARY_CARDS_ANSWER, "library_cards", from_top,
                               from_top + count);
    }
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_describe_cards(const keyact_host *table, keyact_game_id game,
                                const keyact_card_id *cards, uint32_t count,
                                keyact_card_desc *const *out_descs)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->describe_cards(layer->inner, game, cards, count, out_descs);
    if (rc != KEYACT_OK || cards == NULL || out_descs == NULL || game != layer->game)
        return rc;
    gboolean fail = FALSE;
    for (uint32_t i = 0; i < count; i++) {
        if (out_descs[i] != NULL)
            fail |= check_description(layer, "describe_cards", cards[i], out_descs[i]);
    }
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_apply_steps(const keyact_host *table, keyact_game_id game,
                             keyact_player_id player, const keyact_step *steps, uint32_t count,
                             uint32_t *out_done)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->apply_steps(layer->inner, game, player, steps, count, out_done);
    if (out_done == NULL || steps == NULL || !ours(layer, game, player))
        return rc;
    uint32_t done = *out_done;
    if ((rc == KEYACT_OK && done != count) || (rc != KEYACT_OK && done >= count))
        return violate(layer, RULE_APPLY_STEPS_DONE, "apply_steps", KEYACT_CARD_NONE,
                       "answered %s with out_done %u of %u steps", keyact_status_name(rc),
                       done, count) ? KEYACT_E_HOST : rc;
    gboolean fail = FALSE;
    for (uint32_t i = 0; i < done; i++) {
        if (steps[i].to_zone != KEYACT_ZONE_NONE)
            fail |= check_move(layer, "apply_steps", steps[i].card, steps[i].to_zone,
                               steps[i].library_index, KEYACT_OK, 0);
    }
    if (rc != KEYACT_OK && steps[done].to_zone != KEYACT_ZONE_NONE)
        fail |= check_move(layer, "apply_steps", steps[done].card, steps[done].to_zone,
                           steps[done].library_index, rc,
                           believed_zone(layer, steps[done].card));
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_random_below_each(const keyact_host *table, keyact_game_id game,
                                   const uint32_t *bounds, uint32_t count, uint32_t *out_values)
{
    Layer *layer = layer_of(table);
    FORWARD_OR_FAIL(layer);
    int32_t rc = layer->inner->random_below_each(layer->inner, game, bounds, count, out_values);
    if (rc != KEYACT_OK || bounds == NULL || out_values == NULL)
        return rc;
    gboolean fail = FALSE;
    for (uint32_t i = 0; i < count; i++) {
        if (bounds[i] != 0)
            fail |= saw_draw(layer, "random_below_each", bounds[i], out_values[i]);
    }
    return fail ? KEYACT_E_HOST : rc;
}

static int32_t v_card_zone(const keyact_host *table, keyact_game_id game, keyact_card_id card,
                           uint32_t *out_zone)
{
    Layer *layer = layer_of(table);
    return layer->inner->card_zone(layer->inner, game, card, out_zone);
}

/* ---- the table ---- */

#define HAS(host, member) (KEYACT_HOST_HAS(host, member) && (host)->member != NULL)

/* The layer's table: the host's header, and a forwarding callback exactly
 * where the host has one (a member the host leaves NULL or does not have
 * stays NULL), up to this library's keyact_host. */
static void layer_table_init(Layer *layer)
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

static void note_skipped(Layer *layer)
{
    if (layer->has_card_zone ||
        !keyact_host_validator_first_skip(layer->validator, layer->inner->host_name))
        return;
    g_log(LOG_DOMAIN, G_LOG_LEVEL_MESSAGE,
          "host \"%s\" has no card_zone (ABI 1.2): skipping the checks that need a card's "
          "zone: a move that succeeded put the card where it was asked (beyond the library's "
          "size and top), a move that failed left it, cast_free's answer matches where the "
          "card went, and the zones of exiled, hand and cast cards at the end of a resolve",
          layer->inner->host_name != NULL ? layer->inner->host_name : "(unnamed)");
}

/* ---- the end of a resolve ---- */

static void check_end_zones(Layer *layer)
{
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init(&iter, layer->cards);
    while (layer->has_card_zone && g_hash_table_iter_next(&iter, NULL, &value)) {
        const CardRecord *rec = value;
        if (rec->zone == 0)
            continue;
        uint32_t zone = host_zone(layer, rec->card);
        /* A cast spell may have resolved by now: anywhere off the plugin's zones. */
        gboolean cast_ok = rec->zone == KEYACT_ZONE_STACK && zone >= KEYACT_ZONE_STACK;
        if (zone != 0 && zone != rec->zone && !cast_ok)
            violate(layer, RULE_END_ZONES, "card_zone", rec->card,
                    "says the card is %s at the end of the resolve, where the plugin put "
                    "it %s", zone_where(zone), zone_where(rec->zone));
    }
}

/* Describe every card the plugin moved once more, where it is now: the
 * host describes the printed card wherever it is (host.h), so the answer
 * must be the one the plugin got. */
static void check_end_descriptions(Layer *layer)
{
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init(&iter, layer->cards);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        const CardRecord *rec = value;
        if (rec->zone == 0 || !rec->described)
            continue;
        keyact_card_desc desc = { .struct_size = sizeof desc };
        if (layer->inner->describe_card(layer->inner, layer->game, rec->card, &desc) ==
            KEYACT_OK)
            check_description(layer, "describe_card", rec->card, &desc);
    }
}

static void check_end_library(Layer *layer)
{
    const keyact_host *inner = layer->inner;
    uint32_t size = 0;

    if (layer->library_size < 0 ||
        inner->library_size(inner, layer->game, layer->player, &size) != KEYACT_OK)
        return;
    if (size != layer->library_size) {
        violate(layer, RULE_LIBRARY_SIZE, "library_size", KEYACT_CARD_NONE,
                "answered %u at the end of the resolve, but the plugin's moves leave %"
                G_GINT64_FORMAT, size, layer->library_size);
        return;
    }
    /* The top card, and the cards the plugin put at the bottom, in its order. */
    keyact_card_id card = KEYACT_CARD_NONE;
    if (size > 0 && inner->library_card(inner, layer->game, layer->player, 0, &card) ==
                        KEYACT_OK) {
        uint32_t believed = believed_zone(layer, card);
        if (believed != 0 && believed != KEYACT_ZONE_LIBRARY)
            violate(layer, RULE_END_ZONES, "library_card", card,
                    "answered the card at index 0 of the library at the end of the resolve, "
                    "where the plugin put it %s", zone_where(believed));
        else if (layer->top->len > 0 && g_array_index(layer->top, keyact_card_id, 0) != card)
            violate(layer, RULE_END_ZONES, "library_card", card,
                    "answered the card at index 0 at the end of the resolve, where the "
                    "plugin's moves leave card %" G_GUINT64_FORMAT,
                    (guint64)g_array_index(layer->top, keyact_card_id, 0));
    }
    guint k = layer->bottom->len;
    if (k > size)
        return;
    for (guint j = 0; j < k; j++) {
        keyact_card_id expected = g_array_index(layer->bottom, keyact_card_id, j);
        if (inner->library_card(inner, layer->game, layer->player, size - k + j, &card) !=
                KEYACT_OK ||
            card != expected) {
            violate(layer, RULE_END_ZONES, "library_card", expected,
                    "answered card %" G_GUINT64_FORMAT " at index %u at the end of the "
                    "resolve, where the plugin put this card at the bottom (%u of %u)",
                    (guint64)card, size - k + j, j + 1, k);
            return;
        }
    }
}

static void check_end_random(Layer *layer)
{
    KeyactRandomStats total;

    if (!keyact_host_validator_add_draws(layer->validator, &layer->draws, &total))
        return;
    violate(layer, RULE_RANDOM_UNIFORM, layer->last_random, KEYACT_CARD_NONE,
            "answered %" G_GUINT64_FORMAT " draws (bound >= 2) averaging %.2f standard "
            "deviations from the middle of [0, bound), spread %.2f (uniform: 0 and 1)",
            total.n, total.sum / (double)total.n, sqrt(total.sum_sq / (double)total.n));
}

int32_t keyact_host_validate_resolve(KeyactValidator *validator, KeyactValidation mode,
                                     const KeyactBoundAction *bound, const keyact_host *host,
                                     const keyact_resolve_args *args,
                                     keyact_resolve_result *result)
{
    Layer layer = {
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
        layer.rules = rules;
    layer_table_init(&layer);
    layer.cards = g_hash_table_new_full(g_int64_hash, g_int64_equal, NULL, record_free);
    layer.top = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    layer.bottom = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    note_skipped(&layer);

    int32_t status = bound->action->resolve(bound->plugin_ctx, &layer.table, args, result);

    if (!layer.failed) {
        check_end_zones(&layer);
        check_end_descriptions(&layer);
        check_end_library(&layer);
        check_end_random(&layer);
    }
    g_array_unref(layer.bottom);
    g_array_unref(layer.top);
    g_hash_table_unref(layer.cards);
    if (mode == KEYACT_VALIDATION_FATAL && layer.n_violations > 0)
        return KEYACT_E_HOST;
    return status;
}
