/* SPDX-License-Identifier: MIT */
/* report-json.c - the game as one JSON document, for tools and tests. */
#include "report.h"

/* The reference host's own event vocabulary (SCENARIOS.md): engine and
 * plugin events in one list, lower case, the plugin's CAST as "cast_free"
 * beside the engine's paid "cast". The ABI's names are
 * keyact_event_type_name()'s. */
static const char *const event_names[] = {
    [REF_EVENT_CAST] = "cast",
    [REF_EVENT_RESOLVE] = "resolve",
    [REF_EVENT_COUNTERED] = "countered",
    [REF_EVENT_ENTERS] = "enters",
    [REF_EVENT_TO_GRAVEYARD] = "to_graveyard",
    [REF_EVENT_TO_ADVENTURE] = "to_adventure",
    [REF_EVENT_TRIGGER] = "trigger",
    [REF_EVENT_CASCADE_TRIGGER] = "cascade_trigger",
    [REF_EVENT_DISCOVER] = "discover",
    [REF_EVENT_CASCADE] = "cascade",
    [REF_EVENT_CHOICE] = "choice",
    [REF_EVENT_CREATE_TOKENS] = "create_tokens",
    [REF_EVENT_EXILED] = "exiled",
    [REF_EVENT_HIT] = "hit",
    [REF_EVENT_CAST_FREE] = "cast_free",
    [REF_EVENT_CAST_FAILED] = "cast_failed",
    [REF_EVENT_TO_HAND] = "to_hand",
    [REF_EVENT_BOTTOM] = "bottom",
    [REF_EVENT_DISCOVERED] = "discovered",
    [REF_EVENT_FINISHED] = "finished",
    [REF_EVENT_PLUGIN_UNKNOWN] = "plugin_event",
};

static const char *player_name(const RefGame *game, guint player)
{
    const RefPlayer *p = ref_game_player(game, player);
    return p != NULL ? p->name : "?";
}

/* A mana value x2 as a JSON number: an integer when whole, else x.5. */
static void add_mana_value(JsonBuilder *b, guint halves)
{
    if (halves % 2 == 0)
        json_builder_add_int_value(b, halves / 2);
    else
        json_builder_add_double_value(b, halves / 2.0);
}

static void add_card(JsonBuilder *b, const RefGame *game, const char *key, guint id)
{
    json_builder_set_member_name(b, key);
    if (id == 0)
        json_builder_add_null_value(b);
    else
        json_builder_add_string_value(b, ref_game_card_name(game, id));
}

static void add_face(JsonBuilder *b, const RefGame *game, const char *key, guint id, guint face)
{
    const RefCardObj *obj = ref_game_card(game, id);
    json_builder_set_member_name(b, key);
    if (obj == NULL || face >= obj->card->n_faces)
        json_builder_add_null_value(b);
    else
        json_builder_add_string_value(b, obj->card->faces[face].name);
}

static const char *option_name(guint32 kind)
{
    switch (kind) {
    case KEYACT_OPTION_CAST_FACE: return "cast";
    case KEYACT_OPTION_TO_BOTTOM: return "bottom";
    default: return "hand";
    }
}

