/* SPDX-License-Identifier: MIT */
/* keyact/types.h - opaque handles shared by every other header.
 *
 * The host owns all game state. The plugin only ever sees these 64-bit
 * handles and hands them back to the host; it never interprets them.
 */
#ifndef KEYACT_TYPES_H
#define KEYACT_TYPES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t keyact_game_id;   /* one game; independent games may resolve on different threads */
typedef uint64_t keyact_player_id; /* one player within a game */
typedef uint64_t keyact_card_id;   /* one physical card within a game */

/* No card. A host must never use 0 as a real card handle. */
#define KEYACT_CARD_NONE ((keyact_card_id)0)

/* No face (e.g. nothing was cast). */
#define KEYACT_FACE_NONE UINT32_MAX

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_TYPES_H */
