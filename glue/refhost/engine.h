/* engine.h - playing the game forward: casting spells, resolving the stack,
 * and discovering through the loaded plugin.
 *
 * The engine never calls plugin code itself: every discover goes through
 * libkeyact-host (keyact_bound_action_resolve) with game->host as the table.
 */
#ifndef KEYACT_REFHOST_ENGINE_H
#define KEYACT_REFHOST_ENGINE_H

#include "game.h"
#include "keyact-host.h"

G_BEGIN_DECLS

/* TRUE when face `face` of `card` is a permanent spell (it enters the
 * battlefield as it resolves) rather than an instant or sorcery. */
gboolean ref_engine_face_is_permanent(const RefCard *card, guint face);

/* Put card `id` on the stack as a spell `player` cast with face `face`.
 * `free_cast`: without paying its mana cost (else paid, from hand).
 * `x`: the value of "discover X" for it (-1 unknown). `targets_illegal`:
 * every target will be illegal when it tries to resolve. */
void ref_engine_put_spell(RefGame *game, guint player, guint id, guint face,
                          gboolean free_cast, gint x, gboolean targets_illegal);

/* Resolve the stack, top first, until it is empty: spells, the triggers
 * they cause, and the spells those discovers cast. */
gboolean ref_engine_resolve_stack(RefGame *game, const KeyactBoundAction *discover,
                                  GError **error);

/* `player` discovers `n` (>= 0) for `source` (a card id or 0). The record is
 * appended to game->discoveries; a resolve failure is a RULES error naming
 * the status and any card left stranded in exile. */
gboolean ref_engine_discover(RefGame *game, const KeyactBoundAction *discover,
                             guint player, gint n, guint source, GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_ENGINE_H */
