/* SPDX-License-Identifier: MIT */
/* keyact/host.h - the host table: everything a plugin may ask of the host.
 *
 * The host fills one const keyact_host and passes it to every resolve call.
 * Every callback takes that same table first, so a host reaches its own state
 * through host->host_data. All callbacks return 0 on success or a negative
 * KEYACT_E_* code; a plugin treats any failure as described in action.h.
 *
 * Threads: a plugin calls these callbacks only from inside a resolve call and
 * only on the thread that called resolve. Resolves of different games may run
 * on different threads at the same time, with the same table; a host whose
 * callbacks touch shared state must lock it itself.
 *
 * Version: a plugin must check struct_size before it reads a member that a
 * later minor appended (see KEYACT_HOST_HAS). Required members are non-NULL.
 */
#ifndef KEYACT_HOST_H
#define KEYACT_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "events.h"
#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Destination zones for move_card (values of `to_zone`). */
#define KEYACT_ZONE_NONE     0u /* keyact_step only: no move, the step is its event alone (1.1) */
#define KEYACT_ZONE_LIBRARY  1u /* owner's library at `library_index` */
#define KEYACT_ZONE_EXILE    2u /* exile, face up */
#define KEYACT_ZONE_HAND     3u /* owner's hand */
/* Zones a host may answer from card_zone (1.2); never a move's destination. */
#define KEYACT_ZONE_STACK       4u /* on the stack (a spell cast by cast_free) */
#define KEYACT_ZONE_BATTLEFIELD 5u
#define KEYACT_ZONE_GRAVEYARD   6u
#define KEYACT_ZONE_OTHER       7u /* anywhere else: command zone, outside the game, ... */

/* library_index values for KEYACT_ZONE_LIBRARY: 0 is the top, N from the top
 * otherwise, and this value the bottom. */
#define KEYACT_LIBRARY_TOP    0u
#define KEYACT_LIBRARY_BOTTOM UINT32_MAX

/* move_card flags. */
/* Reveal the card to all players as it moves. Required on every move to
 * KEYACT_ZONE_EXILE (exiled cards are face up, CR 406.3): a plugin sets it
 * there, and a host shows the card. `keyact check` fails a plugin that
 * exiles without it. */
#define KEYACT_MOVE_REVEAL (1u << 0)

/* Kinds of option offered to the player (values of keyact_option.kind). */
#define KEYACT_OPTION_CAST_FACE 1u /* cast face `face` without paying its mana cost */
#define KEYACT_OPTION_TO_HAND   2u /* put the card into hand (discover) */
#define KEYACT_OPTION_TO_BOTTOM 3u /* do not cast: the card goes to the bottom with the rest (cascade) */

/* One option the player may choose; see keyact_host.choose.
 * Options travel in an array indexed by sizeof(keyact_option), so this struct
 * never grows: a later minor that needs more per option adds a new array. */
typedef struct keyact_option {
    uint32_t struct_size;
    uint32_t kind;               /* KEYACT_OPTION_* */
    uint32_t face;               /* face index for CAST_FACE, else KEYACT_FACE_NONE */
    uint32_t mana_value_halves;  /* the face's own mana value x2 for CAST_FACE, else 0 */
} keyact_option;

#define KEYACT_OPTION_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_option, mana_value_halves)
#define KEYACT_OPTION_SIZE_1_1 KEYACT_OPTION_SIZE_1_0
#define KEYACT_OPTION_SIZE_1_2 KEYACT_OPTION_SIZE_1_1
#define KEYACT_OPTION_SIZE_1_3 KEYACT_OPTION_SIZE_1_2
#define KEYACT_OPTION_SIZE_1_4 KEYACT_OPTION_SIZE_1_3

/* One step of apply_steps (ABI 1.1): an optional move, then an optional
 * event, exactly as a move_card call followed by a notify call would make
 * them. Steps travel in an array indexed by sizeof(keyact_step), so this
 * struct never grows. */
