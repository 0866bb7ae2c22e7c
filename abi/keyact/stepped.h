/* SPDX-License-Identifier: MIT */
/* keyact/stepped.h - the stepped resolve (ABI 1.3): a resolve that returns
 * when it needs an answer, so a host whose player answers on a later frame
 * of its game loop gets real choices without blocking the loop or starting
 * a thread.
 *
 * The blocking resolve (keyact_action.resolve) asks every question through
 * a callback that must answer before it returns. A stepped resolve asks the
 * questions the host chose to wait for as results instead, the way zlib's
 * inflate() returns when it needs more input:
 *
 *   1. The host gives a state block of keyact_action.state_size bytes,
 *      aligned to keyact_action.state_align, on its heap or its stack. The
 *      resolve lives in it; the plugin keeps nothing anywhere else between
 *      calls (past 256 exiled cards the keyact plugins hold one heap block
 *      for the rest of the list, freed when the resolve ends or is
 *      abandoned).
 *   2. begin(): checks the arguments and makes no host call.
 *   3. step(): runs the resolve until it is over, or until it needs the
 *      answer to a question whose kind is in `waits`. It then returns
 *      KEYACT_WAITING with the question in *out_question. Every other host
 *      call (reads, moves, events, random draws, and the questions not in
 *      `waits`) is a callback of the host table, made during step() exactly
 *      as resolve() makes it.
 *   4. answer(): the answer, at any time later; then step() again.
 *   5. When step() returns anything but KEYACT_WAITING the resolve is over:
 *      *result is filled exactly as resolve() fills it, and the status is
 *      the one resolve() returns. The block is the host's again: free it,
 *      or begin another resolve in it.
 *   A resolve that is waiting may be abandoned instead (the game was
 *   conceded, the connection dropped): abandon() fills *result with every
 *   card the plugin moved and cannot put where the rules say, as stranded.
 *
 * Same game either way: a waited question takes the place of its callback,
 * at the same point of the resolve, and its answer the place of the
 * callback's answer, failures included. Otherwise a stepped resolve makes
 * the same host calls as resolve(), in the same order, with the same moves,
 * events, random draws and result; with waits = 0 one step() is the whole
 * resolve. (The keyact plugins' resolve() is begin() and one step() with
 * waits = 0 on a block on its own stack: one core, not two.)
 *
 * The questions, in the order a resolve may ask them (host.h says each
 * rule where its callback is): CAN_CAST for each face the layout and N
 * allow, in face order; CHOOSE when at least one face can be cast; CAST for
 * the face chosen. Only after the hit is found; never during the exile.
 *
 * The block: between calls the host may move it (copy its bytes elsewhere
 * and use only the new place): it holds no pointer into itself. It must not
 * be copied and used twice: two copies of a resolve in progress share the
 * plugin's heap part, and ending both frees it twice. A block that was never
 * begun, or belongs to another plugin context, is refused (KEYACT_E_INVAL);
 * one whose resolve is over is refused by step, answer and abandon
 * (KEYACT_E_STATE). Ending a resolve means step() returning anything but
 * KEYACT_WAITING, or abandon() returning 0: a block dropped while waiting
 * leaks the heap part of a resolve past 256 cards.
 *
 * Threads: begin, step, answer and abandon may be called from any thread,
 * one at a time for a block (a game loop's frames, a server's event
 * handlers); blocks of different games are independent. The host's
 * callbacks are called only during step(), on the thread that called it.
 *
 * Version: these types and the keyact_action members that use them are
 * ABI 1.3. A host uses them only when it negotiated 1.3 or later and the
 * plugin's action has them (KEYACT_ACTION_HAS(action, begin) and begin not
 * NULL); otherwise only the blocking resolve exists.
 */
#ifndef KEYACT_STEPPED_H
#define KEYACT_STEPPED_H

#include <stdint.h>

