/* SPDX-License-Identifier: MIT */
/* engine.h - playing the game forward: casting spells, resolving the stack,
 * and the keyword actions (discover, cascade) through the loaded plugins.
 *
 * The engine never calls plugin code itself: every action goes through
 * libkeyact-host with game->host as the table.
 *
 * It runs as a game loop does, one turn at a time (ref_engine_turn): a turn
 * resolves the top of the stack or runs a discover or cascade in progress
 * on. An action resolves through the stepped resolve (keyact/stepped.h,
 * ABI 1.3) with every question waiting: castability and the free cast are
 * answered by the engine on its next turn (the cast happens there, outside
 * the plugin's call), the choice by the player, whenever the caller has it
 * (ref_engine_choose). The same host answers, in the same order, as the
 * blocking resolve's callbacks (host-table.h): the same game either way.
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
    /* TRUE: resolve each action in steps, every question waiting, when it
     * has a stepped resolve (keyact_bound_action_state_size() > 0); else,
     * and FALSE: the blocking resolve, which ends in the turn it starts. */
    gboolean stepped;
} RefActions;

/* What a turn left the engine doing. */
typedef enum {
    REF_ENGINE_IDLE,    /* the stack is empty and nothing resolves */
    REF_ENGINE_BUSY,    /* there is more to do: turn again */
    REF_ENGINE_ASKING,  /* a resolve waits for the player's choice (ref_engine_get_choice):
                         * ref_engine_choose(), then turn again */
    REF_ENGINE_FAILED,  /* the error is set; the game stops */
} RefEngineState;

/* The choice a waiting resolve asks the player to make. Borrowed from the
 * game: valid until ref_engine_choose(). */
typedef struct {
    guint player;                   /* player index */
    guint card;                     /* the card found */
    const keyact_option *options;   /* as choose() would get them (keyact/host.h) */
    guint n_options;
} RefChoice;

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

/* One turn: run the discover or cascade in progress on by one step or one
 * answer of the engine's; otherwise put the triggers waiting on the stack
 * and resolve its top object (a spell, a trigger, which may start an
 * action). Turning until IDLE resolves the stack top first until it is
 * empty: spells, the triggers they cause and the spells those actions cast.
 * A failed action is a RULES error naming the status and any card left
 * stranded in exile, and so is a missing action. */
RefEngineState ref_engine_turn(RefGame *game, const RefActions *actions, GError **error);

/* TRUE, and *out filled, while ref_engine_turn() is ASKING. */
gboolean ref_engine_get_choice(const RefGame *game, RefChoice *out);

/* The player's answer to the choice asked: the option `index`, or -1 for
 * the step's "choose" (policy.h). The resolve goes on at the next turn.
 * FALSE (RULES error) when the plugin refuses the answer. */
gboolean ref_engine_choose(RefGame *game, gint index, GError **error);

/* `player` starts discovering `n` (>= 0) for `source` (a card id or 0),
 * with nothing resolving: the record is appended to game->resolutions, and
 * the turns from the next one run the resolve on; a blocking resolve is
 * over when this returns. Errors as ref_engine_turn(), from this call or
 * from the turn that ends the resolve. */
gboolean ref_engine_discover(RefGame *game, const RefActions *actions,
                             guint player, gint n, guint source, GError **error);

/* `player` starts cascading with N = `n` (the cascading spell's mana value)
 * for `source` (the spell, or 0): the hit has mana value less than n.
 * Records, turns and errors as ref_engine_discover(). */
gboolean ref_engine_cascade(RefGame *game, const RefActions *actions,
                            guint player, gint n, guint source, GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_ENGINE_H */
