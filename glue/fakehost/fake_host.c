/* SPDX-License-Identifier: MIT */
/* fake_host.c - the FakeHost's game: players, cards and zone arrays. */
#include "fake_host_private.h"

#include <string.h>

G_DEFINE_QUARK(fake-host-error-quark, fake_host_error)

/* Each zone array holds every card of the game, so a move never allocates. */
#define FAKE_INITIAL_CAPACITY 16u

static void fake_description_free(gpointer data)
{
    FakeDescription *description = data;
    for (guint i = 0; i < G_N_ELEMENTS(description->strings); i++)
        g_free(description->strings[i]);
    g_free(description);
}

/* A key that two specs share exactly when they describe the same card:
 * lengths make it unambiguous, and a NULL cost differs from "". */
static char *fake_spec_key(const FakeCardSpec *spec)
{
    GString *key = g_string_new(NULL);
    g_string_append_printf(key, "%u/%u", spec->layout, spec->face_count);
    for (guint i = 0; i < spec->face_count; i++) {
        const FakeFaceSpec *face = &spec->faces[i];
        const char *name = face->name != NULL ? face->name : "";
        g_string_append_printf(key, "|%u|%zu:%s|", face->flags, strlen(name), name);
        if (face->mana_cost == NULL)
            g_string_append_c(key, '-');
        else
            g_string_append_printf(key, "%zu:%s", strlen(face->mana_cost), face->mana_cost);
    }
    return g_string_free(key, FALSE);
}

/* The shared description of `spec`, made on first use. Copies the strings. */
static guint32 fake_host_description(FakeHost *host, const FakeCardSpec *spec)
{
    char *key = fake_spec_key(spec);
    FakeDescription *description = g_hash_table_lookup(host->descriptions, key);
    if (description != NULL) {
        g_free(key);
        return description->index;
    }
    description = g_new0(FakeDescription, 1);
    description->desc.struct_size = sizeof description->desc;
    description->desc.layout = spec->layout;
    description->desc.face_count = spec->face_count;
    for (guint i = 0; i < spec->face_count; i++) {
        const FakeFaceSpec *face = &spec->faces[i];
        description->strings[2 * i] = g_strdup(face->name != NULL ? face->name : "");
        description->strings[2 * i + 1] = g_strdup(face->mana_cost);
        description->faces[i] = (keyact_face_desc){
            .struct_size = sizeof(keyact_face_desc),
            .flags = face->flags,
            .name = description->strings[2 * i],
            .mana_cost = description->strings[2 * i + 1],
        };
        description->desc.faces[i] = &description->faces[i];
    }
    description->bad_cost_face = description->faces[0];
    description->bad_cost_face.mana_cost = "{?}";
    description->index = host->described->len;
    g_ptr_array_add(host->described, description);
    g_hash_table_insert(host->descriptions, key, description);
    return description->index;
}

static void fake_host_grow_logs(FakeHost *host)
{
    /* A resolve sends a handful of events and calls per library card.
     * The buffers double, so adding n cards reallocates O(log n) times. */
    guint n = host->cards->len;
    guint events = MAX(4 * n + 64, 2 * host->events_capacity);
    guint calls = MAX(8 * n + 64, 2 * host->calls_capacity);
    if (4 * n + 64 > host->events_capacity) {
        host->events = g_renew(keyact_event, host->events, events);
        host->events_capacity = events;
    }
    if (8 * n + 64 > host->calls_capacity) {
        host->calls = g_renew(FakeCallKind, host->calls, calls);
        host->calls_capacity = calls;
    }
    /* Per card at most two moves, two events and a draw. */
    guint actions = MAX(6 * n + 64, 2 * host->actions_capacity);
    if (6 * n + 64 > host->actions_capacity) {
        host->actions = g_renew(FakeAction, host->actions, actions);
        host->actions_capacity = actions;
    }
}

static void fake_host_grow_zones(FakeHost *host, guint capacity)
{
    for (guint p = 0; p < host->n_players; p++)
        for (guint z = 0; z < FAKE_ZONE_COUNT; z++)
            fake_zone_reserve(&host->players[p].zones[z], capacity);
    host->zone_capacity = capacity;
}

FakeHost *fake_host_new(keyact_game_id game, guint n_players)
{
    g_return_val_if_fail(n_players >= 1, NULL);

    FakeHost *host = g_new0(FakeHost, 1);
    host->game = game;
    host->n_players = n_players;
    host->players = g_new0(FakePlayer, n_players);
    host->cards = g_array_new(FALSE, TRUE, sizeof(FakeCard));
    host->descriptions = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                               fake_description_free);
    host->described = g_ptr_array_new();
    host->choose_policy = FAKE_CHOOSE_FIRST_CAST;
    host->rng_state = 0x9E3779B97F4A7C15u;
    fake_host_grow_zones(host, FAKE_INITIAL_CAPACITY);
    fake_host_grow_logs(host);
    fake_host_install_callbacks(host);
    return host;
}

