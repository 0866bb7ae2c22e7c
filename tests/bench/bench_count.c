/* SPDX-License-Identifier: MIT */
/* bench_count.c - the counting host table: count, then forward. */
#include "bench_count.h"

#include <string.h>

static const char *const call_names[BENCH_CALL_COUNT] = {
    "library_size", "library_card", "move_card", "describe_card", "can_cast_face",
    "choose", "cast_free", "random_below", "notify", "log", "get_extension",
    "library_cards", "describe_cards", "apply_steps", "random_below_each",
};

const char *bench_call_name(BenchCall call)
{
    return call < BENCH_CALL_COUNT ? call_names[call] : "?";
}

/* The counter behind a wrapper table, after counting `call`. */
static const keyact_host *count(const keyact_host *table, BenchCall call)
{
    BenchCounter *counter = table->host_data;
    counter->calls[call]++;
    return counter->inner;
}

static int32_t count_library_size(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, uint32_t *out_size)
{
    const keyact_host *inner = count(table, BENCH_CALL_LIBRARY_SIZE);
    return inner->library_size(inner, game, player, out_size);
}

static int32_t count_library_card(const keyact_host *table, keyact_game_id game,
                                  keyact_player_id player, uint32_t index_from_top,
                                  keyact_card_id *out_card)
{
    const keyact_host *inner = count(table, BENCH_CALL_LIBRARY_CARD);
    return inner->library_card(inner, game, player, index_from_top, out_card);
}

static int32_t count_move_card(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, keyact_card_id card,
                               uint32_t to_zone, uint32_t library_index, uint32_t flags)
{
    const keyact_host *inner = count(table, BENCH_CALL_MOVE_CARD);
    return inner->move_card(inner, game, player, card, to_zone, library_index, flags);
}

static int32_t count_describe_card(const keyact_host *table, keyact_game_id game,
                                   keyact_card_id card, keyact_card_desc *out_desc)
{
    const keyact_host *inner = count(table, BENCH_CALL_DESCRIBE_CARD);
    return inner->describe_card(inner, game, card, out_desc);
}

static int32_t count_can_cast_face(const keyact_host *table, keyact_game_id game,
                                   keyact_player_id player, keyact_card_id card,
                                   uint32_t face, uint32_t *out_can)
{
    const keyact_host *inner = count(table, BENCH_CALL_CAN_CAST_FACE);
    return inner->can_cast_face(inner, game, player, card, face, out_can);
}

static int32_t count_choose(const keyact_host *table, keyact_game_id game,
                            keyact_player_id player, keyact_card_id card,
                            const keyact_option *options, uint32_t option_count,
                            uint32_t *out_index)
{
    const keyact_host *inner = count(table, BENCH_CALL_CHOOSE);
    return inner->choose(inner, game, player, card, options, option_count, out_index);
}

static int32_t count_cast_free(const keyact_host *table, keyact_game_id game,
                               keyact_player_id player, keyact_card_id card,
                               uint32_t face, uint32_t *out_cast)
{
    const keyact_host *inner = count(table, BENCH_CALL_CAST_FREE);
    return inner->cast_free(inner, game, player, card, face, out_cast);
}

static int32_t count_random_below(const keyact_host *table, keyact_game_id game,
                                  uint32_t bound, uint32_t *out_value)
{
    const keyact_host *inner = count(table, BENCH_CALL_RANDOM_BELOW);
    return inner->random_below(inner, game, bound, out_value);
}

static void count_notify(const keyact_host *table, keyact_game_id game,
                         const keyact_event *event)
{
    const keyact_host *inner = count(table, BENCH_CALL_NOTIFY);
    inner->notify(inner, game, event);
}

static void count_log(const keyact_host *table, int32_t level, const char *message)
{
    const keyact_host *inner = count(table, BENCH_CALL_LOG);
    inner->log(inner, level, message);
}

static const void *count_get_extension(const keyact_host *table, const char *id)
{
    const keyact_host *inner = count(table, BENCH_CALL_GET_EXTENSION);
    return inner->get_extension(inner, id);
}

