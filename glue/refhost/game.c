/* SPDX-License-Identifier: MIT */
/* game.c - players, zones, card objects and the record of events. */
#include "game.h"

#include <string.h>

#include "host-table.h"
#include "keyact-host.h"

G_DEFINE_QUARK(ref-game-error-quark, ref_game_error)

static const char *const zone_names[REF_N_ZONES] = {
    [REF_ZONE_NONE] = "none",
    [REF_ZONE_LIBRARY] = "library",
    [REF_ZONE_HAND] = "hand",
    [REF_ZONE_EXILE] = "exile",
    [REF_ZONE_STACK] = "stack",
    [REF_ZONE_BATTLEFIELD] = "battlefield",
    [REF_ZONE_GRAVEYARD] = "graveyard",
};

const char *ref_zone_name(RefZone zone)
{
    return (guint)zone < REF_N_ZONES ? zone_names[zone] : "none";
}

static void player_free(gpointer data)
{
    RefPlayer *player = data;
    for (guint z = 0; z < REF_N_ZONES; z++)
        g_array_unref(player->zones[z]);
    g_free(player->name);
    g_free(player);
}

static void resolution_free(gpointer data)
{
    RefResolution *d = data;
    g_array_unref(d->options);
    g_free(d);
}

void ref_resolving_free(RefResolving *resolving)
{
    if (resolving == NULL)
        return;
    /* A resolve still in progress is abandoned: it ends, and libkeyact-host
     * drops its reference to the plugin. A block never begun (all zero) or
     * whose resolve is over is refused, and that is all. */
    keyact_resolve_result result = { .struct_size = sizeof result };
    (void)keyact_resolve_abandon(resolving->state, &result);
    g_free(resolving->state);
    g_free(resolving);
}

static GPtrArray *new_name_list(void)
{
    return g_ptr_array_new_with_free_func(g_free);
}

RefGame *ref_game_new(const RefCardDb *db, guint64 seed)
{
    RefGame *game = g_new0(RefGame, 1);
    game->db = db;
    game->players = g_ptr_array_new_with_free_func(player_free);
    game->cards = g_array_new(FALSE, TRUE, sizeof(RefCardObj));
    game->stack = g_array_new(FALSE, TRUE, sizeof(RefStackItem));
    game->pending = g_array_new(FALSE, TRUE, sizeof(RefStackItem));
    game->events = g_array_new(FALSE, TRUE, sizeof(RefEvent));
    game->resolutions = g_ptr_array_new_with_free_func(resolution_free);
    game->policy.choose = new_name_list();
    game->policy.cannot_cast = new_name_list();
    game->policy.cast_fails = new_name_list();
    game->policy.x = -1;
    ref_rng_seed(&game->rng, seed);
    ref_game_init_host_table(game);
    return game;
}

void ref_game_free(RefGame *game)
{
    if (game == NULL)
        return;
    ref_resolving_free(game->resolving);
    g_ptr_array_unref(game->players);
    g_array_unref(game->cards);
    g_array_unref(game->stack);
    g_array_unref(game->pending);
    g_array_unref(game->events);
    g_ptr_array_unref(game->resolutions);
    g_ptr_array_unref(game->policy.choose);
    g_ptr_array_unref(game->policy.cannot_cast);
    g_ptr_array_unref(game->policy.cast_fails);
    g_free(game);
}

void ref_policy_clear(RefPolicy *policy)
{
    g_ptr_array_set_size(policy->choose, 0);
    g_ptr_array_set_size(policy->cannot_cast, 0);
    g_ptr_array_set_size(policy->cast_fails, 0);
    policy->x = -1;
    policy->n_choices = 0;
}

guint ref_game_add_player(RefGame *game, const char *name)
{
    RefPlayer *player = g_new0(RefPlayer, 1);
    player->name = g_strdup(name);
    for (guint z = 0; z < REF_N_ZONES; z++)
        player->zones[z] = g_array_new(FALSE, FALSE, sizeof(guint));
    g_ptr_array_add(game->players, player);
    return game->players->len - 1;
}

