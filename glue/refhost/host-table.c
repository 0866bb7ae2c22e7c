/* SPDX-License-Identifier: MIT */
/* host-table.c - the keyact_host callbacks of the reference host.
 *
 * The plugin reaches the game only through these. Player handles are the
 * player index + 1, card handles the card id (>= 1), the game handle
 * REF_GAME_ID. Every callback checks its handles and answers a KEYACT_E_*
 * code rather than trusting them.
 *
 * The table is ABI 1.2's, with the four batched calls of 1.1 (library_cards,
 * describe_cards, apply_steps, random_below_each) and 1.2's card_zone, which
 * only a validation layer asks (keyact --validate): a 1.1 plugin resolves
 * with about two host calls per exiled card, and the game, its log and its
 * random draws are the same as through the 1.0 calls
 * (tests/scenarios/host-calls-test.c plays every scenario both ways).
 *
 * The three questions (can_cast_face, choose, cast_free) are routines of
 * their own (host-table.h) that the engine also calls when a stepped
 * resolve waits for their answer: the callbacks are those routines and
 * nothing more.
 */
#include <string.h>

#include "host-table.h"

#include "engine.h"
#include "keyact-host.h"
#include "policy.h"

static RefGame *game_of(const keyact_host *host)
{
    return host != NULL ? host->host_data : NULL;
}

static gboolean player_index(const RefGame *game, keyact_player_id player, guint *out)
{
    if (player == 0 || player > game->players->len)
        return FALSE;
    *out = (guint)(player - 1);
    return TRUE;
}

static RefCardObj *card_of(const RefGame *game, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE || card > G_MAXUINT)
        return NULL;
    return ref_game_card(game, (guint)card);
}

/* The checks every per-card callback starts with: the game handle, the
 * player and the card. */
static int32_t find_card(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                         keyact_card_id card, guint *out_player, RefCardObj **out_obj)
{
    if (game == NULL || game_id != REF_GAME_ID)
        return KEYACT_E_INVAL;
    if (!player_index(game, player, out_player))
        return KEYACT_E_NOTFOUND;
    *out_obj = card_of(game, card);
    if (*out_obj == NULL)
        return KEYACT_E_NOTFOUND;
    return KEYACT_OK;
}

static int32_t library_size(const keyact_host *host, keyact_game_id game_id,
                            keyact_player_id player, uint32_t *out_size)
{
    RefGame *game = game_of(host);
    guint p;
    if (game == NULL || game_id != REF_GAME_ID || out_size == NULL)
        return KEYACT_E_INVAL;
    if (!player_index(game, player, &p))
        return KEYACT_E_NOTFOUND;
    *out_size = ref_game_player(game, p)->zones[REF_ZONE_LIBRARY]->len;
    return KEYACT_OK;
}

static int32_t library_card(const keyact_host *host, keyact_game_id game_id,
                            keyact_player_id player, uint32_t index_from_top,
                            keyact_card_id *out_card)
{
    RefGame *game = game_of(host);
    guint p;
    if (game == NULL || game_id != REF_GAME_ID || out_card == NULL)
        return KEYACT_E_INVAL;
    if (!player_index(game, player, &p))
        return KEYACT_E_NOTFOUND;
    GArray *library = ref_game_player(game, p)->zones[REF_ZONE_LIBRARY];
    if (index_from_top >= library->len)
        return KEYACT_E_NOTFOUND;
    *out_card = g_array_index(library, guint, index_from_top);
    return KEYACT_OK;
}

/* What the plugin did is learnt once each way: move_card changes the zones
 * (the ground truth of where every card is) and records nothing, and the
 * plugin's events (notify) are the record the log and the JSON report are
 * made of, the lists of cards each discover or cascade exiled and bottomed
 * included. A plugin whose events disagree with its moves shows both, the
 * zones as they are and the events as it sent them; keyact check's
 * conformance cases hold a plugin to both. */
static int32_t move_card(const keyact_host *host, keyact_game_id game_id,
                         keyact_player_id player, keyact_card_id card,
                         uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    RefGame *game = game_of(host);
    guint p;
    RefCardObj *obj;
    (void)flags; /* every card here is public: revealing changes nothing */
    int32_t rc = find_card(game, game_id, player, card, &p, &obj);
    if (rc != KEYACT_OK)
        return rc;
    if (obj->owner != p)
        return KEYACT_E_INVAL;
    /* Spells and permanents are not the plugin's to move. */
    if (obj->zone == REF_ZONE_STACK || obj->zone == REF_ZONE_BATTLEFIELD)
        return KEYACT_E_STATE;

    guint index;
    RefZone zone;
    switch (to_zone) {
    case KEYACT_ZONE_LIBRARY: {
        guint size = ref_game_player(game, p)->zones[REF_ZONE_LIBRARY]->len;
        if (obj->zone == REF_ZONE_LIBRARY)
            size--; /* the card leaves its place first */
        if (library_index != KEYACT_LIBRARY_BOTTOM && library_index > size)
            return KEYACT_E_RANGE;
        zone = REF_ZONE_LIBRARY;
        index = library_index == KEYACT_LIBRARY_BOTTOM ? G_MAXUINT : library_index;
        break;
    }
    case KEYACT_ZONE_EXILE:
        zone = REF_ZONE_EXILE;
        index = G_MAXUINT;
        break;
    case KEYACT_ZONE_HAND:
        zone = REF_ZONE_HAND;
        index = G_MAXUINT;
        break;
    default:
        return KEYACT_E_INVAL;
    }
    ref_game_move(game, obj->id, zone, index);
    return KEYACT_OK;
}

