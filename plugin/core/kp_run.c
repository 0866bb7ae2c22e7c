/* SPDX-License-Identifier: MIT */
/* kp_run.c - the steps discover and cascade share, through the 1.0 host
 * calls; a 1.1 host's batched calls are kp_run_batched.c's.
 *
 * The 1.0 steps are static functions the compiler folds into kp_resolve:
 * splitting them into separately called functions cost about 140
 * instructions per resolve (3.5% of a 4-card discover) in prologues and
 * reloads.
 */
#include "kp_run_private.h"

#include <stddef.h>

#include "kp_context.h"

static bool host_is_usable(const keyact_host *host)
{
    return host->struct_size >= KEYACT_HOST_SIZE_1_0
           && host->library_size != NULL && host->library_card != NULL
           && host->move_card != NULL && host->describe_card != NULL
           && host->can_cast_face != NULL && host->choose != NULL
           && host->cast_free != NULL && host->random_below != NULL;
}

/* Clear what we report, keeping the host's part (size and stranded buffer).
 * Only the 1.0 fields are touched; a longer struct keeps its tail. */
static void reset_result(keyact_resolve_result *result)
{
    uint32_t struct_size = result->struct_size;
    uint32_t capacity = result->stranded_capacity;
    keyact_card_id *stranded = result->stranded;

    memset(result, 0, KEYACT_RESOLVE_RESULT_SIZE_1_0);
    result->struct_size = struct_size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    result->discovered = KEYACT_CARD_NONE;
    result->face_cast = KEYACT_FACE_NONE;
}

/* Check a resolve's arguments (KEYACT_E_INVAL: nothing touched), then
 * clear the result and set up the run. */
static int32_t run_begin(kp_run *run, const void *ctx, const keyact_host *host,
                         const keyact_resolve_args *args, keyact_resolve_result *result,
                         kp_compare compare)
{
    if (!kp_context_is_valid(ctx) || host == NULL || args == NULL || result == NULL)
        return KEYACT_E_INVAL;
    if (!host_is_usable(host) || args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0
        || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 || args->n < 0)
        return KEYACT_E_INVAL;

    reset_result(result);
    run->host = host;
    run->args = args;
    run->result = result;
    run->compare = compare;
    run->question_status = KEYACT_OK;
    run->exiled.ids = run->exiled.inline_ids;
    run->exiled.count = 0;
    run->exiled.capacity = KP_EXILED_INLINE;
    return KEYACT_OK;
}

/* Free the heap list, if the run grew one. */
static void run_end(kp_run *run)
{
    kp_card_list *list = &run->exiled;

    if (list->ids != list->inline_ids)
        free(list->ids);
    list->ids = list->inline_ids;
    list->count = 0;
    list->capacity = KP_EXILED_INLINE;
}

static void emit(const kp_run *run, uint32_t type, keyact_card_id card, uint32_t face,
                 uint32_t index, uint32_t halves)
{
    keyact_event event;

    if (run->host->notify == NULL)
        return;
    kp_event_fill(&event, run, type, card, face, index, halves);
    run->host->notify(run->host, run->args->game, &event);
}

/* The loop of kp_exile_until_hit; the caller reports the stranded cards
 * when it fails. */
static int32_t exile_loop(kp_run *run, uint32_t library_size, bool *out_found,
                          kp_card_eval *out_eval)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;

    *out_found = false;
    for (uint32_t order = 0; order < library_size; order++) {
        keyact_card_id card = KEYACT_CARD_NONE;
        keyact_card_desc desc;
        int32_t rc;

        /* The top card: every earlier one has left the library. */
        rc = host->library_card(host, args->game, args->player, 0u, &card);
        if (rc != KEYACT_OK)
            return kp_status(rc);
        if (card == KEYACT_CARD_NONE)
            return KEYACT_E_RANGE;
        rc = kp_reserve(&run->exiled, 1u);
        if (rc != KEYACT_OK)
            return rc;
        rc = host->move_card(host, args->game, args->player, card,
                             KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL);
        if (rc != KEYACT_OK)
            return kp_status(rc);
        run->exiled.ids[run->exiled.count++] = card;
        run->result->exiled_count = run->exiled.count;
        emit(run, KEYACT_EVENT_EXILED, card, KEYACT_FACE_NONE, order, 0u);

        memset(&desc, 0, sizeof desc);
        desc.struct_size = sizeof desc;
        rc = host->describe_card(host, args->game, card, &desc);
        if (rc != KEYACT_OK)
            return kp_status(rc);
        rc = kp_card_evaluate(&desc, args->n, run->compare, out_eval);
        if (rc != KEYACT_OK)
            return rc;
        if (out_eval->hit) {
            *out_found = true;
            return KEYACT_OK;
        }
    }
    return KEYACT_OK;
}