typedef struct keyact_step {
    uint32_t struct_size;        /* sizeof(keyact_step) */
    uint32_t to_zone;            /* KEYACT_ZONE_* as for move_card, or KEYACT_ZONE_NONE: no move */
    uint32_t library_index;      /* as for move_card; ignored unless to_zone is LIBRARY */
    uint32_t flags;              /* KEYACT_MOVE_* bits, as for move_card */
    keyact_card_id card;         /* the card to move; ignored when to_zone is NONE */
    /* The event delivered after the move (or alone when to_zone is NONE),
     * as notify would get it; NULL: no event. Owned by the plugin, valid
     * during the apply_steps call only. */
    const keyact_event *event;
} keyact_step;

#define KEYACT_STEP_SIZE_1_1 KEYACT_SIZE_THROUGH(keyact_step, event)
#define KEYACT_STEP_SIZE_1_2 KEYACT_STEP_SIZE_1_1
#define KEYACT_STEP_SIZE_1_3 KEYACT_STEP_SIZE_1_2
#define KEYACT_STEP_SIZE_1_4 KEYACT_STEP_SIZE_1_3

/* Results of cast_free (values of *out_cast). */
#define KEYACT_CAST_DONE   1u /* the spell was cast: the host moved the card to the stack */
#define KEYACT_CAST_FAILED 2u /* it could not be cast after all: the card is still in exile */

/* Log levels for keyact_host.log. */
#define KEYACT_LOG_DEBUG   0
#define KEYACT_LOG_INFO    1
#define KEYACT_LOG_WARNING 2
#define KEYACT_LOG_ERROR   3

typedef struct keyact_host keyact_host;

struct keyact_host {
    uint32_t struct_size;        /* sizeof(keyact_host) as the host compiled it */
    uint32_t abi_major;          /* the ABI version the host compiled against */
    uint32_t abi_minor;
    uint32_t reserved0;          /* 0 */

    /* The host's own pointer; the plugin never reads or frees it. */
    void *host_data;

    /* Host name and version for diagnostics, UTF-8, static for the table's
     * lifetime. May be NULL. */
    const char *host_name;

    /* Number of cards in `player`'s library. Required. */
    int32_t (*library_size)(const keyact_host *host, keyact_game_id game,
                            keyact_player_id player, uint32_t *out_size);

    /* The card `index_from_top` cards below the top of `player`'s library
     * (0 = the top card). KEYACT_E_NOTFOUND past the end. Required. */
    int32_t (*library_card)(const keyact_host *host, keyact_game_id game,
                            keyact_player_id player, uint32_t index_from_top,
                            keyact_card_id *out_card);

    /* Move `card` (owned by `player`) from wherever it is to `to_zone`
     * (KEYACT_ZONE_*); `library_index` places it in the library
     * (KEYACT_LIBRARY_TOP, an index from the top, or KEYACT_LIBRARY_BOTTOM) and
     * is ignored for other zones. `flags` are KEYACT_MOVE_* bits. On failure
     * the card must stay where it was. Required. */
    int32_t (*move_card)(const keyact_host *host, keyact_game_id game,
                         keyact_player_id player, keyact_card_id card,
                         uint32_t to_zone, uint32_t library_index, uint32_t flags);

    /* Describe `card`. The plugin sets out_desc->struct_size first; the host
     * fills at most that many bytes. Strings and faces stay owned by the host
     * and valid until the current resolve call returns (a stepped resolve's:
     * the current step() call: a plugin keeps nothing of a description
     * across steps, so a host may free it once that step() returns). The host answers
     * wherever the card is (library, exile, ...): it describes the printed
     * card. A plugin may describe a card before or after moving it to exile
     * (the reference plugins describe it right after the move). Required. */
    int32_t (*describe_card)(const keyact_host *host, keyact_game_id game,
                             keyact_card_id card, keyact_card_desc *out_desc);

