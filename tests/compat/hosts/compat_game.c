/* SPDX-License-Identifier: MIT */
/* compat_game.c - the matrix hosts' game: three cards, plain arrays. */
#include <stdio.h>
#include <string.h>

#include "compat_game.h"

static const keyact_face_desc faces[COMPAT_N_CARDS + 1] = {
    { 0 },
    { sizeof(keyact_face_desc), 0u, "Shock", "{R}" },
    { sizeof(keyact_face_desc), KEYACT_FACE_LAND, "Forest", "" },
    { sizeof(keyact_face_desc), 0u, "Divination", "{2}{U}" },
};

static CompatGame *game_of(const keyact_host *host)
{
    return host->host_data;
}

static int valid_card(keyact_card_id card)
{
    return card >= 1 && card <= COMPAT_N_CARDS;
}

static int32_t library_size(const keyact_host *host, keyact_game_id game_id,
                            keyact_player_id player, uint32_t *out_size)
{
    if (game_id != COMPAT_GAME_ID || player != COMPAT_PLAYER || out_size == NULL)
        return KEYACT_E_INVAL;
    *out_size = game_of(host)->library_count;
    return KEYACT_OK;
}

static int32_t library_card(const keyact_host *host, keyact_game_id game_id,
                            keyact_player_id player, uint32_t index, keyact_card_id *out_card)
{
    const CompatGame *game = game_of(host);
    if (game_id != COMPAT_GAME_ID || player != COMPAT_PLAYER || out_card == NULL)
        return KEYACT_E_INVAL;
    if (index >= game->library_count)
        return KEYACT_E_NOTFOUND;
    *out_card = game->library[index];
    return KEYACT_OK;
}

static void leave_library(CompatGame *game, keyact_card_id card)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < game->library_count; i++)
        if (game->library[i] != card)
            game->library[kept++] = game->library[i];
    game->library_count = kept;
}

static int32_t move_card(const keyact_host *host, keyact_game_id game_id,
                         keyact_player_id player, keyact_card_id card, uint32_t to_zone,
                         uint32_t library_index, uint32_t flags)
{
    CompatGame *game = game_of(host);
    if (game_id != COMPAT_GAME_ID || player != COMPAT_PLAYER || !valid_card(card))
        return KEYACT_E_INVAL;
    if (to_zone != KEYACT_ZONE_LIBRARY && to_zone != KEYACT_ZONE_EXILE
        && to_zone != KEYACT_ZONE_HAND)
        return KEYACT_E_INVAL;

    leave_library(game, card);
    if (to_zone == KEYACT_ZONE_LIBRARY) {
        uint32_t at = library_index > game->library_count ? game->library_count : library_index;
        memmove(&game->library[at + 1], &game->library[at],
                (game->library_count - at) * sizeof game->library[0]);
        game->library[at] = card;
        game->library_count++;
    }
    game->zone[card] = to_zone;
    if ((flags & KEYACT_MOVE_REVEAL) && to_zone == KEYACT_ZONE_HAND)
        game->reveal_moves++;
    return KEYACT_OK;
}

static int32_t describe_card(const keyact_host *host, keyact_game_id game_id,
                             keyact_card_id card, keyact_card_desc *out_desc)
{
    (void)host;
    if (game_id != COMPAT_GAME_ID || !valid_card(card) || out_desc == NULL
        || out_desc->struct_size < sizeof(keyact_card_desc))
        return KEYACT_E_INVAL;
    memset(out_desc, 0, sizeof *out_desc);
    out_desc->struct_size = sizeof *out_desc;
    out_desc->layout = KEYACT_LAYOUT_NORMAL;
    out_desc->face_count = 1;
    out_desc->faces[0] = &faces[card];
    return KEYACT_OK;
}

static int32_t can_cast_face(const keyact_host *host, keyact_game_id game_id,
                             keyact_player_id player, keyact_card_id card, uint32_t face,
                             uint32_t *out_can)
{
    (void)host;
    (void)game_id;
    (void)player;
    (void)card;
    (void)face;
    *out_can = 1;
    return KEYACT_OK;
}

/* The player always takes the card into hand. */
static int32_t choose(const keyact_host *host, keyact_game_id game_id, keyact_player_id player,
                      keyact_card_id card, const keyact_option *options,
                      uint32_t option_count, uint32_t *out_index)
{
    (void)host;
    (void)game_id;
    (void)player;
    (void)card;
    for (uint32_t i = 0; i < option_count; i++) {
        if (options[i].kind == KEYACT_OPTION_TO_HAND) {
            *out_index = i;
            return KEYACT_OK;
        }
    }
    return KEYACT_E_RANGE;
}