/* The first sentence of both rules: exile from the top until a nonland
 * card whose value passes run->compare, or until the library is exhausted.
 * On a hit the result names it and HIT is sent. On failure every exiled
 * card is reported stranded. */
static int32_t exile_until_hit(kp_run *run, bool *out_found, kp_card_eval *out_eval)
{
    const keyact_host *host = run->host;
    uint32_t library_size = 0;
    keyact_card_id card;
    int32_t rc;

    *out_found = false;
    rc = host->library_size(host, run->args->game, run->args->player, &library_size);
    if (rc != KEYACT_OK)
        return kp_status(rc);

    rc = exile_loop(run, library_size, out_found, out_eval);
    if (rc != KEYACT_OK) {
        *out_found = false;
        kp_report_stranded(run, 0u, run->exiled.count);
        return rc;
    }
    if (!*out_found)
        return KEYACT_OK;

    card = run->exiled.ids[run->exiled.count - 1u];
    run->result->discovered = card;
    run->result->mana_value_halves = out_eval->mana_value_halves;
    emit(run, KEYACT_EVENT_HIT, card, KEYACT_FACE_NONE, 0u, out_eval->mana_value_halves);
    return KEYACT_OK;
}

/* The face the player wants to cast, or KEYACT_FACE_NONE for the decline
 * option. Every failure here is a question failure: it only means "decline". */
static uint32_t ask_face_to_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval,
                                 uint32_t decline_kind)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    keyact_option options[KEYACT_MAX_FACES + 1u];
    uint32_t option_count = 0;
    uint32_t chosen = UINT32_MAX;
    int32_t rc;

    for (uint32_t face = 0; face < KEYACT_MAX_FACES; face++) {
        uint32_t can = 0;

        if ((eval->faces_mask & (1u << face)) == 0)
            continue;
        /* The targeting hook: legal targets, restrictions. */
        rc = host->can_cast_face(host, args->game, args->player, card, face, &can);
        if (rc != KEYACT_OK) {
            kp_note_question_failure(run, kp_status(rc));
            continue;
        }
        if (can > 1u) {
            kp_note_question_failure(run, KEYACT_E_RANGE);
            continue;
        }
        if (can == 0u)
            continue;
        options[option_count].struct_size = sizeof options[0];
        options[option_count].kind = KEYACT_OPTION_CAST_FACE;
        options[option_count].face = face;
        options[option_count].mana_value_halves = eval->face_halves[face];
        option_count++;
    }
    if (option_count == 0)
        return KEYACT_FACE_NONE;

    options[option_count].struct_size = sizeof options[0];
    options[option_count].kind = decline_kind;
    options[option_count].face = KEYACT_FACE_NONE;
    options[option_count].mana_value_halves = 0;
    option_count++;

    rc = host->choose(host, args->game, args->player, card, options,
                      option_count, &chosen);
    if (rc != KEYACT_OK) {
        kp_note_question_failure(run, kp_status(rc));
        return KEYACT_FACE_NONE;
    }
    if (chosen >= option_count) {
        kp_note_question_failure(run, KEYACT_E_RANGE);
        return KEYACT_FACE_NONE;
    }
    return options[chosen].kind == KEYACT_OPTION_CAST_FACE
           ? options[chosen].face : KEYACT_FACE_NONE;
}

kp_cast_result kp_offer_and_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval,
                                 uint32_t decline_kind, uint32_t *out_face)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    uint32_t face = ask_face_to_cast(run, card, eval, decline_kind);
    uint32_t cast = 0;
    int32_t rc;

    *out_face = face;
    if (face == KEYACT_FACE_NONE)
        return KP_NOT_CAST;
    rc = host->cast_free(host, args->game, args->player, card, face, &cast);
    if (rc != KEYACT_OK) {
        kp_note_question_failure(run, kp_status(rc));
    } else if (cast == KEYACT_CAST_DONE) {
        run->result->outcome = KEYACT_OUTCOME_CAST;
        run->result->face_cast = face;
        return KP_CAST;
    } else if (cast != KEYACT_CAST_FAILED) {
        kp_note_question_failure(run, KEYACT_E_RANGE);
    }
    /* Not cast after all: the card is still in exile. */
    return KP_CAST_FAILED;
}