    /* The targeting hook: can `player` cast face `face` of `card` right now,
     * by this effect, without paying its mana cost (legal targets exist,
     * no restriction forbids it)? *out_can = 1 yes, 0 no. Required. */
    int32_t (*can_cast_face)(const keyact_host *host, keyact_game_id game,
                             keyact_player_id player, keyact_card_id card,
                             uint32_t face, uint32_t *out_can);

    /* Ask `player` to choose one of `options[0..option_count-1]` for `card`;
     * *out_index receives the chosen index. The array is owned by the plugin
     * and valid only during this call. Its order is fixed: one CAST_FACE
     * option per castable face (allowed by the layout and answered 1 by
     * can_cast_face), in increasing face index, then exactly one option that
     * declines the cast (TO_HAND for discover, TO_BOTTOM for cascade), last.
     * So option_count >= 2: when no face is castable the plugin does not
     * call choose, and the card goes on (to hand, or to the bottom) without
     * a question. `keyact check` holds plugins to this. Required. */
    int32_t (*choose)(const keyact_host *host, keyact_game_id game,
                      keyact_player_id player, keyact_card_id card,
                      const keyact_option *options, uint32_t option_count,
                      uint32_t *out_index);

    /* Cast face `face` of `card` (in exile) without paying its mana cost,
     * X = 0, no alternative cost; the host gathers targets and any additional
     * costs. *out_cast = KEYACT_CAST_DONE (the card is now on the stack) or
     * KEYACT_CAST_FAILED (the card is still in exile). Required. */
    int32_t (*cast_free)(const keyact_host *host, keyact_game_id game,
                         keyact_player_id player, keyact_card_id card,
                         uint32_t face, uint32_t *out_cast);

    /* A uniform random integer in [0, bound) from the host's RNG, so the
     * host's seeds and replays stay in charge. bound >= 1. Required. */
    int32_t (*random_below)(const keyact_host *host, keyact_game_id game,
                            uint32_t bound, uint32_t *out_value);

    /* An event happened (see events.h). The event lives only during the
     * call. Optional (NULL: events are not reported). */
    void (*notify)(const keyact_host *host, keyact_game_id game,
                   const keyact_event *event);

    /* A diagnostic message, UTF-8, valid only during the call. Optional. */
    void (*log)(const keyact_host *host, int32_t level, const char *message);

    /* Optional later capabilities, looked up by id string ("org.example.x.v1").
     * Returns a host-owned table valid as long as this host table, or NULL.
     * Optional (NULL: no extensions). */
    const void *(*get_extension)(const keyact_host *host, const char *id);

    /* ---- ABI 1.1: batched calls. ----
     * Each is optional (NULL), and a plugin uses one only when it negotiated
     * 1.1 and KEYACT_HOST_HAS() says the table has it; otherwise it makes
     * the 1.0 calls. In meaning nothing changes: cards are still exiled one
     * at a time, and whichever calls the plugin used the host sees the same
     * moves and events, interleaved in the same order, and the same random
     * draws in the same order. What may move is when a question or a draw
     * comes relative to the moves and events: describe_cards may describe
     * cards before they are exiled (and a few past the hit), and the draws
     * of the bottom order may come before the CAST or CAST_FAILED event
     * that the 1.0 calls send first.
     * Every array is owned by the plugin and valid during the call only;
     * what the host writes back goes into plugin-owned arrays of `count`
     * entries. Same threads as above. */

    /* The cards [from_top, from_top + count) of `player`'s library, top
     * first, into out_cards[0..count-1] (count >= 1): what count
     * library_card calls for those indexes would give now. The plugin then
     * exiles them from the top in that order (through move_card or
     * apply_steps), so a host offering this must not change the rest of the
     * library while they move. Nothing moves. KEYACT_E_NOTFOUND when the
     * library holds fewer than from_top + count cards; on any failure the
     * plugin uses none of out_cards. Optional. */
    int32_t (*library_cards)(const keyact_host *host, keyact_game_id game,
                             keyact_player_id player, uint32_t from_top,
                             uint32_t count, keyact_card_id *out_cards);

