/* SPDX-License-Identifier: MIT */
/* kp_questions.c - "you may cast that card without paying its mana cost":
 * the questions about the hit, asked through the host's callbacks or, for
 * the kinds the host waits for, handed back to it (keyact/stepped.h).
 *
 * One routine for both: each question point takes its answer either from
 * the callback, at once, or from the host's answer after a wait, and the
 * answer is judged the same way after that. The routine is resumable: what
 * it has learnt (the face it is at, the options so far, the face chosen)
 * lives in the state, so a step that stops at a question picks up there.
 *
 * Every failure here is a question failure (action.h): noted, and taken as
 * "not castable" / "not cast", never the end of the resolve.
 */
#include <keyact/status.h>

#include "kp_state.h"

/* The answer to question `kind` about `face`: *out_status and *out_value as
 * the callback returned them (out value preset as resolve() presets it, so
 * a callback that writes nothing reads the same), or as the host answered
 * after a wait. False when the host waits for this one and has not
 * answered yet: the question is then st->asked. */
/* Inlined at each question point, so its kind is a constant there: the
 * blocking resolve pays one test of `waits` per question, nothing more. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline bool answer_of(kp_run *run, uint32_t kind, uint32_t face, int32_t *out_status,
                             uint32_t *out_value)
{
    kp_state *st = run->st;
    const keyact_host *host = st->host;
    keyact_card_id card = run->ids[st->count - 1u];

    if (st->waits & (1u << kind)) {
        if (st->asked != kind || !st->answered) {
            st->asked = kind;
            st->asked_face = face;
            return false;
        }
        st->asked = KEYACT_QUESTION_NONE;
        st->answered = false;
        *out_status = st->answer_status;
        *out_value = st->answer_value;
        return true;
    }
    switch (kind) {
    case KEYACT_QUESTION_CAN_CAST:
        /* The targeting hook: legal targets, restrictions. */
        *out_status = host->can_cast_face(host, st->game, st->player, card, face, out_value);
        break;
    case KEYACT_QUESTION_CHOOSE:
        *out_status = host->choose(host, st->game, st->player, card, st->options,
                                   st->option_count, out_value);
        break;
    default:
        *out_status = host->cast_free(host, st->game, st->player, card, face, out_value);
        break;
    }
    return true;
}

/* A question's failure, as the code the resolve returns at the end. */
static void note_failure(kp_state *st, int32_t status)
{
    kp_note_question_failure(st, status != KEYACT_OK ? kp_status(status) : KEYACT_E_RANGE);
}

/* No cast: the questions end with nothing tried. */
static bool no_cast(kp_state *st)
{
    st->face = KEYACT_FACE_NONE;
    st->cast_event = 0u;
    st->question = KEYACT_QUESTION_NONE;
    return true;
}

/* can_cast_face for every face the layout and N allow, in face order; the
 * ones answered 1 become the options, the decline option last. */
static bool ask_can_cast(kp_run *run)
{
    kp_state *st = run->st;
    const kp_card_eval *eval = &st->eval;

    for (; (eval->faces_mask >> st->next_face) != 0; st->next_face++) {
        uint32_t face = st->next_face;
        uint32_t can = 0;
        int32_t status;

        if ((eval->faces_mask & (1u << face)) == 0)
            continue;
        if (!answer_of(run, KEYACT_QUESTION_CAN_CAST, face, &status, &can))
            return false;
        if (status != KEYACT_OK || can > 1u) {
            note_failure(st, status);
            continue;
        }
        if (can == 0u)
            continue;
        st->options[st->option_count++] = (keyact_option){
            .struct_size = sizeof(keyact_option), .kind = KEYACT_OPTION_CAST_FACE, .face = face,
            .mana_value_halves = eval->face_halves[face],
        };
    }
    if (st->option_count == 0)
        return no_cast(st);
    st->options[st->option_count++] = (keyact_option){
        .struct_size = sizeof(keyact_option), .kind = st->rules->decline_option,
        .face = KEYACT_FACE_NONE, .mana_value_halves = 0,
    };
    st->question = KEYACT_QUESTION_CHOOSE;
    return true;
}

/* choose among the options: a face to cast, or the decline option. */
static bool ask_choose(kp_run *run)
{
    kp_state *st = run->st;
    uint32_t chosen = UINT32_MAX;
    int32_t status;

    if (!answer_of(run, KEYACT_QUESTION_CHOOSE, KEYACT_FACE_NONE, &status, &chosen))
        return false;
    if (status != KEYACT_OK || chosen >= st->option_count) {
        note_failure(st, status);
        return no_cast(st);
    }
    if (st->options[chosen].kind != KEYACT_OPTION_CAST_FACE)
        return no_cast(st);
    st->face = st->options[chosen].face;
    st->question = KEYACT_QUESTION_CAST;
    return true;
}

/* cast_free of the face chosen: CAST when the host cast it, else
 * CAST_FAILED (the card is still in exile). */
static bool ask_cast(kp_run *run)
{
    kp_state *st = run->st;
    uint32_t cast = 0;
    int32_t status;

    if (!answer_of(run, KEYACT_QUESTION_CAST, st->face, &status, &cast))
        return false;
    if (status == KEYACT_OK && cast == KEYACT_CAST_DONE) {
        st->res.outcome = KEYACT_OUTCOME_CAST;
        st->res.face_cast = st->face;
        st->cast_event = KEYACT_EVENT_CAST;
    } else {
        if (status != KEYACT_OK || cast != KEYACT_CAST_FAILED)
            note_failure(st, status);
        st->cast_event = KEYACT_EVENT_CAST_FAILED;
    }
    st->question = KEYACT_QUESTION_NONE;
    return true;
}

bool kp_ask(kp_run *run)
{
    kp_state *st = run->st;

    if (st->question == KEYACT_QUESTION_CAN_CAST && !ask_can_cast(run))
        return false;
    if (st->question == KEYACT_QUESTION_CHOOSE && !ask_choose(run))
        return false;
    if (st->question == KEYACT_QUESTION_CAST && !ask_cast(run))
        return false;
    return true;
}
