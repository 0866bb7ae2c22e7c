/* SPDX-License-Identifier: MIT */
/* callbacks.c - the keyact_host callbacks of the FakeHost.
 *
 * Each numbered callback first logs itself and asks whether the armed fault
 * fires on this call. None of them allocates or logs: benchmarks time them.
 * The batched calls of ABI 1.1 share the 1.0 calls' moves, descriptions,
 * draws and event log, so a game ends the same whichever the plugin used.
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

/* Keep one action (unless quiet). */
static void fake_log_action(FakeHost *host, FakeActionKind kind, keyact_card_id card,
                            uint32_t a, uint32_t b)
{
    if (host->quiet)
        return;
    if (host->n_actions >= host->actions_capacity) {
        host->dropped++;
        return;
    }
    host->actions[host->n_actions++] = (FakeAction){ .kind = kind, .a = a, .b = b, .card = card };
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

/* One move, for move_card and apply_steps alike: the contract, the armed
 * move fault, then the move itself. */
static int32_t fake_do_move(FakeHost *host, keyact_player_id player, keyact_card_id card,
                            uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    /* Revealing changes nothing in a fake game, but leaving it out breaks
     * the contract, whichever call made the move. */
    fake_contract_move(host, card, to_zone, flags);
    host->n_moves++;
    if (host->move_fault_number != 0 && host->n_moves == host->move_fault_number) {
        host->fault_fired = TRUE;
        return host->move_fault_status;
    }
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
    fake_log_action(host, FAKE_ACTION_MOVE, card, to_zone, library_index);
    return KEYACT_OK;
}

static int32_t fake_move_card(const keyact_host *table, keyact_game_id game,
                              keyact_player_id player, keyact_card_id card,
                              uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    FakeHost *host = fake_from(table);
    if (fake_call_begin(host, FAKE_CALL_MOVE_CARD) == FAKE_FAULT_STATUS) {
        fake_contract_move(host, card, to_zone, flags);
        return host->fault_status;
    }
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    return fake_do_move(host, player, card, to_zone, library_index, flags);
}

/* Fill out_desc for card `c` as describe_card answers, with `fault`. */
static void fake_fill_desc(const FakeHost *host, const FakeCard *c, FakeFault fault,
                           keyact_card_desc *out_desc)
{
    const FakeDescription *description = fake_card_description(host, c);
    if (fault == FAKE_FAULT_NONE) {
        /* The usual answer, copied straight from the card's description. */
        size_t size = MIN((size_t)out_desc->struct_size, sizeof description->desc);
        memcpy(out_desc, &description->desc, size);
        out_desc->struct_size = (uint32_t)size;
        return;
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
    fake_fill_desc(host, c, fault, out_desc);
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
    fake_log_action(host, FAKE_ACTION_DRAW, KEYACT_CARD_NONE, bound, *out_value);
    return KEYACT_OK;
}

/* Keep an event, for notify and apply_steps alike. */
static void fake_record_event(FakeHost *host, const keyact_event *event)
{
    if (event == NULL || host->quiet)
        return;
    fake_log_action(host, FAKE_ACTION_EVENT, event->card, event->type, event->index);
    if (host->n_events >= host->events_capacity) {
        host->dropped++;
        return;
    }
    /* Keep what the plugin's struct holds; zero the rest. */
    keyact_event *copy = &host->events[host->n_events++];
    memset(copy, 0, sizeof *copy);
    memcpy(copy, event, MIN((size_t)event->struct_size, sizeof *copy));
}

static void fake_notify(const keyact_host *table, keyact_game_id game,
                        const keyact_event *event)
{
    (void)game;
    FakeHost *host = fake_from(table);
    host->unnumbered_calls++;
    fake_record_event(host, event);
}

/* ---- ABI 1.1: the batched calls, each what its 1.0 calls would do ---- */

static int32_t fake_library_cards(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, uint32_t from_top, uint32_t count,
                                  keyact_card_id *out_cards)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_LIBRARY_CARDS);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    FakePlayer *p = fake_host_player(host, player);
    if (fake_check_game(host, game) != KEYACT_OK || p == NULL)
        return KEYACT_E_NOTFOUND;
    if (out_cards == NULL || count == 0)
        return KEYACT_E_INVAL;
    const FakeZoneArray *library = &p->zones[FAKE_ZONE_LIBRARY];
    if ((guint64)from_top + count > library->count)
        return KEYACT_E_NOTFOUND;
    memcpy(out_cards, library->cards + from_top, (size_t)count * sizeof *out_cards);
    if (fault != FAKE_FAULT_NONE)
        out_cards[count - 1] = KEYACT_CARD_NONE;
    return KEYACT_OK;
}

static int32_t fake_describe_cards(const keyact_host *table, keyact_game_id game,
                                   const keyact_card_id *cards, uint32_t count,
                                   keyact_card_desc *const *out_descs)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_DESCRIBE_CARDS);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    if (cards == NULL || out_descs == NULL || count == 0)
        return KEYACT_E_INVAL;
    /* All or nothing: check every card before filling any. */
    for (uint32_t i = 0; i < count; i++) {
        if (fake_host_card(host, cards[i]) == NULL)
            return KEYACT_E_NOTFOUND;
        if (out_descs[i] == NULL || out_descs[i]->struct_size < sizeof(uint32_t))
            return KEYACT_E_INVAL;
    }
    for (uint32_t i = 0; i < count; i++)
        fake_fill_desc(host, fake_host_card(host, cards[i]),
                       i + 1 == count ? fault : FAKE_FAULT_NONE, out_descs[i]);
    return KEYACT_OK;
}