void fake_host_free(FakeHost *host)
{
    if (host == NULL)
        return;
    for (guint p = 0; p < host->n_players; p++)
        for (guint z = 0; z < FAKE_ZONE_COUNT; z++)
            g_free(host->players[p].zones[z].base);
    g_free(host->players);
    g_array_unref(host->cards);
    g_ptr_array_unref(host->described);
    g_hash_table_unref(host->descriptions);
    g_free(host->events);
    g_free(host->calls);
    g_free(host->actions);
    g_free(host);
}

const keyact_host *fake_host_table(const FakeHost *host)
{
    return &host->table;
}

keyact_game_id fake_host_game(const FakeHost *host)
{
    return host->game;
}

guint fake_host_n_players(const FakeHost *host)
{
    return host->n_players;
}

static gboolean fake_spec_valid(const FakeCardSpec *spec)
{
    return spec != NULL && spec->face_count >= 1 && spec->face_count <= KEYACT_MAX_FACES;
}

keyact_card_id fake_host_add_card(FakeHost *host, keyact_player_id owner,
                                  FakeZone zone, const FakeCardSpec *spec)
{
    FakePlayer *player = fake_host_player(host, owner);
    if (player == NULL || zone <= FAKE_ZONE_NONE || zone >= FAKE_ZONE_COUNT
        || !fake_spec_valid(spec))
        return KEYACT_CARD_NONE;

    FakeCard card = {
        .description = fake_host_description(host, spec),
        .owner = (guint32)owner,
        .zone = FAKE_ZONE_NONE,
    };
    g_array_append_val(host->cards, card);

    if (host->cards->len > host->zone_capacity)
        fake_host_grow_zones(host, host->zone_capacity * 2);
    fake_host_grow_logs(host);

    keyact_card_id id = host->cards->len;
    fake_host_place(host, id, zone, G_MAXUINT);
    return id;
}

guint fake_host_n_cards(const FakeHost *host)
{
    return host->cards->len;
}

const keyact_card_desc *fake_host_card_desc(const FakeHost *host, keyact_card_id card)
{
    FakeCard *c = fake_host_card(host, card);
    return c != NULL ? &fake_card_description(host, c)->desc : NULL;
}

gboolean fake_host_locate(const FakeHost *host, keyact_card_id card,
                          FakeZone *out_zone, guint *out_position)
{
    FakeCard *c = fake_host_card(host, card);
    if (c == NULL)
        return FALSE;
    const FakeZoneArray *zone = &fake_host_player(host, c->owner)->zones[c->zone];
    guint position = 0;
    while (position < zone->count && zone->cards[position] != card)
        position++;
    if (out_zone != NULL)
        *out_zone = c->zone;
    if (out_position != NULL)
        *out_position = position;
    return position < zone->count;
}

const keyact_card_id *fake_host_zone(const FakeHost *host, keyact_player_id player,
                                     FakeZone zone, guint *out_count)
{
    FakePlayer *p = fake_host_player(host, player);
    if (p == NULL || zone <= FAKE_ZONE_NONE || zone >= FAKE_ZONE_COUNT) {
        *out_count = 0;
        return NULL;
    }
    *out_count = p->zones[zone].count;
    return p->zones[zone].cards;
}

void fake_zone_reserve(FakeZoneArray *zone, guint capacity)
{
    guint slots = 2 * capacity + 2;
    if (slots <= zone->slots)
        return;
    gsize offset = (gsize)(zone->cards - zone->base);
    zone->base = g_renew(keyact_card_id, zone->base, slots);
    zone->cards = zone->base + offset;
    zone->slots = slots;
}

void fake_zone_assign(FakeZoneArray *zone, const keyact_card_id *cards, guint count)
{
    zone->cards = zone->base + (zone->slots - count) / 2;
    zone->count = count;
    memcpy(zone->cards, cards, count * sizeof cards[0]);
}

gboolean fake_zone_remove(FakeZoneArray *zone, keyact_card_id card)
{
    /* The top card (what discover exiles) leaves without a scan or move. */
    if (zone->count > 0 && zone->cards[0] == card) {
        zone->cards++;
        zone->count--;
        return TRUE;
    }
    guint i = 0;
    while (i < zone->count && zone->cards[i] != card)
        i++;
    if (i == zone->count)
        return FALSE;
    /* Close the gap from the nearer end. */
    if (i < zone->count / 2) {
        memmove(&zone->cards[1], &zone->cards[0], i * sizeof zone->cards[0]);
        zone->cards++;
    } else {
        memmove(&zone->cards[i], &zone->cards[i + 1], (zone->count - i - 1) * sizeof zone->cards[0]);
    }
    zone->count--;
    return TRUE;
}