static int32_t describe_card(const keyact_host *host, keyact_game_id game_id,
                             keyact_card_id card, keyact_card_desc *out_desc)
{
    RefGame *game = game_of(host);
    if (game == NULL || game_id != REF_GAME_ID || out_desc == NULL)
        return KEYACT_E_INVAL;
    const RefCardObj *obj = card_of(game, card);
    if (obj == NULL)
        return KEYACT_E_NOTFOUND;
    /* Fill only what the plugin's struct has room for. */
    size_t size = MIN((size_t)out_desc->struct_size, sizeof(keyact_card_desc));
    if (size < sizeof(uint32_t))
        return KEYACT_E_INVAL;
    memcpy(out_desc, &obj->card->desc, size);
    out_desc->struct_size = (uint32_t)size;
    return KEYACT_OK;
}

int32_t ref_host_can_cast_face(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                               keyact_card_id card, uint32_t face, uint32_t *out_can)
{
    guint p;
    RefCardObj *obj;
    if (out_can == NULL)
        return KEYACT_E_INVAL;
    int32_t rc = find_card(game, game_id, player, card, &p, &obj);
    if (rc != KEYACT_OK)
        return rc;
    if (face >= obj->card->n_faces)
        return KEYACT_E_RANGE;
    *out_can = ref_policy_names_face(game->policy.cannot_cast, obj->card, face) ? 0u : 1u;
    if (game->current != NULL && face < 32) {
        game->current->faces_asked |= 1u << face;
        if (*out_can == 0)
            game->current->faces_refused |= 1u << face;
    }
    return KEYACT_OK;
}

static int32_t can_cast_face(const keyact_host *host, keyact_game_id game_id,
                             keyact_player_id player, keyact_card_id card,
                             uint32_t face, uint32_t *out_can)
{
    return ref_host_can_cast_face(game_of(host), game_id, player, card, face, out_can);
}

/* The options array is indexed with this host's sizeof(keyact_option): the
 * ABI has one layout for 1.x, and each element's struct_size says how much
 * of it the plugin filled. */
static void record_options(RefResolution *d, const keyact_option *options, uint32_t n)
{
    g_array_set_size(d->options, 0);
    for (uint32_t i = 0; i < n; i++) {
        keyact_option copy = { 0 };
        size_t size = MIN((size_t)options[i].struct_size, sizeof copy);
        memcpy(&copy, &options[i], size);
        g_array_append_val(d->options, copy);
    }
}

int32_t ref_host_offer_choice(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                              keyact_card_id card, const keyact_option *options,
                              uint32_t option_count)
{
    guint p;
    RefCardObj *obj;
    if (options == NULL || option_count == 0)
        return KEYACT_E_INVAL;
    int32_t rc = find_card(game, game_id, player, card, &p, &obj);
    if (rc != KEYACT_OK)
        return rc;
    if (game->current != NULL)
        record_options(game->current, options, option_count);
    return KEYACT_OK;
}

uint32_t ref_host_make_choice(RefGame *game, keyact_player_id player, keyact_card_id card,
                              const keyact_option *options, uint32_t option_count, gint index)
{
    guint p = (guint)(player - 1);
    const RefCardObj *obj = card_of(game, card);
    gboolean asked = index >= 0 && (guint)index < option_count;
    gint chosen = asked ? index
                        : ref_policy_choose(&game->policy, obj->card, options, option_count);
    game->policy.n_choices++;
    if (game->current != NULL)
        game->current->chosen = chosen;

    RefEvent event = ref_event_init(REF_EVENT_CHOICE, p, obj->id);
    event.index = (guint)chosen;
    event.asked = asked;
    event.option_kind = options[chosen].kind;
    event.face = options[chosen].kind == KEYACT_OPTION_CAST_FACE ? options[chosen].face
                                                                 : KEYACT_FACE_NONE;
    ref_game_add_event(game, &event);
    return (uint32_t)chosen;
}

