/* SPDX-License-Identifier: MIT */
/* compat_game.h - the one small game every matrix host plays.
 *
 * Plain C against whichever <keyact/keyact.h> is on the include path, so the
 * same game is compiled into the 1.0 host (the real libkeyact-host) and the
 * fixture hosts built from the frozen 1.1 and 2.0 headers.
 *
 * Player 1's library, top first: Shock {R}, Forest, Divination {2}{U}. The
 * player answers every choice with "put it into hand", so both the toy
 * plugin ("take the top card") and the real discover 1 end the same way:
 * Shock in hand.
 */
#ifndef KEYACT_COMPAT_GAME_H
#define KEYACT_COMPAT_GAME_H

#include <keyact/keyact.h>

#define COMPAT_GAME_ID ((keyact_game_id)7)
#define COMPAT_PLAYER ((keyact_player_id)1)
#define COMPAT_N_CARDS 3u
#define COMPAT_TOP_CARD ((keyact_card_id)1)

typedef struct {
    uint32_t zone[COMPAT_N_CARDS + 1];           /* KEYACT_ZONE_* or 0 (the stack); [0] unused */
    keyact_card_id library[COMPAT_N_CARDS];      /* top first */
    uint32_t library_count;
    uint32_t reveal_calls;                       /* 1.1 reveal_card calls */
    uint32_t reveal_moves;                       /* move_card calls with KEYACT_MOVE_REVEAL */
    uint32_t n_events;
    uint32_t last_event;                         /* KEYACT_EVENT_* */
} CompatGame;

/* Set the game up and fill `table` (every member this header version has;
 * host_data = game). */
void compat_game_init(CompatGame *game, keyact_host *table);

/* Args and result for one resolve of "N = 1" in this game. */
void compat_game_prepare(const CompatGame *game, keyact_resolve_args *args,
                         keyact_resolve_result *result);

/* What the resolve did, as the matrix prints it: "resolve=HAND reveal=flag".
 * HAND is claimed only when Shock really is in hand and DISCOVERED came
 * last; otherwise the status name, NONE, CAST or INCONSISTENT. */
void compat_game_verdict(const CompatGame *game, int32_t status,
                         const keyact_resolve_result *result, char *out, size_t out_size);

#endif /* KEYACT_COMPAT_GAME_H */