gint ref_game_find_player(const RefGame *game, const char *name)
{
    for (guint i = 0; i < game->players->len; i++) {
        const RefPlayer *player = g_ptr_array_index(game->players, i);
        if (g_strcmp0(player->name, name) == 0)
            return (gint)i;
    }
    return -1;
}

RefPlayer *ref_game_player(const RefGame *game, guint player)
{
    return player < game->players->len ? g_ptr_array_index(game->players, player) : NULL;
}

RefCardObj *ref_game_card(const RefGame *game, guint id)
{
    if (id == 0 || id > game->cards->len)
        return NULL;
    return &g_array_index(game->cards, RefCardObj, id - 1);
}

const char *ref_game_card_name(const RefGame *game, guint id)
{
    const RefCardObj *obj = ref_game_card(game, id);
    return obj != NULL ? obj->card->name : "(no card)";
}

static void zone_insert(GArray *zone, guint id, guint index)
{
    if (index >= zone->len)
        g_array_append_val(zone, id);
    else
        g_array_insert_val(zone, index, id);
}

guint ref_game_add_card(RefGame *game, guint player, const RefCard *card, RefZone zone)
{
    RefCardObj obj = {
        .id = game->cards->len + 1,
        .card = card,
        .owner = player,
        .zone = zone,
        .face_up = 0,
    };
    g_array_append_val(game->cards, obj);
    if (zone != REF_ZONE_NONE)
        zone_insert(ref_game_player(game, player)->zones[zone], obj.id, G_MAXUINT);
    return obj.id;
}

guint ref_game_create_token(RefGame *game, guint player, const RefCard *card, gboolean tapped)
{
    guint id = ref_game_add_card(game, player, card, REF_ZONE_BATTLEFIELD);
    RefCardObj *obj = ref_game_card(game, id);
    obj->token = TRUE;
    obj->tapped = tapped;
    return id;
}

static void zone_remove(GArray *zone, guint id)
{
    for (guint i = 0; i < zone->len; i++) {
        if (g_array_index(zone, guint, i) == id) {
            g_array_remove_index(zone, i);
            return;
        }
    }
}

void ref_game_move(RefGame *game, guint id, RefZone zone, guint index)
{
    RefCardObj *obj = ref_game_card(game, id);
    g_return_if_fail(obj != NULL);
    RefPlayer *owner = ref_game_player(game, obj->owner);
    if (obj->zone != REF_ZONE_NONE)
        zone_remove(owner->zones[obj->zone], id);
    obj->zone = zone;
    if (zone != REF_ZONE_STACK && zone != REF_ZONE_BATTLEFIELD)
        obj->face_up = 0;
    if (zone != REF_ZONE_NONE)
        zone_insert(owner->zones[zone], id, index);
}

guint ref_game_find_in_zone(const RefGame *game, guint player, RefZone zone, const char *name)
{
    const RefPlayer *p = ref_game_player(game, player);
    if (p == NULL || zone == REF_ZONE_NONE)
        return 0;
    const RefCard *wanted = ref_carddb_lookup(game->db, name);
    for (guint i = 0; i < p->zones[zone]->len; i++) {
        guint id = g_array_index(p->zones[zone], guint, i);
        if (ref_game_card(game, id)->card == wanted)
            return id;
    }
    return 0;
}

RefEvent ref_event_init(RefEventType type, guint player, guint card)
{
    return (RefEvent){
        .type = type,
        .player = player,
        .card = card,
        .face = KEYACT_FACE_NONE,
        .n = 0,
        .index = 0,
        .mana_value_halves = 0,
        .has_mana_value = FALSE,
        .option_kind = 0,
        .plugin_type = 0,
        .asked = FALSE,
        .resolution = 0,
    };
}

void ref_game_add_event(RefGame *game, const RefEvent *event)
{
    RefEvent copy = *event;
    /* The discover or cascade being resolved is always the last one recorded. */
    if (game->current != NULL)
        copy.resolution = game->resolutions->len;
    g_array_append_val(game->events, copy);
}
