/* SPDX-License-Identifier: MIT */
/* callbacks.c - the keyact_host callbacks of the FakeHost.
 *
 * Each numbered callback first logs itself and asks whether the armed fault
 * fires on this call. None of them allocates or logs: benchmarks time them.
 */
#include "fake_host_private.h"

#include <string.h>

static FakeHost *fake_from(const keyact_host *table)
{
    return table->host_data;
}

/* Log a numbered call; returns the fault to apply to it (usually NONE). */
static FakeFault fake_call_begin(FakeHost *host, FakeCallKind kind)
{
    if (host->quiet)
        ; /* counted below, not logged */
    else if (host->n_calls < host->calls_capacity)
        host->calls[host->n_calls] = kind;
    else
        host->dropped++;
    host->n_calls++;
    host->call_counts[kind]++;
    guint number = host->fault_kind == FAKE_CALL_ANY ? host->n_calls
                                                      : host->call_counts[kind];
    if (host->fault_call != 0 && (host->fault_kind == FAKE_CALL_ANY || host->fault_kind == kind)
        && number == host->fault_call) {
        host->fault_fired = TRUE;
        return host->fault;
    }
    return FAKE_FAULT_NONE;
}

static int32_t fake_check_game(const FakeHost *host, keyact_game_id game)
{
    return game == host->game ? KEYACT_OK : KEYACT_E_NOTFOUND;
}

static int32_t fake_library_size(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, uint32_t *out_size)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_LIBRARY_SIZE);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakePlayer *p = fake_host_player(host, player);
    if (fake_check_game(host, game) != KEYACT_OK || p == NULL)
        return KEYACT_E_NOTFOUND;
    if (out_size == NULL)
        return KEYACT_E_INVAL;
    *out_size = p->zones[FAKE_ZONE_LIBRARY].count + (fault != FAKE_FAULT_NONE ? 1u : 0u);
    return KEYACT_OK;
}

static int32_t fake_library_card(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, uint32_t index_from_top,
                                 keyact_card_id *out_card)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_LIBRARY_CARD);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakePlayer *p = fake_host_player(host, player);
    if (fake_check_game(host, game) != KEYACT_OK || p == NULL)
        return KEYACT_E_NOTFOUND;
    if (out_card == NULL)
        return KEYACT_E_INVAL;
    if (fault != FAKE_FAULT_NONE) {
        *out_card = KEYACT_CARD_NONE;
        return KEYACT_OK;
    }
    const FakeZoneArray *library = &p->zones[FAKE_ZONE_LIBRARY];
    if (index_from_top >= library->count)
        return KEYACT_E_NOTFOUND;
    *out_card = library->cards[index_from_top];
    return KEYACT_OK;
}

static int32_t fake_move_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, keyact_card_id card,
                              uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_MOVE_CARD);
    /* Revealing changes nothing in a fake game, but leaving it out breaks
     * the contract. */
    fake_contract_move(host, card, to_zone, flags);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    FakeCard *c = fake_host_card(host, card);
    if (c == NULL)
        return KEYACT_E_NOTFOUND;
    if (c->owner != player)
        return KEYACT_E_STATE;
    if (to_zone != KEYACT_ZONE_LIBRARY && to_zone != KEYACT_ZONE_EXILE
        && to_zone != KEYACT_ZONE_HAND)
        return KEYACT_E_INVAL;

    if (!fake_host_place(host, card, (FakeZone)to_zone, library_index))
        return KEYACT_E_STATE;
    c->moved = TRUE;
    return KEYACT_OK;
}