/* exiled[0..count) to the bottom in a uniformly random order (Fisher-Yates
 * with the host's random_below), BOTTOM sent for each. On failure the cards
 * still in exile are reported stranded. */
static int32_t bottom_in_random_order(kp_run *run, uint32_t count)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    keyact_card_id *ids = run->exiled.ids;

    for (uint32_t i = count; i-- > 1u;) {
        uint32_t j = UINT32_MAX;
        keyact_card_id swap;
        int32_t rc = host->random_below(host, args->game, i + 1u, &j);

        if (rc != KEYACT_OK || j > i) {
            kp_report_stranded(run, 0u, count);
            return rc != KEYACT_OK ? kp_status(rc) : KEYACT_E_RANGE;
        }
        swap = ids[i];
        ids[i] = ids[j];
        ids[j] = swap;
    }

    for (uint32_t order = 0; order < count; order++) {
        int32_t rc = host->move_card(host, args->game, args->player, ids[order],
                                     KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0u);
        if (rc != KEYACT_OK) {
            kp_report_stranded(run, order, count);
            return kp_status(rc);
        }
        run->result->bottomed_count = order + 1u;
        emit(run, KEYACT_EVENT_BOTTOM, ids[order], KEYACT_FACE_NONE, order, 0u);
    }
    return KEYACT_OK;
}

static int32_t run_steps(kp_run *run, const kp_action_rules *rules)
{
    kp_card_eval eval;
    bool found = false;
    bool hit_to_bottom = false;
    uint32_t to_bottom;
    int32_t rc;

    rc = exile_until_hit(run, &found, &eval);
    if (rc != KEYACT_OK)
        return rc;
    if (!found)
        kp_name_final_card(run, rules, &eval);

    /* The hit is last in the list: leaving it out of the bottom is the
     * count minus one, keeping it in shuffles it with the rest. */
    to_bottom = run->exiled.count;
    if (found) {
        keyact_card_id card = run->exiled.ids[run->exiled.count - 1u];
        uint32_t face;
        kp_cast_result cast = kp_offer_and_cast(run, card, &eval, rules->decline_option, &face);

        if (cast != KP_NOT_CAST)
            emit(run, cast == KP_CAST ? KEYACT_EVENT_CAST : KEYACT_EVENT_CAST_FAILED, card,
                 face, 0u, 0u);
        if (cast == KP_CAST) {
            to_bottom--;
        } else if (rules->uncast_zone != KEYACT_ZONE_NONE) {
            /* Discover: "If you don't cast it, put that card into your
             * hand." A failing move stops the resolve. */
            rc = run->host->move_card(run->host, run->args->game, run->args->player, card,
                                      rules->uncast_zone, 0u, 0u);
            if (rc != KEYACT_OK) {
                kp_report_stranded(run, 0u, run->exiled.count);
                return kp_status(rc);
            }
            emit(run, rules->uncast_event, card, KEYACT_FACE_NONE, 0u, 0u);
            run->result->outcome = rules->uncast_outcome;
            to_bottom--;
        } else {
            hit_to_bottom = true;
        }
    }

    rc = bottom_in_random_order(run, to_bottom);
    if (rc != KEYACT_OK)
        return rc;
    if (hit_to_bottom)
        run->result->outcome = KEYACT_OUTCOME_BOTTOM;

    emit(run, rules->last_event, run->result->discovered, KEYACT_FACE_NONE, 0u,
            rules->last_event_has_value ? run->result->mana_value_halves : 0u);
    run->result->flags |= KEYACT_RESULT_COMPLETE;
    return run->question_status;
}

int32_t kp_resolve(const kp_action_rules *rules, void *ctx, const keyact_host *host,
                   const keyact_resolve_args *args, keyact_resolve_result *result)
{
    kp_run run;
    int32_t rc;

    rc = run_begin(&run, ctx, host, args, result, rules->compare);
    if (rc != KEYACT_OK)
        return rc;
    rc = kp_run_wants_batched(ctx, host) ? kp_run_batched(&run, rules) : run_steps(&run, rules);
    run_end(&run);
    return rc;
}