/* Through the callback the player is never asked: the step's choice. */
static int32_t choose(const keyact_host *host, keyact_game_id game_id,
                      keyact_player_id player, keyact_card_id card,
                      const keyact_option *options, uint32_t option_count,
                      uint32_t *out_index)
{
    RefGame *game = game_of(host);
    if (out_index == NULL)
        return KEYACT_E_INVAL;
    int32_t rc = ref_host_offer_choice(game, game_id, player, card, options, option_count);
    if (rc != KEYACT_OK)
        return rc;
    *out_index = ref_host_make_choice(game, player, card, options, option_count, -1);
    return KEYACT_OK;
}

int32_t ref_host_cast_free(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                           keyact_card_id card, uint32_t face, uint32_t *out_cast)
{
    guint p;
    RefCardObj *obj;
    if (out_cast == NULL)
        return KEYACT_E_INVAL;
    int32_t rc = find_card(game, game_id, player, card, &p, &obj);
    if (rc != KEYACT_OK)
        return rc;
    if (face >= obj->card->n_faces)
        return KEYACT_E_RANGE;
    if (obj->zone != REF_ZONE_EXILE || obj->owner != p)
        return KEYACT_E_STATE;
    if (ref_policy_names_face(game->policy.cast_fails, obj->card, face)) {
        *out_cast = KEYACT_CAST_FAILED;
        return KEYACT_OK;
    }
    /* A cast like any other: its cast triggers (cascade) trigger. */
    ref_engine_cast_spell(game, p, obj->id, face, TRUE, game->policy.x, FALSE);
    *out_cast = KEYACT_CAST_DONE;
    return KEYACT_OK;
}

static int32_t cast_free(const keyact_host *host, keyact_game_id game_id,
                         keyact_player_id player, keyact_card_id card,
                         uint32_t face, uint32_t *out_cast)
{
    return ref_host_cast_free(game_of(host), game_id, player, card, face, out_cast);
}

static int32_t random_below(const keyact_host *host, keyact_game_id game_id,
                            uint32_t bound, uint32_t *out_value)
{
    RefGame *game = game_of(host);
    if (game == NULL || game_id != REF_GAME_ID || bound == 0 || out_value == NULL)
        return KEYACT_E_INVAL;
    *out_value = ref_rng_below(&game->rng, bound);
    return KEYACT_OK;
}

static RefEventType event_type_of(uint32_t type)
{
    switch (type) {
    case KEYACT_EVENT_EXILED: return REF_EVENT_EXILED;
    case KEYACT_EVENT_HIT: return REF_EVENT_HIT;
    case KEYACT_EVENT_CAST: return REF_EVENT_CAST_FREE;
    case KEYACT_EVENT_CAST_FAILED: return REF_EVENT_CAST_FAILED;
    case KEYACT_EVENT_TO_HAND: return REF_EVENT_TO_HAND;
    case KEYACT_EVENT_BOTTOM: return REF_EVENT_BOTTOM;
    case KEYACT_EVENT_DISCOVERED: return REF_EVENT_DISCOVERED;
    case KEYACT_EVENT_FINISHED: return REF_EVENT_FINISHED;
    default: return REF_EVENT_PLUGIN_UNKNOWN;
    }
}

static void notify(const keyact_host *host, keyact_game_id game_id, const keyact_event *event)
{
    RefGame *game = game_of(host);
    guint p;
    if (game == NULL || game_id != REF_GAME_ID || event == NULL)
        return;
    /* Read only the fields the plugin's struct has. */
    keyact_event e = { 0 };
    memcpy(&e, event, MIN((size_t)event->struct_size, sizeof e));
    if (!player_index(game, e.player, &p))
        p = 0;
    RefCardObj *obj = card_of(game, e.card);
    RefEvent record = ref_event_init(event_type_of(e.type), p, obj != NULL ? obj->id : 0);
    record.n = e.n;
    record.face = e.face;
    record.index = e.index;
    record.plugin_type = e.type;
    record.mana_value_halves = e.mana_value_halves;
    record.has_mana_value = (e.type == KEYACT_EVENT_HIT ||
                             (e.type == KEYACT_EVENT_DISCOVERED && obj != NULL));
    ref_game_add_event(game, &record);
}

static void log_message(const keyact_host *host, int32_t level, const char *message)
{
    (void)host;
    if (message == NULL)
        return;
    if (level >= KEYACT_LOG_WARNING)
        g_warning("plugin: %s", message);
    else
        g_debug("plugin: %s", message);
}

/* ---- ABI 1.1: the batched calls ----
 * Each is the 1.0 calls it stands for, made in turn through the same code,
 * so a resolve changes the game exactly as it would through the 1.0 calls:
 * the same moves, the same record (notify), the same draws from the RNG. */

