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

#ifdef __cplusplus
extern "C" {
#endif

/* Destination zones for move_card (values of `to_zone`). */
#define KEYACT_ZONE_LIBRARY  1u /* owner's library at `library_index` */
#define KEYACT_ZONE_EXILE    2u /* exile, face up */
#define KEYACT_ZONE_HAND     3u /* owner's hand */

/* library_index values for KEYACT_ZONE_LIBRARY: 0 is the top, N from the top
 * otherwise, and this value the bottom. */
#define KEYACT_LIBRARY_TOP    0u
#define KEYACT_LIBRARY_BOTTOM UINT32_MAX

/* move_card flags. */
#define KEYACT_MOVE_REVEAL (1u << 0) /* reveal the card to all players as it moves */

/* Kinds of option offered to the player (values of keyact_option.kind). */
#define KEYACT_OPTION_CAST_FACE 1u /* cast face `face` without paying its mana cost */
#define KEYACT_OPTION_TO_HAND   2u /* put the card into hand */

/* One option the player may choose; see keyact_host.choose. */
typedef struct keyact_option {
    uint32_t struct_size;
    uint32_t kind;               /* KEYACT_OPTION_* */
    uint32_t face;               /* face index for CAST_FACE, else KEYACT_FACE_NONE */
    uint32_t mana_value_halves;  /* the face's own mana value x2 for CAST_FACE, else 0 */
} keyact_option;

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
     * and valid until the current resolve call returns. Required. */
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
     * and valid only during this call; it always holds a TO_HAND option.
     * Required. */
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

    /* ---- 1.1 ---- */

    /* The real ABI 1.1 appended its four batched calls here (library_cards,
     * describe_cards, apply_steps, random_below_each: abi/keyact/host.h).
     * This toy 1.1 keeps their place, so its own members below never sit
     * where a real 1.1 plugin reads a batched call; it never sets them. */
    void (*real_1_1_batched_calls[4])(void);

    /* Host version for diagnostics, e.g. "1.1.0"; static. May be NULL. */
    const char *host_version;

    /* Reveal `card` to all players (before it moves to a hidden zone).
     * Optional: a plugin checks KEYACT_HOST_HAS(host, reveal_card) and
     * non-NULL, and otherwise passes KEYACT_MOVE_REVEAL to move_card. */
    int32_t (*reveal_card)(const keyact_host *host, keyact_game_id game,
                           keyact_player_id player, keyact_card_id card);
};

/* True when a host table of this struct_size has member `member`. */
#define KEYACT_HOST_HAS(host, member) \
    ((host)->struct_size >= offsetof(keyact_host, member) + sizeof((host)->member))

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_HOST_H */