void fake_zone_insert(FakeZoneArray *zone, keyact_card_id card, guint position)
{
    if (position > zone->count)
        position = zone->count;
    gsize room_front = (gsize)(zone->cards - zone->base);
    gsize room_back = zone->slots - room_front - zone->count;
    gboolean front = position < zone->count - position;
    /* The ends (every move discover makes) need no memmove. */
    if (position == zone->count && room_back > 0) {
        zone->cards[zone->count++] = card;
        return;
    }
    if (position == 0 && room_front > 0) {
        *--zone->cards = card;
        zone->count++;
        return;
    }
    if ((front && room_front == 0) || (!front && room_back == 0)) {
        /* Centre the cards: slots >= 2 * count + 2 leaves room at both ends,
         * and recentring again takes about count / 2 more inserts. */
        keyact_card_id *centred = zone->base + (zone->slots - zone->count) / 2;
        memmove(centred, zone->cards, zone->count * sizeof zone->cards[0]);
        zone->cards = centred;
    }
    if (front) {
        zone->cards--;
        memmove(&zone->cards[0], &zone->cards[1], position * sizeof zone->cards[0]);
    } else {
        memmove(&zone->cards[position + 1], &zone->cards[position],
                (zone->count - position) * sizeof zone->cards[0]);
    }
    zone->cards[position] = card;
    zone->count++;
}

gboolean fake_host_place(FakeHost *host, keyact_card_id card, FakeZone to_zone, guint position)
{
    FakeCard *c = fake_host_card(host, card);
    FakePlayer *player = fake_host_player(host, c->owner);
    if (c->zone == FAKE_ZONE_LIBRARY) {
        if (!fake_zone_remove(&player->zones[FAKE_ZONE_LIBRARY], card))
            return FALSE;
    } else if (c->zone != FAKE_ZONE_NONE) {
        FakeZoneArray *from = &player->zones[c->zone];
        if (c->position >= from->count || from->cards[c->position] != card)
            return FALSE;
        /* Order means nothing here: the last card fills the gap. */
        keyact_card_id last = from->cards[from->count - 1];
        from->cards[c->position] = last;
        fake_host_card(host, last)->position = c->position;
        from->count--;
    }
    FakeZoneArray *to = &player->zones[to_zone];
    fake_zone_insert(to, card, to_zone == FAKE_ZONE_LIBRARY ? position : G_MAXUINT);
    c->zone = to_zone;
    c->position = to->count - 1;
    return TRUE;
}

void fake_host_index_positions(FakeHost *host)
{
    for (guint p = 0; p < host->n_players; p++) {
        for (guint z = FAKE_ZONE_NONE + 1; z < FAKE_ZONE_COUNT; z++) {
            const FakeZoneArray *zone = &host->players[p].zones[z];
            for (guint i = 0; i < zone->count; i++)
                fake_host_card(host, zone->cards[i])->position = i;
        }
    }
}

void fake_host_set_cannot_cast(FakeHost *host, keyact_card_id card, uint32_t face,
                               gboolean cannot)
{
    FakeCard *c = fake_host_card(host, card);
    g_return_if_fail(c != NULL && face < KEYACT_MAX_FACES);
    if (cannot)
        c->cannot_cast |= 1u << face;
    else
        c->cannot_cast &= ~(1u << face);
}

void fake_host_set_cast_fails(FakeHost *host, keyact_card_id card, uint32_t face,
                              gboolean fails)
{
    FakeCard *c = fake_host_card(host, card);
    g_return_if_fail(c != NULL && face < KEYACT_MAX_FACES);
    if (fails)
        c->cast_fails |= 1u << face;
    else
        c->cast_fails &= ~(1u << face);
}

void fake_host_set_chooser(FakeHost *host, FakeChoosePolicy policy, uint32_t face,
                           FakeChooseFunc func, gpointer user_data)
{
    g_return_if_fail(policy != FAKE_CHOOSE_CALLBACK || func != NULL);
    host->choose_policy = policy;
    host->choose_face = face;
    host->choose_func = func;
    host->choose_data = user_data;
}

void fake_host_set_seed(FakeHost *host, guint64 seed)
{
    host->rng_state = seed;
}

void fake_host_inject(FakeHost *host, FakeCallKind kind, guint call_number,
                      FakeFault fault, int32_t status)
{
    g_return_if_fail((guint)kind <= FAKE_CALL_ANY);
    host->fault_kind = kind;
    host->fault_call = fault == FAKE_FAULT_NONE ? 0 : call_number;
    host->fault = fault;
    host->fault_status = status;
    host->fault_fired = FALSE;
}

void fake_host_inject_move(FakeHost *host, guint move_number, int32_t status)
{
    host->move_fault_number = move_number;
    host->move_fault_status = status;
    host->fault_fired = FALSE;
}

gboolean fake_host_fault_fired(const FakeHost *host)
{
    return host->fault_fired;
}
