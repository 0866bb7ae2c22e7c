/* SPDX-License-Identifier: MIT */
/* validate_stepped.c - the validation layer of a stepped resolve (ABI 1.3;
 * stepped.c): the same layer as a blocking resolve's, on the heap for as
 * long as the resolve is in progress, since the plugin holds its table
 * across steps. A question the resolve waits for is remembered, and the
 * host's answer to it is checked by the question's check, as the
 * callback's answer would be (validate_questions.c); under FATAL a wrong
 * answer becomes KEYACT_E_HOST, as a wrong callback's would.
 */
#include "validate_layer.h"

struct _KeyactStepLayer {
    VlLayer layer;               /* first: its table is what the plugin holds */
    keyact_question asked;       /* kind NONE: not waiting */
};

KeyactStepLayer *keyact_host_step_layer_new(KeyactValidator *validator, KeyactValidation mode,
                                            const KeyactBoundAction *bound,
                                            const keyact_host *host,
                                            const keyact_resolve_args *args)
{
    KeyactStepLayer *step = g_new0(KeyactStepLayer, 1);

    vl_layer_begin(&step->layer, validator, mode, bound, host, args);
    return step;
}

const keyact_host *keyact_host_step_layer_table(KeyactStepLayer *step)
{
    return &step->layer.table;
}

int32_t keyact_host_step_layer_stepped(KeyactStepLayer *step, int32_t status,
                                       keyact_resolve_result *result,
                                       const keyact_question *question)
{
    if (status == KEYACT_WAITING) {
        step->asked = *question;
        return status;
    }
    step->asked.kind = KEYACT_QUESTION_NONE;
    status = vl_layer_end(&step->layer, status, FALSE, result, NULL);
    step->layer.cards = NULL; /* ended: nothing left to free */
    return status;
}

void keyact_host_step_layer_answer(KeyactStepLayer *step, keyact_answer *answer)
{
    VlLayer *layer = &step->layer;
    const keyact_question *q = &step->asked;
    gboolean fail = FALSE;

    if (q->kind == KEYACT_QUESTION_NONE || answer->kind != q->kind)
        return; /* the plugin refuses it (KEYACT_E_STATE) */
    step->asked.kind = KEYACT_QUESTION_NONE;
    if (layer->failed) {
        answer->status = KEYACT_E_HOST; /* FATAL: every later answer fails too */
        return;
    }
    switch (answer->kind) {
    case KEYACT_QUESTION_CAN_CAST:
        fail = vl_check_can_cast(layer, "can_cast_face (answered after a wait)", q->card,
                                 q->face, answer->status, answer->value);
        break;
    case KEYACT_QUESTION_CHOOSE:
        fail = vl_check_choose(layer, "choose (answered after a wait)", q->card,
                               q->option_count, answer->status, answer->value);
        break;
    case KEYACT_QUESTION_CAST:
        fail = vl_check_cast(layer, "cast_free (answered after a wait)", q->card, q->face,
                             answer->status, answer->value);
        break;
    default:
        break;
    }
    if (fail)
        answer->status = KEYACT_E_HOST;
}

void keyact_host_step_layer_abandoned(KeyactStepLayer *step, keyact_resolve_result *result)
{
    vl_layer_end(&step->layer, KEYACT_OK, TRUE, result, NULL);
    step->layer.cards = NULL;
}

void keyact_host_step_layer_free(KeyactStepLayer *step)
{
    if (step == NULL)
        return;
    if (step->layer.cards != NULL) {
        /* Dropped before the plugin ended the resolve. */
        keyact_resolve_result none = { .struct_size = sizeof none,
                                       .flags = KEYACT_RESULT_COMPLETE };
        vl_layer_end(&step->layer, KEYACT_OK, TRUE, &none, NULL);
    }
    g_free(step);
}
