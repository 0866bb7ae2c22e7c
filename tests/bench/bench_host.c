/* SPDX-License-Identifier: MIT */
/* bench_host.c - a FakeHost as a 1.0 host and as a 1.1 host.
 *
 * The 1.1 host uses the FakeHost's own batched calls when its table has
 * them. Otherwise they are built here on the FakeHost's single callbacks
 * and public API, the way a game can implement them over its single moves:
 * apply_steps is move_card then notify per step, random_below_each draws
 * from the same RNG in turn, library_cards reads the library array. So a
 * 1.1 resolve moves the same cards, sends the same events and draws the
 * same numbers as a 1.0 one; only the number of calls across the boundary
 * differs.
 */
#include "bench_host.h"

#include <string.h>

const char *bench_host_name(BenchHostKind kind)
{
    return kind == BENCH_HOST_1_0 ? "1.0" : "1.1";
}

#ifdef KEYACT_HOST_SIZE_1_1

static FakeHost *fake_of(const keyact_host *table)
{
    return table->host_data;
}

/* The FakeHost's own (1.0) callbacks. */
static const keyact_host *single_of(const keyact_host *table)
{
    return fake_host_table(fake_of(table));
}

static int32_t batch_library_cards(const keyact_host *table, keyact_game_id game,
                                   keyact_player_id player, uint32_t from_top,
                                   uint32_t count, keyact_card_id *out_cards)
{
    const FakeHost *fake = fake_of(table);
    guint size = 0;

    if (count == 0 || out_cards == NULL)
        return KEYACT_E_INVAL;
    const keyact_card_id *library = fake_host_zone(fake, player, FAKE_ZONE_LIBRARY, &size);
    if (game != fake_host_game(fake) || library == NULL || from_top > size
        || count > size - from_top)
        return KEYACT_E_NOTFOUND;
    memcpy(out_cards, library + from_top, (size_t)count * sizeof out_cards[0]);
    return KEYACT_OK;
}

static int32_t batch_describe_cards(const keyact_host *table, keyact_game_id game,
                                    const keyact_card_id *cards, uint32_t count,
                                    keyact_card_desc *const *out_descs)
{
    const keyact_host *single = single_of(table);

    if (count == 0 || cards == NULL || out_descs == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = single->describe_card(single, game, cards[i], out_descs[i]);
        if (rc != KEYACT_OK)
            return rc; /* all or nothing: the plugin uses none of them */
    }
    return KEYACT_OK;
}

static int32_t batch_apply_steps(const keyact_host *table, keyact_game_id game,
                                 keyact_player_id player, const keyact_step *steps,
                                 uint32_t count, uint32_t *out_done)
{
    const keyact_host *single = single_of(table);

    if (count == 0 || steps == NULL || out_done == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        const keyact_step *step = &steps[i];
        if (step->to_zone != KEYACT_ZONE_NONE) {
            int32_t rc = single->move_card(single, game, player, step->card, step->to_zone,
                                           step->library_index, step->flags);
            if (rc != KEYACT_OK) {
                *out_done = i; /* that card stayed where it was */
                return rc;
            }
        }
        if (step->event != NULL && single->notify != NULL)
            single->notify(single, game, step->event);
    }
    *out_done = count;
    return KEYACT_OK;
}

static int32_t batch_random_below_each(const keyact_host *table, keyact_game_id game,
                                       const uint32_t *bounds, uint32_t count,
                                       uint32_t *out_values)
{
    const keyact_host *single = single_of(table);

    if (count == 0 || bounds == NULL || out_values == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < count; i++) {
        int32_t rc = single->random_below(single, game, bounds[i], &out_values[i]);
        if (rc != KEYACT_OK)
            return rc;
    }
    return KEYACT_OK;
}

gboolean bench_host_table(const FakeHost *host, BenchHostKind kind, keyact_host *out)
{
    *out = *fake_host_table(host);
    if (kind == BENCH_HOST_1_0) {
        out->struct_size = KEYACT_HOST_SIZE_1_0;
        out->abi_minor = 0;
        out->library_cards = NULL;
        out->describe_cards = NULL;
        out->apply_steps = NULL;
        out->random_below_each = NULL;
        return TRUE;
    }
    out->struct_size = KEYACT_HOST_SIZE_1_1;
    out->abi_minor = 1;
    if (out->library_cards != NULL && out->describe_cards != NULL
        && out->apply_steps != NULL && out->random_below_each != NULL)
        return TRUE; /* the FakeHost's own */
    out->library_cards = batch_library_cards;
    out->describe_cards = batch_describe_cards;
    out->apply_steps = batch_apply_steps;
    out->random_below_each = batch_random_below_each;
    return TRUE;
}

#else /* the ABI headers have no 1.1 yet */

gboolean bench_host_table(const FakeHost *host, BenchHostKind kind, keyact_host *out)
{
    *out = *fake_host_table(host);
    out->struct_size = KEYACT_HOST_SIZE_1_0;
    out->abi_minor = 0;
    return kind == BENCH_HOST_1_0;
}

#endif