static void add_event(JsonBuilder *b, const RefGame *game, const RefEvent *e)
{
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "type");
    json_builder_add_string_value(b, event_names[e->type]);
    json_builder_set_member_name(b, "player");
    json_builder_add_string_value(b, player_name(game, e->player));

    switch (e->type) {
    case REF_EVENT_CAST:
    case REF_EVENT_ENTERS:
    case REF_EVENT_CAST_FREE:
    case REF_EVENT_CAST_FAILED:
        add_card(b, game, "card", e->card);
        add_face(b, game, "face", e->card, e->face);
        break;
    case REF_EVENT_RESOLVE:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "object");
        json_builder_add_string_value(b, e->face == KEYACT_FACE_NONE ? "ability" : "spell");
        break;
    case REF_EVENT_TRIGGER:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        break;
    case REF_EVENT_CASCADE_TRIGGER: {
        const RefCardObj *obj = ref_game_card(game, e->card);
        add_card(b, game, "card", e->card);
        add_face(b, game, "face", e->card, e->face);
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        json_builder_set_member_name(b, "instance");
        json_builder_add_int_value(b, e->index);
        json_builder_set_member_name(b, "instances");
        json_builder_add_int_value(b, obj != NULL && e->face < obj->card->n_faces
                                          ? obj->card->faces[e->face].cascade : 0);
        break;
    }
    case REF_EVENT_DISCOVER:
    case REF_EVENT_CASCADE:
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        add_card(b, game, "source", e->card);
        break;
    case REF_EVENT_CHOICE:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "choice");
        json_builder_add_string_value(b, option_name(e->option_kind));
        add_face(b, game, "face", e->card, e->face);
        break;
    case REF_EVENT_EXILED:
    case REF_EVENT_BOTTOM:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "index");
        json_builder_add_int_value(b, e->index);
        break;
    case REF_EVENT_HIT:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        json_builder_set_member_name(b, "mana_value");
        add_mana_value(b, e->mana_value_halves);
        break;
    case REF_EVENT_DISCOVERED:
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "mana_value");
        if (e->card != 0)
            add_mana_value(b, e->mana_value_halves);
        else
            json_builder_add_null_value(b);
        break;
    case REF_EVENT_FINISHED: {
        /* FINISHED carries no mana value (events.h); the cascade's result
         * has the card's. */
        const RefResolution *d = e->resolution > 0 && e->resolution <= game->resolutions->len
                                     ? g_ptr_array_index(game->resolutions, e->resolution - 1)
                                     : NULL;
        json_builder_set_member_name(b, "n");
        json_builder_add_int_value(b, e->n);
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "mana_value");
        if (e->card != 0 && d != NULL)
            add_mana_value(b, d->result.mana_value_halves);
        else
            json_builder_add_null_value(b);
        break;
    }
    case REF_EVENT_CREATE_TOKENS:
        add_card(b, game, "card", e->card);
        json_builder_set_member_name(b, "token");
        json_builder_add_string_value(b, "Treasure");
        json_builder_set_member_name(b, "count");
        json_builder_add_int_value(b, e->index);
        json_builder_set_member_name(b, "tapped");
        json_builder_add_boolean_value(b, TRUE);
        json_builder_set_member_name(b, "discovered_mana_value");
        if (e->has_mana_value)
            add_mana_value(b, e->mana_value_halves);
        else
            json_builder_add_null_value(b);
        break;
    case REF_EVENT_PLUGIN_UNKNOWN:
        json_builder_set_member_name(b, "code");
        json_builder_add_int_value(b, e->plugin_type);
        add_card(b, game, "card", e->card);
        break;
    case REF_EVENT_COUNTERED:
    case REF_EVENT_TO_GRAVEYARD:
    case REF_EVENT_TO_ADVENTURE:
    case REF_EVENT_TO_HAND:
        add_card(b, game, "card", e->card);
        break;
    }
    json_builder_end_object(b);
}

/* A zone's cards by name; a token as {"name", "token": true, "tapped"}, so
 * the documents of games without tokens stay as they were. */
