/* SPDX-License-Identifier: MIT */
/* host-table.h - the reference host's keyact_host table, and its answers to
 * the three questions a resolve asks (keyact/stepped.h): whether a face can
 * be cast, which option the player picks, and the free cast.
 *
 * Each answer is one routine, whether the plugin asks through the table's
 * callback (a blocking resolve) or a stepped resolve waits for it and the
 * engine answers on a later turn of its loop (engine.c): the same checks,
 * the same record, the same game. Handles are the plugin's (player index
 * + 1, card id, REF_GAME_ID) and are checked as every callback checks
 * them; each returns 0 or the KEYACT_E_* code the callback would.
 */
#ifndef KEYACT_REFHOST_HOST_TABLE_H
#define KEYACT_REFHOST_HOST_TABLE_H

#include "game.h"

G_BEGIN_DECLS

/* Fill game->host: the keyact_host callbacks of this host. */
void ref_game_init_host_table(RefGame *game);

/* can_cast_face: no when the step names the face in "cannot_cast". */
int32_t ref_host_can_cast_face(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                               keyact_card_id card, uint32_t face, uint32_t *out_can);

/* choose, in two halves, because a player answers later than asked:
 * ref_host_offer_choice() checks the question and records the options
 * offered (0, or the callback's failure: then nobody is asked);
 * ref_host_make_choice(), after it succeeded, records the choice and
 * returns the option: `index` when it is one (the player chose), otherwise
 * (-1) the step's "choose". `options` as the question has them. */
int32_t ref_host_offer_choice(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                              keyact_card_id card, const keyact_option *options,
                              uint32_t option_count);
uint32_t ref_host_make_choice(RefGame *game, keyact_player_id player, keyact_card_id card,
                              const keyact_option *options, uint32_t option_count, gint index);

/* cast_free: the engine casts the face (ref_engine_cast_spell, free), or
 * the cast fails when the step names it in "cast_fails". */
int32_t ref_host_cast_free(RefGame *game, keyact_game_id game_id, keyact_player_id player,
                           keyact_card_id card, uint32_t face, uint32_t *out_cast);

G_END_DECLS

#endif /* KEYACT_REFHOST_HOST_TABLE_H */