static int32_t fake_describe_card(const keyact_host *table, keyact_game_id game,
                                  keyact_card_id card, keyact_card_desc *out_desc)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_DESCRIBE_CARD);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakeCard *c = fake_host_card(host, card);
    if (fake_check_game(host, game) != KEYACT_OK || c == NULL)
        return KEYACT_E_NOTFOUND;
    if (out_desc == NULL || out_desc->struct_size < sizeof(uint32_t))
        return KEYACT_E_INVAL;

    const FakeDescription *description = fake_card_description(host, c);
    if (fault == FAKE_FAULT_NONE) {
        /* The usual answer, copied straight from the card's description. */
        size_t size = MIN((size_t)out_desc->struct_size, sizeof description->desc);
        memcpy(out_desc, &description->desc, size);
        out_desc->struct_size = (uint32_t)size;
        return KEYACT_OK;
    }
    keyact_card_desc answer = description->desc;
    if (fault == FAKE_FAULT_BAD_ANSWER) {
        answer.face_count = 0;
        memset(answer.faces, 0, sizeof answer.faces);
    } else if (fault == FAKE_FAULT_BAD_COST) {
        answer.faces[0] = &description->bad_cost_face;
    }
    /* Fill only what the plugin's struct has room for, and say so. */
    size_t size = MIN((size_t)out_desc->struct_size, sizeof answer);
    answer.struct_size = (uint32_t)size;
    memcpy(out_desc, &answer, size);
    return KEYACT_OK;
}

static int32_t fake_can_cast_face(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, keyact_card_id card,
                                  uint32_t face, uint32_t *out_can)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_CAN_CAST_FACE);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakeCard *c = fake_host_card(host, card);
    if (fake_check_game(host, game) != KEYACT_OK || c == NULL
        || fake_host_player(host, player) == NULL)
        return KEYACT_E_NOTFOUND;
    if (out_can == NULL || face >= fake_card_description(host, c)->desc.face_count)
        return KEYACT_E_INVAL;
    if (fault != FAKE_FAULT_NONE) {
        *out_can = 7;
        return KEYACT_OK;
    }
    *out_can = (c->cannot_cast & (1u << face)) ? 0u : 1u;
    return KEYACT_OK;
}

static int32_t fake_find_option(const keyact_option *options, uint32_t count,
                                uint32_t kind, uint32_t face, uint32_t *out_index)
{
    for (uint32_t i = 0; i < count; i++) {
        if (options[i].kind == kind
            && (kind != KEYACT_OPTION_CAST_FACE || face == KEYACT_FACE_NONE
                || options[i].face == face)) {
            *out_index = i;
            return KEYACT_OK;
        }
    }
    return KEYACT_E_NOTFOUND;
}

static int32_t fake_choose(const keyact_host *table, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card,
                           const keyact_option *options, uint32_t option_count,
                           uint32_t *out_index)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_CHOOSE);
    /* What was offered is recorded even when the answer is a failure. */
    if (options != NULL) {
        host->n_last_options = option_count;
        for (uint32_t i = 0; i < option_count; i++) {
            if (i < FAKE_MAX_OPTIONS)
                host->last_options[i] = options[i];
            if (options[i].kind == KEYACT_OPTION_CAST_FACE && options[i].face < 32)
                host->offered_faces |= 1u << options[i].face;
        }
        fake_contract_choose(host, card, options, option_count);
    }
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK || fake_host_player(host, player) == NULL
        || fake_host_card(host, card) == NULL)
        return KEYACT_E_NOTFOUND;
    if (options == NULL || option_count == 0 || out_index == NULL)
        return KEYACT_E_INVAL;
    if (fault != FAKE_FAULT_NONE) {
        *out_index = option_count;
        return KEYACT_OK;
    }

    switch (host->choose_policy) {
    case FAKE_CHOOSE_CALLBACK:
        return host->choose_func(host->choose_data, card, options, option_count, out_index);
    case FAKE_CHOOSE_FIRST_CAST:
        if (fake_find_option(options, option_count, KEYACT_OPTION_CAST_FACE,
                             KEYACT_FACE_NONE, out_index) == KEYACT_OK)
            return KEYACT_OK;
        break;
    case FAKE_CHOOSE_FACE:
        if (fake_find_option(options, option_count, KEYACT_OPTION_CAST_FACE,
                             host->choose_face, out_index) == KEYACT_OK)
            return KEYACT_OK;
        break;
    case FAKE_CHOOSE_HAND:
        break;
    }
    /* The contract says a decline option is always there: TO_HAND
     * (discover) or TO_BOTTOM (cascade). */
    if (fake_find_option(options, option_count, KEYACT_OPTION_TO_HAND, 0, out_index) == KEYACT_OK
        || fake_find_option(options, option_count, KEYACT_OPTION_TO_BOTTOM, 0, out_index)
               == KEYACT_OK)
        return KEYACT_OK;
    return KEYACT_E_INVAL;
}