static void add_card_list(JsonBuilder *b, const RefGame *game, const char *key, const GArray *ids)
{
    json_builder_set_member_name(b, key);
    json_builder_begin_array(b);
    for (guint i = 0; i < ids->len; i++) {
        const RefCardObj *obj = ref_game_card(game, g_array_index(ids, guint, i));
        if (obj == NULL || !obj->token) {
            json_builder_add_string_value(b, ref_game_card_name(game, g_array_index(ids, guint, i)));
            continue;
        }
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "name");
        json_builder_add_string_value(b, obj->card->name);
        json_builder_set_member_name(b, "token");
        json_builder_add_boolean_value(b, TRUE);
        json_builder_set_member_name(b, "tapped");
        json_builder_add_boolean_value(b, obj->tapped);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

/* The cards of the events of `type` in resolution `resolution` (1-based),
 * in order: what the plugin reported exiling or bottoming (host-table.c
 * says why the events are the record). */
static void add_event_cards(JsonBuilder *b, const RefGame *game, const char *key,
                            guint resolution, RefEventType type)
{
    json_builder_set_member_name(b, key);
    json_builder_begin_array(b);
    for (guint i = 0; i < game->events->len; i++) {
        const RefEvent *e = &g_array_index(game->events, RefEvent, i);
        if (e->resolution == resolution && e->type == type && e->card != 0)
            json_builder_add_string_value(b, ref_game_card_name(game, e->card));
    }
    json_builder_end_array(b);
}

static const char *outcome_name(guint32 outcome)
{
    switch (outcome) {
    case KEYACT_OUTCOME_CAST: return "cast";
    case KEYACT_OUTCOME_HAND: return "hand";
    case KEYACT_OUTCOME_BOTTOM: return "bottom";
    default: return "none";
    }
}

static void add_options(JsonBuilder *b, const RefGame *game, const RefResolution *d)
{
    const RefCardObj *obj = ref_game_card(game, (guint)MIN(d->result.discovered, G_MAXUINT));
    json_builder_set_member_name(b, "options");
    json_builder_begin_array(b);
    for (guint i = 0; obj != NULL && i < d->options->len; i++) {
        const keyact_option *o = &g_array_index(d->options, keyact_option, i);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "kind");
        json_builder_add_string_value(b, option_name(o->kind));
        if (o->kind == KEYACT_OPTION_CAST_FACE) {
            add_face(b, game, "face", obj->id, o->face);
            json_builder_set_member_name(b, "mana_value");
            add_mana_value(b, o->mana_value_halves);
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_set_member_name(b, "chosen");
    if (d->chosen >= 0)
        json_builder_add_int_value(b, d->chosen);
    else
        json_builder_add_null_value(b);
}

/* One discover or cascade. The card found is "discovered" for discover
 * (CR 701.57c names it so) and "hit" for cascade. */
static void add_resolution(JsonBuilder *b, const RefGame *game, guint resolution)
{
    const RefResolution *d = g_ptr_array_index(game->resolutions, resolution - 1);
    guint discovered = (guint)MIN(d->result.discovered, G_MAXUINT);
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "player");
    json_builder_add_string_value(b, player_name(game, d->player));
    json_builder_set_member_name(b, "n");
    json_builder_add_int_value(b, d->n);
    add_card(b, game, "source", d->source);
    add_card(b, game, d->action == REF_ACTION_CASCADE ? "hit" : "discovered", discovered);
    json_builder_set_member_name(b, "mana_value");
    if (discovered != 0)
        add_mana_value(b, d->result.mana_value_halves);
    else
        json_builder_add_null_value(b);
    json_builder_set_member_name(b, "outcome");
    json_builder_add_string_value(b, outcome_name(d->result.outcome));
    add_face(b, game, "face_cast", discovered,
             d->result.outcome == KEYACT_OUTCOME_CAST ? d->result.face_cast : KEYACT_FACE_NONE);
    add_options(b, game, d);
    add_event_cards(b, game, "exiled", resolution, REF_EVENT_EXILED);
    add_event_cards(b, game, "bottom", resolution, REF_EVENT_BOTTOM);
    json_builder_end_object(b);
}

static void add_zones(JsonBuilder *b, const RefGame *game)
{
    static const RefZone zones[] = {
        REF_ZONE_LIBRARY, REF_ZONE_HAND, REF_ZONE_EXILE, REF_ZONE_STACK,
        REF_ZONE_BATTLEFIELD, REF_ZONE_GRAVEYARD,
    };
    json_builder_begin_object(b);
    for (guint p = 0; p < game->players->len; p++) {
        const RefPlayer *player = ref_game_player(game, p);
        json_builder_set_member_name(b, player->name);
        json_builder_begin_object(b);
        for (guint z = 0; z < G_N_ELEMENTS(zones); z++)
            add_card_list(b, game, ref_zone_name(zones[z]), player->zones[zones[z]]);
        json_builder_end_object(b);
    }
    json_builder_end_object(b);
}

JsonNode *ref_report_json(const RefGame *game, guint64 seed)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "seed");
    json_builder_add_int_value(b, (gint64)seed);
    json_builder_set_member_name(b, "events");
    json_builder_begin_array(b);
    for (guint i = 0; i < game->events->len; i++)
        add_event(b, game, &g_array_index(game->events, RefEvent, i));
    json_builder_end_array(b);
    /* Discoveries always; cascades only when something cascaded, so the
     * documents of discover-only games stay as they were. */
    gboolean cascaded = FALSE;
    json_builder_set_member_name(b, "discoveries");
    json_builder_begin_array(b);
    for (guint i = 0; i < game->resolutions->len; i++) {
        const RefResolution *d = g_ptr_array_index(game->resolutions, i);
        if (d->action == REF_ACTION_DISCOVER)
            add_resolution(b, game, i + 1);
        cascaded |= d->action == REF_ACTION_CASCADE;
    }
    json_builder_end_array(b);
    if (cascaded) {
        json_builder_set_member_name(b, "cascades");
        json_builder_begin_array(b);
        for (guint i = 0; i < game->resolutions->len; i++) {
            const RefResolution *d = g_ptr_array_index(game->resolutions, i);
            if (d->action == REF_ACTION_CASCADE)
                add_resolution(b, game, i + 1);
        }
        json_builder_end_array(b);
    }
    json_builder_set_member_name(b, "zones");
    add_zones(b, game);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

char *ref_report_json_text(const RefGame *game, guint64 seed)
{
    g_autoptr(JsonNode) root = ref_report_json(game, seed);
    g_autoptr(JsonGenerator) generator = json_generator_new();
    json_generator_set_pretty(generator, TRUE);
    json_generator_set_indent(generator, 2);
    json_generator_set_root(generator, root);
    return json_generator_to_data(generator, NULL);
}
