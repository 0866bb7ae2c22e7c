/* SPDX-License-Identifier: MIT */
/* kp_run.c - the steps discover and cascade share, through the host table.
 *
 * All of a resolve but the action's place_uncast_hit is in this one file,
 * with static steps the compiler folds into kp_resolve: splitting them
 * into separately called functions cost about 140 instructions per resolve
 * (3.5% of a 4-card discover) in prologues and reloads.
 */
#include "kp_run.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_context.h"

int32_t kp_host_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

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

static void note_question_failure(kp_run *run, int32_t rc)
{
    if (run->question_status == KEYACT_OK)
        run->question_status = rc;
}

static void emit(const kp_run *run, uint32_t type, keyact_card_id card, uint32_t face,
                 uint32_t index, uint32_t halves)
{
    if (run->host->notify == NULL)
        return;
    /* An initializer zeroes any member it does not name, and the 1.0
     * struct has no padding: no memset needed before filling it. */
    const keyact_event event = {
        .struct_size = sizeof event,
        .type = type,
        .player = run->args->player,
        .card = card,
        .n = run->args->n,
        .face = face,
        .index = index,
        .mana_value_halves = halves,
    };
    run->host->notify(run->host, run->args->game, &event);
}

void kp_emit(const kp_run *run, uint32_t type, keyact_card_id card, uint32_t face,
             uint32_t index, uint32_t halves)
{
    emit(run, type, card, face, index, halves);
}

/* List exiled[from..to) as stranded (the count always, the ids as far as
 * the host's buffer goes). */
static void report_stranded(kp_run *run, uint32_t from, uint32_t to)
{
    keyact_resolve_result *result = run->result;
    uint32_t written = 0;

    result->stranded_count = to - from;
    if (result->stranded == NULL)
        return;
    for (uint32_t i = from; i < to && written < result->stranded_capacity; i++)
        result->stranded[written++] = run->exiled.ids[i];
}

/* Make room for one more exiled card, moving to the heap past the inline
 * array. Done before the card is moved, so running out of memory never
 * leaves an unrecorded card in exile. */
static int32_t reserve_one(kp_card_list *list)
{
    uint32_t capacity;
    keyact_card_id *ids;

    if (list->count < list->capacity)
        return KEYACT_OK;
    if (list->capacity == UINT32_MAX)
        return KEYACT_E_NOMEM;
    capacity = list->capacity > UINT32_MAX / 2u ? UINT32_MAX : list->capacity * 2u;
#if SIZE_MAX <= UINT32_MAX
    /* Only a 32-bit size_t can fail to hold the byte count. */
    if (capacity > SIZE_MAX / sizeof *ids)
        return KEYACT_E_NOMEM;
#endif
    if (list->ids == list->inline_ids) {
        ids = malloc((size_t)capacity * sizeof *ids);
        if (ids != NULL)
            memcpy(ids, list->inline_ids, (size_t)list->count * sizeof *ids);
    } else {
        ids = realloc(list->ids, (size_t)capacity * sizeof *ids);
    }
    if (ids == NULL)
        return KEYACT_E_NOMEM;
    list->ids = ids;
    list->capacity = capacity;
    return KEYACT_OK;
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
            return kp_host_status(rc);
        if (card == KEYACT_CARD_NONE)
            return KEYACT_E_RANGE;
        rc = reserve_one(&run->exiled);
        if (rc != KEYACT_OK)
            return rc;
        rc = host->move_card(host, args->game, args->player, card,
                             KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL);
        if (rc != KEYACT_OK)
            return kp_host_status(rc);
        run->exiled.ids[run->exiled.count++] = card;
        run->result->exiled_count = run->exiled.count;
        emit(run, KEYACT_EVENT_EXILED, card, KEYACT_FACE_NONE, order, 0u);

        memset(&desc, 0, sizeof desc);
        desc.struct_size = sizeof desc;
        rc = host->describe_card(host, args->game, card, &desc);
        if (rc != KEYACT_OK)
            return kp_host_status(rc);
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
        return kp_host_status(rc);

    rc = exile_loop(run, library_size, out_found, out_eval);
    if (rc != KEYACT_OK) {
        *out_found = false;
        report_stranded(run, 0u, run->exiled.count);
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
            note_question_failure(run, kp_host_status(rc));
            continue;
        }
        if (can > 1u) {
            note_question_failure(run, KEYACT_E_RANGE);
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
        note_question_failure(run, kp_host_status(rc));
        return KEYACT_FACE_NONE;
    }
    if (chosen >= option_count) {
        note_question_failure(run, KEYACT_E_RANGE);
        return KEYACT_FACE_NONE;
    }
    return options[chosen].kind == KEYACT_OPTION_CAST_FACE
           ? options[chosen].face : KEYACT_FACE_NONE;
}

/* "You may cast that card without paying its mana cost": offer, then cast
 * the chosen face. True when it was cast (CAST sent, outcome CAST); false
 * when not, with CAST_FAILED sent when a cast was tried. Every failure here
 * is a question failure. */
static bool offer_and_cast(kp_run *run, keyact_card_id card, const kp_card_eval *eval,
                           uint32_t decline_kind)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    uint32_t face = ask_face_to_cast(run, card, eval, decline_kind);
    uint32_t cast = 0;
    int32_t rc;

    if (face == KEYACT_FACE_NONE)
        return false;
    rc = host->cast_free(host, args->game, args->player, card, face, &cast);
    if (rc != KEYACT_OK) {
        note_question_failure(run, kp_host_status(rc));
    } else if (cast == KEYACT_CAST_DONE) {
        emit(run, KEYACT_EVENT_CAST, card, face, 0u, 0u);
        run->result->outcome = KEYACT_OUTCOME_CAST;
        run->result->face_cast = face;
        return true;
    } else if (cast != KEYACT_CAST_FAILED) {
        note_question_failure(run, KEYACT_E_RANGE);
    }
    /* Not cast after all: the card is still in exile. */
    emit(run, KEYACT_EVENT_CAST_FAILED, card, face, 0u, 0u);
    return false;
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
            report_stranded(run, 0u, count);
            return rc != KEYACT_OK ? kp_host_status(rc) : KEYACT_E_RANGE;
        }
        swap = ids[i];
        ids[i] = ids[j];
        ids[j] = swap;
    }

    for (uint32_t order = 0; order < count; order++) {
        int32_t rc = host->move_card(host, args->game, args->player, ids[order],
                                     KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0u);
        if (rc != KEYACT_OK) {
            report_stranded(run, order, count);
            return kp_host_status(rc);
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

    /* The hit is last in the list: leaving it out of the bottom is the
     * count minus one, keeping it in shuffles it with the rest. */
    to_bottom = run->exiled.count;
    if (found) {
        keyact_card_id card = run->exiled.ids[run->exiled.count - 1u];

        if (offer_and_cast(run, card, &eval, rules->decline_option)) {
            to_bottom--;
        } else if (rules->place_uncast_hit != NULL) {
            rc = rules->place_uncast_hit(run, card);
            if (rc != KEYACT_OK) {
                report_stranded(run, 0u, run->exiled.count);
                return rc;
            }
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
    rc = run_steps(&run, rules);
    run_end(&run);
    return rc;
}
