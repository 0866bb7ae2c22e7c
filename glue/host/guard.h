/* SPDX-License-Identifier: MIT */
/* guard.h - the guard: what a plugin may ask about, private to
 * libkeyact-host.
 *
 * Every resolve's plugin holds the guard's table, never the host's own. It
 * forwards each call unchanged, except a call about a card, player or game
 * the resolve never handed the plugin: that call returns KEYACT_E_DENIED
 * without reaching the host (an event about one is dropped), the resolve
 * returns KEYACT_E_DENIED whatever the plugin says, and one warning names
 * the plugin by file and implementation id. Handed means: the resolve's
 * game and player (its args), and every card a library_card or
 * library_cards answer of this resolve gave the plugin (the cards it
 * exiles are among those). The resolve's `source` is not handed: nothing
 * in an "exile until" resolve is about it.
 *
 * What the plugin hands back is checked too: a stepped resolve's question
 * (keyact_guard_question) and the result's discovered card and stranded
 * list (keyact_guard_end): a card the host never handed is taken out, so an
 * engine recovering the stranded cards never moves one of someone else's.
 *
 * The guard sits between the plugin and whatever table the resolve would
 * otherwise hand it (the validation layer's, or the host's): it checks
 * the plugin, the validation layer checks the host. It costs one forward
 * and, for a card, one lookup in an open-addressing set that lives in the
 * guard (the resolve's stack, or a stepped resolve's session) until more
 * than KEYACT_GUARD_INLINE / 2 cards are handed; then on the heap.
 */
#ifndef KEYACT_GUARD_H
#define KEYACT_GUARD_H

#include "keyact-host-private.h"

G_BEGIN_DECLS

/* Slots of the set kept in the guard itself (a power of two). */
#define KEYACT_GUARD_INLINE_BITS 6u
#define KEYACT_GUARD_INLINE (1u << KEYACT_GUARD_INLINE_BITS)

typedef struct {
    keyact_host table;             /* first: the plugin's table */
    const keyact_host *inner;      /* the table the guard forwards to */
    const KeyactBoundAction *bound;/* whose plugin is judged (for the warning) */
    keyact_game_id game;
    keyact_player_id player;
    guint32 n_handed;              /* cards in the set */
    guint32 mask;                  /* slots - 1 */
    guint32 shift;                 /* 64 - log2(slots) */
    keyact_card_id last;           /* the card the last check found, or NONE */
    keyact_card_id *slots;         /* inline_slots, or the heap past half full */
    guint32 n_denied;              /* calls refused this resolve */
    keyact_card_id inline_slots[KEYACT_GUARD_INLINE];
} KeyactGuard;

/* Start guarding a resolve of `bound` over `inner` (both must outlive the
 * guard) for `args`' game and player. The guard may be on the stack. */
void keyact_guard_begin(KeyactGuard *guard, const KeyactBoundAction *bound,
                        const keyact_host *inner, const keyact_resolve_args *args);

/* The table to hand the plugin. */
static inline const keyact_host *keyact_guard_table(const KeyactGuard *guard)
{
    return &guard->table;
}

/* A stepped resolve's question: TRUE when it is about the resolve's game,
 * player and a handed card, with an option count the struct holds;
 * otherwise the refusal is counted and warned about (the caller abandons
 * the resolve). */
gboolean keyact_guard_question(KeyactGuard *guard, const keyact_question *question);

/* The resolve is over with `status` and `result` (the plugin's): takes out
 * of the result every card the host never handed, frees what the guard
 * allocated, and returns KEYACT_E_DENIED when anything was refused, else
 * `status`. The guard is spent. */
int32_t keyact_guard_end(KeyactGuard *guard, int32_t status, keyact_resolve_result *result);

/* A blocking resolve of `bound` with `table` under the guard: what every
 * path of the library that runs a plugin's resolve() calls. */
int32_t keyact_guarded_resolve(const KeyactBoundAction *bound, const keyact_host *table,
                               const keyact_resolve_args *args, keyact_resolve_result *result);

G_END_DECLS

#endif /* KEYACT_GUARD_H */