static int32_t fake_apply_steps(const keyact_host *table, keyact_game_id game,
                                keyact_player_id player, const keyact_step *steps,
                                uint32_t count, uint32_t *out_done)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_APPLY_STEPS);
    if (out_done == NULL)
        return KEYACT_E_INVAL;
    *out_done = 0;
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    if (steps == NULL || count == 0)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        const keyact_step *step = &steps[i];
        if (step->struct_size < KEYACT_STEP_SIZE_1_1)
            return KEYACT_E_INVAL;
        if (step->to_zone != KEYACT_ZONE_NONE) {
            int32_t rc = fake_do_move(host, player, step->card, step->to_zone,
                                      step->library_index, step->flags);
            if (rc != KEYACT_OK)
                return rc; /* *out_done is this step's index */
        }
        fake_record_event(host, step->event);
        *out_done = i + 1;
    }
    return KEYACT_OK;
}

static int32_t fake_random_below_each(const keyact_host *table, keyact_game_id game,
                                      const uint32_t *bounds, uint32_t count,
                                      uint32_t *out_values)
{
    FakeHost *host = fake_from(table);
    FakeFault fault = fake_call_begin(host, FAKE_CALL_RANDOM_BELOW_EACH);
    if (fault == FAKE_FAULT_STATUS)
        return host->fault_status;
    if (fake_check_game(host, game) != KEYACT_OK)
        return KEYACT_E_NOTFOUND;
    if (bounds == NULL || out_values == NULL || count == 0)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        if (bounds[i] == 0)
            return KEYACT_E_INVAL; /* before any draw: all or nothing */
    }
    /* The same draws, in the same order, as random_below for each bound. */
    for (uint32_t i = 0; i < count; i++) {
        out_values[i] = fault != FAKE_FAULT_NONE && i + 1 == count
                            ? bounds[i] : fake_uniform_below(host, bounds[i]);
        fake_log_action(host, FAKE_ACTION_DRAW, KEYACT_CARD_NONE, bounds[i], out_values[i]);
    }
    return KEYACT_OK;
}

/* ---- ABI 1.2 ---- */

/* FakeZone's first values are KEYACT_ZONE_*'s: LIBRARY, EXILE, HAND, then
 * STACK and BATTLEFIELD in card_zone's order. */
G_STATIC_ASSERT((int)FAKE_ZONE_STACK == (int)KEYACT_ZONE_STACK);
G_STATIC_ASSERT((int)FAKE_ZONE_BATTLEFIELD == (int)KEYACT_ZONE_BATTLEFIELD);

static int32_t fake_card_zone(const keyact_host *table, keyact_game_id game,
                              keyact_card_id card, uint32_t *out_zone)
{
    /* Not counted in fake_host_total_calls(): a validation layer asks it,
     * never the plugin. */
    FakeHost *host = fake_from(table);
    FakeCard *c = fake_host_card(host, card);
    if (fake_check_game(host, game) != KEYACT_OK || c == NULL || c->zone == FAKE_ZONE_NONE)
        return KEYACT_E_NOTFOUND;
    if (out_zone == NULL)
        return KEYACT_E_INVAL;
    *out_zone = c->zone;
    return KEYACT_OK;
}

static void fake_log(const keyact_host *table, int32_t level, const char *message)
{
    (void)level;
    (void)message;
    FakeHost *host = fake_from(table);
    host->unnumbered_calls++;
    host->log_count++;
}

void fake_host_install_callbacks(FakeHost *host)
{
    guint batched = host->batched;

    host->table = (keyact_host){
        .struct_size = batched != 0 ? KEYACT_HOST_SIZE_1_1 : KEYACT_HOST_SIZE_1_0,
        .abi_major = 1u,
        .abi_minor = batched != 0 ? 1u : 0u,
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
        .library_cards = (batched & FAKE_BATCHED_LIBRARY_CARDS) ? fake_library_cards : NULL,
        .describe_cards = (batched & FAKE_BATCHED_DESCRIBE_CARDS) ? fake_describe_cards : NULL,
        .apply_steps = (batched & FAKE_BATCHED_APPLY_STEPS) ? fake_apply_steps : NULL,
        .random_below_each =
            (batched & FAKE_BATCHED_RANDOM_BELOW_EACH) ? fake_random_below_each : NULL,
        .card_zone = host->card_zone ? fake_card_zone : NULL,
    };
    if (host->card_zone) {
        host->table.struct_size = KEYACT_HOST_SIZE_1_2;
        host->table.abi_minor = 2u;
    }
}

void fake_host_set_card_zone(FakeHost *host, gboolean on)
{
    host->card_zone = on;
    fake_host_install_callbacks(host);
}

void fake_host_set_batched(FakeHost *host, guint members)
{
    host->batched = members & FAKE_BATCHED_ALL;
    fake_host_install_callbacks(host);
}