    /* Describe cards[0..count-1] (count >= 1): out_descs[i] (plugin-owned,
     * struct_size set by the plugin) is filled exactly as describe_card
     * would fill it for cards[i]. The cards may still be in the library:
     * the plugin may describe the cards it is about to exile before moving
     * them, and may describe a few it will not exile; the answer is the
     * printed card wherever it is. Strings and faces stay host-owned and
     * valid until the resolve (or step) call returns. All or nothing: on failure the
     * plugin uses none of the descriptions (and has moved none of those
     * cards). Optional. */
    int32_t (*describe_cards)(const keyact_host *host, keyact_game_id game,
                              const keyact_card_id *cards, uint32_t count,
                              keyact_card_desc *const *out_descs);

    /* Apply steps[0..count-1] (count >= 1) in order, each as move_card
     * (game, player, step->card, step->to_zone, step->library_index,
     * step->flags) unless to_zone is KEYACT_ZONE_NONE, then notify(game,
     * step->event) if the event is not NULL (a host with no notify drops
     * it). *out_done receives the number of steps fully applied. A move
     * that fails stops the batch: that card stays where it was, its event
     * is not delivered, no later step is applied, *out_done is its index and
     * the move's code is returned. On success *out_done = count and 0 is
     * returned. So the plugin always knows which cards moved: its stranded
     * list stays exact. Optional. */
    int32_t (*apply_steps)(const keyact_host *host, keyact_game_id game,
                           keyact_player_id player, const keyact_step *steps,
                           uint32_t count, uint32_t *out_done);

    /* out_values[i] = a uniform random integer in [0, bounds[i]), for i in
     * order (count >= 1, every bound >= 1): the same draws from the host's
     * RNG as random_below(bounds[0]), random_below(bounds[1]), ... in turn,
     * so a seed replays the same whichever the plugin used. All or nothing:
     * on failure the plugin uses none of the values. Optional. */
    int32_t (*random_below_each)(const keyact_host *host, keyact_game_id game,
                                 const uint32_t *bounds, uint32_t count,
                                 uint32_t *out_values);

    /* ---- ABI 1.2: for validation layers. ----
     * Where `card` is now: *out_zone = one KEYACT_ZONE_* value (LIBRARY,
     * EXILE, HAND, STACK, BATTLEFIELD, GRAVEYARD or OTHER). Nothing moves.
     * A plugin never needs it and the keyact plugins never call it: the
     * host library's validation layer (keyact-host.h) asks it to check that
     * a move put the card where it was asked, that cast_free's answer
     * matches where the card went, and that no card the plugin moved ends
     * where the rules did not put it. KEYACT_E_NOTFOUND for a card the host
     * does not know. Same threads as above. Optional (NULL: those checks are
     * skipped, and the validation report says so). */
    int32_t (*card_zone)(const keyact_host *host, keyact_game_id game,
                         keyact_card_id card, uint32_t *out_zone);
};

/* The size of the host table in each ABI version. */
#define KEYACT_HOST_SIZE_1_0 KEYACT_SIZE_THROUGH(keyact_host, get_extension)
#define KEYACT_HOST_SIZE_1_1 KEYACT_SIZE_THROUGH(keyact_host, random_below_each)
#define KEYACT_HOST_SIZE_1_2 KEYACT_SIZE_THROUGH(keyact_host, card_zone)
#define KEYACT_HOST_SIZE_1_3 KEYACT_HOST_SIZE_1_2
#define KEYACT_HOST_SIZE_1_4 KEYACT_HOST_SIZE_1_3

/* True when a host table of this struct_size has member `member`. */
#define KEYACT_HOST_HAS(host, member) \
    ((host)->struct_size >= offsetof(keyact_host, member) + sizeof((host)->member))

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_HOST_H */