#ifdef KEYACT_HOST_SIZE_1_1
static int32_t count_library_cards(const keyact_host *table, keyact_game_id game,
                                   keyact_player_id player, uint32_t from_top,
                                   uint32_t n, keyact_card_id *out_cards)
{
    const keyact_host *inner = count(table, BENCH_CALL_LIBRARY_CARDS);
    return inner->library_cards(inner, game, player, from_top, n, out_cards);
}

static int32_t count_describe_cards(const keyact_host *table, keyact_game_id game,
                                    const keyact_card_id *cards, uint32_t n,
                                    keyact_card_desc *const *out_descs)
{
    const keyact_host *inner = count(table, BENCH_CALL_DESCRIBE_CARDS);
    return inner->describe_cards(inner, game, cards, n, out_descs);
}

static int32_t count_apply_steps(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, const keyact_step *steps,
                                 uint32_t n, uint32_t *out_done)
{
    const keyact_host *inner = count(table, BENCH_CALL_APPLY_STEPS);
    return inner->apply_steps(inner, game, player, steps, n, out_done);
}

static int32_t count_random_below_each(const keyact_host *table, keyact_game_id game,
                                       const uint32_t *bounds, uint32_t n,
                                       uint32_t *out_values)
{
    const keyact_host *inner = count(table, BENCH_CALL_RANDOM_BELOW_EACH);
    return inner->random_below_each(inner, game, bounds, n, out_values);
}
#endif

/* The wrapper's member when the wrapped table has one, else NULL. */
#define COUNT_MEMBER(inner, member, wrapper) \
    (KEYACT_HOST_HAS(inner, member) && (inner)->member != NULL ? (wrapper) : NULL)

void bench_counter_init(BenchCounter *counter, const keyact_host *inner)
{
    keyact_host *table = &counter->table;

    memset(counter, 0, sizeof *counter);
    /* The wrapped table's header and size: the plugin sees the same host. */
    memcpy(table, inner, MIN((size_t)inner->struct_size, sizeof *table));
    table->struct_size = MIN(inner->struct_size, (uint32_t)sizeof *table);
    table->host_data = counter;
    table->library_size = COUNT_MEMBER(inner, library_size, count_library_size);
    table->library_card = COUNT_MEMBER(inner, library_card, count_library_card);
    table->move_card = COUNT_MEMBER(inner, move_card, count_move_card);
    table->describe_card = COUNT_MEMBER(inner, describe_card, count_describe_card);
    table->can_cast_face = COUNT_MEMBER(inner, can_cast_face, count_can_cast_face);
    table->choose = COUNT_MEMBER(inner, choose, count_choose);
    table->cast_free = COUNT_MEMBER(inner, cast_free, count_cast_free);
    table->random_below = COUNT_MEMBER(inner, random_below, count_random_below);
    table->notify = COUNT_MEMBER(inner, notify, count_notify);
    table->log = COUNT_MEMBER(inner, log, count_log);
    table->get_extension = COUNT_MEMBER(inner, get_extension, count_get_extension);
#ifdef KEYACT_HOST_SIZE_1_1
    if (table->struct_size >= KEYACT_HOST_SIZE_1_1) {
        table->library_cards = COUNT_MEMBER(inner, library_cards, count_library_cards);
        table->describe_cards = COUNT_MEMBER(inner, describe_cards, count_describe_cards);
        table->apply_steps = COUNT_MEMBER(inner, apply_steps, count_apply_steps);
        table->random_below_each = COUNT_MEMBER(inner, random_below_each,
                                                count_random_below_each);
    }
#endif
    counter->inner = inner;
}

void bench_counter_reset(BenchCounter *counter)
{
    memset(counter->calls, 0, sizeof counter->calls);
}

guint64 bench_counter_total(const BenchCounter *counter)
{
    guint64 total = 0;
    for (guint i = 0; i < BENCH_CALL_COUNT; i++)
        total += counter->calls[i];
    return total;
}
