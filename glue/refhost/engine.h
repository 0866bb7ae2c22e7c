/* SPDX-License-Identifier: MIT */
/* engine.h - playing the game forward: casting spells, resolving the stack,
 * and the keyword actions (discover, cascade) through the loaded plugins.
 *
 * The engine never calls plugin code itself: every action goes through
 * libkeyact-host (keyact_bound_action_resolve) with game->host as the table.
 */
#ifndef KEYACT_REFHOST_ENGINE_H
#define KEYACT_REFHOST_ENGINE_H

#include "game.h"
#include "keyact-host.h"

G_BEGIN_DECLS

/* The actions a game may use. Borrowed: the registry that holds the plugins
 * must outlive every call that is given them. */
typedef struct {
    const KeyactBoundAction *discover;  /* "discover", or NULL when none is loaded */
    const KeyactBoundAction *cascade;   /* "cascade", or NULL when none is loaded */
} RefActions;

/* TRUE when face `face` of `card` is a permanent spell (it enters the
 * battlefield as it resolves) rather than an instant or sorcery. */
gboolean ref_engine_face_is_permanent(const RefCard *card, guint face);

/* Put card `id` on the stack as a spell `player` cast with face `face`,
 * with no cast triggers (a spell cast earlier that now resolves).
 * `free_cast`: without paying its mana cost (else paid, from hand).
 * `x`: the value of "discover X" for it (-1 unknown). `targets_illegal`:
 * every target will be illegal when it tries to resolve. */
void ref_engine_put_spell(RefGame *game, guint player, guint id, guint face,
                          gboolean free_cast, gint x, gboolean targets_illegal);

/* `player` casts card `id` now: ref_engine_put_spell, and each instance of
 * cascade on the face cast triggers (CR 702.85a, c) - paid or free, a cast
 * is a cast. The triggers wait in game->pending and go on the stack above
 * the spell before anything resolves. {X} in the spell's cost is `x` when
 * paid and 0 when cast without paying its mana cost (CR 107.3b). */
void ref_engine_cast_spell(RefGame *game, guint player, guint id, guint face,
                           gboolean free_cast, gint x, gboolean targets_illegal);

/* Resolve the stack, top first, until it is empty: spells, the triggers
 * they cause, and the spells those actions cast. */
gboolean ref_engine_resolve_stack(RefGame *game, const RefActions *actions, GError **error);

/* `player` discovers `n` (>= 0) for `source` (a card id or 0). The record is
 * appended to game->resolutions; a resolve failure is a RULES error naming
 * the status and any card left stranded in exile, and so is a missing
 * discover action. */
gboolean ref_engine_discover(RefGame *game, const RefActions *actions,
                             guint player, gint n, guint source, GError **error);

/* `player` cascades with N = `n` (the cascading spell's mana value) for
 * `source` (the spell, or 0): the hit has mana value less than n. Records
 * and errors as ref_engine_discover; with no cascade action loaded it is a
 * RULES error saying so. */
gboolean ref_engine_cascade(RefGame *game, const RefActions *actions,
                            guint player, gint n, guint source, GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_ENGINE_H */