static int32_t library_cards(const keyact_host *host, keyact_game_id game_id,
                             keyact_player_id player, uint32_t from_top, uint32_t count,
                             keyact_card_id *out_cards)
{
    RefGame *game = game_of(host);
    guint p;
    if (game == NULL || game_id != REF_GAME_ID || out_cards == NULL || count == 0)
        return KEYACT_E_INVAL;
    if (!player_index(game, player, &p))
        return KEYACT_E_NOTFOUND;
    GArray *library = ref_game_player(game, p)->zones[REF_ZONE_LIBRARY];
    if (from_top > library->len || count > library->len - from_top)
        return KEYACT_E_NOTFOUND;
    for (uint32_t i = 0; i < count; i++)
        out_cards[i] = g_array_index(library, guint, from_top + i);
    return KEYACT_OK;
}

static int32_t describe_cards(const keyact_host *host, keyact_game_id game_id,
                              const keyact_card_id *cards, uint32_t count,
                              keyact_card_desc *const *out_descs)
{
    if (cards == NULL || out_descs == NULL || count == 0)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = describe_card(host, game_id, cards[i], out_descs[i]);
        if (rc != KEYACT_OK)
            return rc; /* all or nothing: the plugin uses none of them */
    }
    return KEYACT_OK;
}

static int32_t apply_steps(const keyact_host *host, keyact_game_id game_id,
                           keyact_player_id player, const keyact_step *steps, uint32_t count,
                           uint32_t *out_done)
{
    if (steps == NULL || out_done == NULL || count == 0)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        const keyact_step *step = &steps[i];
        *out_done = i;
        if (step->struct_size < KEYACT_STEP_SIZE_1_1)
            return KEYACT_E_INVAL;
        if (step->to_zone != KEYACT_ZONE_NONE) {
            int32_t rc = move_card(host, game_id, player, step->card, step->to_zone,
                                   step->library_index, step->flags);
            if (rc != KEYACT_OK)
                return rc; /* that card stays where it was, its event is not sent */
        }
        if (step->event != NULL)
            notify(host, game_id, step->event);
    }
    *out_done = count;
    return KEYACT_OK;
}

static int32_t random_below_each(const keyact_host *host, keyact_game_id game_id,
                                 const uint32_t *bounds, uint32_t count, uint32_t *out_values)
{
    RefGame *game = game_of(host);
    if (game == NULL || game_id != REF_GAME_ID || bounds == NULL || out_values == NULL
        || count == 0)
        return KEYACT_E_INVAL;
    /* Every bound first: a refused call draws nothing, so the next draws
     * are still the ones random_below would have made. */
    for (uint32_t i = 0; i < count; i++)
        if (bounds[i] == 0)
            return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++)
        out_values[i] = ref_rng_below(&game->rng, bounds[i]);
    return KEYACT_OK;
}

/* Where a card is, in the ABI's words: the reference host's zones map one
 * to one. A card in no zone (a scenario's named source) is OTHER. */
static int32_t card_zone(const keyact_host *host, keyact_game_id game_id, keyact_card_id card,
                         uint32_t *out_zone)
{
    RefGame *game = game_of(host);
    if (game == NULL || game_id != REF_GAME_ID || out_zone == NULL)
        return KEYACT_E_INVAL;
    const RefCardObj *obj = card_of(game, card);
    if (obj == NULL)
        return KEYACT_E_NOTFOUND;
    switch (obj->zone) {
    case REF_ZONE_LIBRARY: *out_zone = KEYACT_ZONE_LIBRARY; break;
    case REF_ZONE_HAND: *out_zone = KEYACT_ZONE_HAND; break;
    case REF_ZONE_EXILE: *out_zone = KEYACT_ZONE_EXILE; break;
    case REF_ZONE_STACK: *out_zone = KEYACT_ZONE_STACK; break;
    case REF_ZONE_BATTLEFIELD: *out_zone = KEYACT_ZONE_BATTLEFIELD; break;
    case REF_ZONE_GRAVEYARD: *out_zone = KEYACT_ZONE_GRAVEYARD; break;
    default: *out_zone = KEYACT_ZONE_OTHER; break;
    }
    return KEYACT_OK;
}

void ref_game_init_host_table(RefGame *game)
{
    keyact_host *host = &game->host;
    memset(host, 0, sizeof *host);
    keyact_host_table_init(host);
    host->host_data = game;
    host->host_name = "keyact reference host";
    host->library_size = library_size;
    host->library_card = library_card;
    host->move_card = move_card;
    host->describe_card = describe_card;
    host->can_cast_face = can_cast_face;
    host->choose = choose;
    host->cast_free = cast_free;
    host->random_below = random_below;
    host->notify = notify;
    host->log = log_message;
    host->library_cards = library_cards;
    host->describe_cards = describe_cards;
    host->apply_steps = apply_steps;
    host->random_below_each = random_below_each;
    host->card_zone = card_zone;
}