static int32_t fake_cast_free(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, keyact_card_id card,
                              uint32_t face, uint32_t *out_cast)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_CAST_FREE);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakeCard *c = fake_host_card(host, card);
    if (fake_check_game(host, game) != KEYACT_OK || c == NULL)
        return KEYACT_E_NOTFOUND;
    if (c->owner != player || c->zone != FAKE_ZONE_EXILE)
        return KEYACT_E_STATE;
    if (out_cast == NULL || face >= fake_card_description(host, c)->desc.face_count)
        return KEYACT_E_INVAL;
    if (fault != FAKE_FAULT_NONE) {
        *out_cast = 0x7f;
        return KEYACT_OK;
    }
    if (c->cast_fails & (1u << face)) {
        *out_cast = KEYACT_CAST_FAILED;
        return KEYACT_OK;
    }
    if (!fake_host_place(host, card, FAKE_ZONE_STACK, G_MAXUINT))
        return KEYACT_E_STATE;
    c->moved = TRUE;
    *out_cast = KEYACT_CAST_DONE;
    return KEYACT_OK;
}

/* splitmix64: small, fast and fully determined by the seed. */
static guint32 fake_next32(FakeHost *host)
{
    guint64 z = (host->rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return (guint32)((z ^ (z >> 31)) >> 32);
}

/* Lemire's multiply-and-reject: exactly uniform in [0, bound). */
static guint32 fake_uniform_below(FakeHost *host, guint32 bound)
{
    guint64 m = (guint64)fake_next32(host) * bound;
    guint32 low = (guint32)m;
    if (low < bound) {
        guint32 threshold = (guint32)(-bound) % bound;
        while (low < threshold) {
            m = (guint64)fake_next32(host) * bound;
            low = (guint32)m;
        }
    }
    return (guint32)(m >> 32);
}

static int32_t fake_random_below(const keyact_host *table, keyact_game_id game,
                                 uint32_t bound, uint32_t *out_value)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_RANDOM_BELOW);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    if (out_value == NULL || bound == 0)
        return KEYACT_E_INVAL;
    *out_value = fault != FAKE_FAULT_NONE ? bound : fake_uniform_below(host, bound);
    return KEYACT_OK;
}

static void fake_notify(const keyact_host *table, keyact_game_id game,
                        const keyact_event *event)
{
    (void)game;
    FakeHost *host = fake_from(table);
    if (event == NULL || host->quiet)
        return;
    if (host->n_events >= host->events_capacity) {
        host->dropped++;
        return;
    }
    /* Keep what the plugin's struct holds; zero the rest. */
    keyact_event *copy = &host->events[host->n_events++];
    memset(copy, 0, sizeof *copy);
    memcpy(copy, event, MIN((size_t)event->struct_size, sizeof *copy));
}

static void fake_log(const keyact_host *table, int32_t level, const char *message)
{
    (void)level;
    (void)message;
    fake_from(table)->log_count++;
}

void fake_host_install_callbacks(FakeHost *host)
{
    host->table = (keyact_host){
        .struct_size = sizeof(keyact_host),
        .abi_major = KEYACT_ABI_MAJOR,
        .abi_minor = KEYACT_ABI_MINOR,
        .host_data = host,
        .host_name = "keyact fake host",
        .library_size = fake_library_size,
        .library_card = fake_library_card,
        .move_card = fake_move_card,
        .describe_card = fake_describe_card,
        .can_cast_face = fake_can_cast_face,
        .choose = fake_choose,
        .cast_free = fake_cast_free,
        .random_below = fake_random_below,
        .notify = fake_notify,
        .log = fake_log,
        .get_extension = NULL,
    };
}