static int32_t cast_free(const keyact_host *host, keyact_game_id game_id,
                         keyact_player_id player, keyact_card_id card, uint32_t face,
                         uint32_t *out_cast)
{
    CompatGame *game = game_of(host);
    (void)game_id;
    (void)player;
    (void)face;
    if (!valid_card(card))
        return KEYACT_E_INVAL;
    game->zone[card] = 0;
    *out_cast = KEYACT_CAST_DONE;
    return KEYACT_OK;
}

static int32_t random_below(const keyact_host *host, keyact_game_id game_id, uint32_t bound,
                            uint32_t *out_value)
{
    (void)host;
    (void)game_id;
    if (bound == 0)
        return KEYACT_E_INVAL;
    *out_value = 0;
    return KEYACT_OK;
}

static void notify(const keyact_host *host, keyact_game_id game_id, const keyact_event *event)
{
    CompatGame *game = game_of(host);
    (void)game_id;
    game->n_events++;
    game->last_event = event->type;
}

/* The frozen toy 1.1 of tests/compat/headers/v1_1 (not the real ABI 1.1,
 * which appended the batched calls instead): KEYACT_ACTION_REVEALS marks it. */
#if KEYACT_ABI_MAJOR == 1 && KEYACT_ABI_MINOR >= 1 && defined(KEYACT_ACTION_REVEALS)
static int32_t reveal_card(const keyact_host *host, keyact_game_id game_id,
                           keyact_player_id player, keyact_card_id card)
{
    (void)game_id;
    (void)player;
    if (!valid_card(card))
        return KEYACT_E_INVAL;
    game_of(host)->reveal_calls++;
    return KEYACT_OK;
}
#endif

void compat_game_init(CompatGame *game, keyact_host *table)
{
    memset(game, 0, sizeof *game);
    for (keyact_card_id card = 1; card <= COMPAT_N_CARDS; card++) {
        game->library[card - 1] = card;
        game->zone[card] = KEYACT_ZONE_LIBRARY;
    }
    game->library_count = COMPAT_N_CARDS;

    *table = (keyact_host){
        .struct_size = sizeof(keyact_host),
        .abi_major = KEYACT_ABI_MAJOR,
        .abi_minor = KEYACT_ABI_MINOR,
        .host_data = game,
        .host_name = "keyact compat matrix host",
        .library_size = library_size,
        .library_card = library_card,
        .move_card = move_card,
        .describe_card = describe_card,
        .can_cast_face = can_cast_face,
        .choose = choose,
        .cast_free = cast_free,
        .random_below = random_below,
        .notify = notify,
        .log = NULL,
        .get_extension = NULL,
#if KEYACT_ABI_MAJOR == 1 && KEYACT_ABI_MINOR >= 1 && defined(KEYACT_ACTION_REVEALS)
        .host_version = "1.1.0",
        .reveal_card = reveal_card,
#endif
    };
}

void compat_game_prepare(const CompatGame *game, keyact_resolve_args *args,
                         keyact_resolve_result *result)
{
    (void)game;
    *args = (keyact_resolve_args){
        .struct_size = sizeof(keyact_resolve_args),
        .n = 1,
        .game = COMPAT_GAME_ID,
        .player = COMPAT_PLAYER,
        .source = KEYACT_CARD_NONE,
    };
    memset(result, 0, sizeof *result);
    result->struct_size = sizeof(keyact_resolve_result);
}

void compat_game_verdict(const CompatGame *game, int32_t status,
                         const keyact_resolve_result *result, char *out, size_t out_size)
{
    const char *resolve;

    if (status != KEYACT_OK)
        resolve = keyact_status_name(status);
    else if (result->outcome == KEYACT_OUTCOME_HAND)
        resolve = result->discovered == COMPAT_TOP_CARD
                          && game->zone[COMPAT_TOP_CARD] == KEYACT_ZONE_HAND
                          && (result->flags & KEYACT_RESULT_COMPLETE)
                          && game->last_event == KEYACT_EVENT_DISCOVERED
                      ? "HAND"
                      : "INCONSISTENT";
    else if (result->outcome == KEYACT_OUTCOME_CAST)
        resolve = "CAST";
    else
        resolve = "NONE";

    const char *reveal = game->reveal_calls > 0 ? "callback"
                         : game->reveal_moves > 0 ? "flag"
                                                  : "none";
    snprintf(out, out_size, "resolve=%s reveal=%s", resolve, reveal);
}