#include "host.h"
#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Question kinds (values of keyact_question.kind and keyact_answer.kind). */
#define KEYACT_QUESTION_NONE     0u /* no question: the resolve is over (step did not wait) */
#define KEYACT_QUESTION_CAN_CAST 1u /* can_cast_face: may `face` of `card` be cast now?
                                     * answer value 1 yes, 0 no */
#define KEYACT_QUESTION_CHOOSE   2u /* choose: which of options[0..option_count-1]?
                                     * answer value = the index chosen */
#define KEYACT_QUESTION_CAST     3u /* cast_free: cast `face` of `card` without paying its
                                     * mana cost; answer value KEYACT_CAST_DONE (the card is
                                     * on the stack) or KEYACT_CAST_FAILED (still in exile) */

/* Bits of begin()'s `waits`: the questions the host answers later instead
 * of through its callback. A host table may leave the callback of a waited
 * question NULL. */
#define KEYACT_WAIT_CAN_CAST (1u << KEYACT_QUESTION_CAN_CAST)
#define KEYACT_WAIT_CHOOSE   (1u << KEYACT_QUESTION_CHOOSE)
#define KEYACT_WAIT_CAST     (1u << KEYACT_QUESTION_CAST)
/* The player's questions and the free cast: what a game loop answers on
 * later frames (castability, the targeting hook, may stay a callback). */
#define KEYACT_WAIT_PLAYER   (KEYACT_WAIT_CHOOSE | KEYACT_WAIT_CAST)
#define KEYACT_WAIT_ALL      (KEYACT_WAIT_CAN_CAST | KEYACT_WAIT_CHOOSE | KEYACT_WAIT_CAST)

/* A question a waiting resolve asks. The host owns it and sets struct_size
 * (at least KEYACT_QUESTION_SIZE_1_3); step() fills the rest: when it
 * returns KEYACT_WAITING, the question to answer; otherwise kind NONE and
 * nothing else. A copy: nothing in it points into the state block, so the
 * host may keep it as long as it likes. */
typedef struct keyact_question {
    uint32_t struct_size;
    uint32_t kind;               /* KEYACT_QUESTION_* */
    keyact_game_id game;         /* the resolve's game and player (begin's args) */
    keyact_player_id player;
    keyact_card_id card;         /* the card found (the hit) */
    uint32_t face;               /* CAN_CAST, CAST: the face; CHOOSE: KEYACT_FACE_NONE */
    uint32_t option_count;       /* CHOOSE: 2..KEYACT_MAX_FACES + 1; else 0 */
    /* CHOOSE: the options, exactly as choose() would get them (host.h):
     * the castable faces in face order, then the one decline option. */
    keyact_option options[KEYACT_MAX_FACES + 1u];
} keyact_question;

#define KEYACT_QUESTION_SIZE_1_3 KEYACT_SIZE_THROUGH(keyact_question, options)
#define KEYACT_QUESTION_SIZE_1_4 KEYACT_QUESTION_SIZE_1_3

/* An answer to the question a resolve is waiting for. Owned by the host;
 * read during answer() only. */
typedef struct keyact_answer {
    uint32_t struct_size;        /* at least KEYACT_ANSWER_SIZE_1_3 */
    uint32_t kind;               /* the kind of the question answered */
    /* 0, or the KEYACT_E_* failure the callback would have returned: the
     * resolve recovers from it as from a failing callback (action.h: the
     * face is not castable, the card is not cast), and returns the code at
     * the end. */
    int32_t status;
    /* The callback's out value: CAN_CAST 0 or 1, CHOOSE the option index,
     * CAST KEYACT_CAST_DONE or KEYACT_CAST_FAILED. A value out of range is
     * recovered as the callback's would be (KEYACT_E_RANGE at the end). */
    uint32_t value;
} keyact_answer;

#define KEYACT_ANSWER_SIZE_1_3 KEYACT_SIZE_THROUGH(keyact_answer, value)
#define KEYACT_ANSWER_SIZE_1_4 KEYACT_ANSWER_SIZE_1_3

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_STEPPED_H */
