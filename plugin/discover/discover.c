/* discover.c - CR 701.57 step by step through the host table.
 *
 * Order of host calls (the contract hosts and tests rely on):
 *   library_size once; per card: library_card(0), move_card(EXILE, reveal),
 *   notify EXILED, describe_card, until the first hit or the end;
 *   on a hit: notify HIT, can_cast_face per allowed face, choose (only when
 *   something can be cast), cast_free or move_card(HAND);
 *   random_below for the Fisher-Yates shuffle of the rest, move_card(BOTTOM)
 *   for each; notify DISCOVERED last.
 */
#include "discover.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "card_rules.h"
#include "context.h"

/* Exiled cards kept on the stack; more than this go to the heap. */
#define KD_EXILED_INLINE 256u

/* Bytes of the 1.0 layout of a struct: up to and including `member`. */
#define KD_SIZE_THROUGH(type, member) \
    (offsetof(type, member) + sizeof(((type *)0)->member))
#define KD_HOST_SIZE_1_0   KD_SIZE_THROUGH(keyact_host, get_extension)
#define KD_ARGS_SIZE_1_0   KD_SIZE_THROUGH(keyact_resolve_args, source)
#define KD_RESULT_SIZE_1_0 KD_SIZE_THROUGH(keyact_resolve_result, stranded)

/* The exiled cards in exile order; the hit, if any, is the last one. */
typedef struct kd_card_list {
    keyact_card_id *ids;       /* inline_ids or a heap block */
    uint32_t count;
    uint32_t capacity;
    keyact_card_id inline_ids[KD_EXILED_INLINE];
} kd_card_list;

/* One resolve in progress. */
typedef struct kd_run {
    const keyact_host *host;
    const keyact_resolve_args *args;
    keyact_resolve_result *result;
    int32_t question_status;   /* first failure of a recovered question, or 0 */
    kd_card_list exiled;
} kd_run;

/* A host's status as ours: anything but 0 is a failure, and a failure must
 * reach the caller as a negative code. */
static int32_t host_status(int32_t rc)
{
    return rc > 0 ? KEYACT_E_HOST : rc;
}

static bool host_is_usable(const keyact_host *host)
{
    return host->struct_size >= KD_HOST_SIZE_1_0
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

    memset(result, 0, KD_RESULT_SIZE_1_0);
    result->struct_size = struct_size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    result->discovered = KEYACT_CARD_NONE;
    result->face_cast = KEYACT_FACE_NONE;
}

static void note_question_failure(kd_run *run, int32_t rc)
{
    if (run->question_status == KEYACT_OK)
        run->question_status = rc;
}

static void emit(const kd_run *run, uint32_t type, keyact_card_id card,
                 uint32_t face, uint32_t index, uint32_t halves)
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

/* Make room for one more exiled card, moving to the heap past the inline
 * array. Done before the card is moved, so running out of memory never
 * leaves an unrecorded card in exile. */
static int32_t reserve_one(kd_card_list *list)
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

static void release_list(kd_card_list *list)
{
    if (list->ids != list->inline_ids)
        free(list->ids);
    list->ids = list->inline_ids;
    list->count = 0;
    list->capacity = KD_EXILED_INLINE;
}

/* Report exiled[from..to) as stranded in exile after a stop. */
static void report_stranded(kd_run *run, uint32_t from, uint32_t to)
{
    keyact_resolve_result *result = run->result;
    uint32_t written = 0;

    result->stranded_count = to - from;
    if (result->stranded == NULL)
        return;
    for (uint32_t i = from; i < to && written < result->stranded_capacity; i++)
        result->stranded[written++] = run->exiled.ids[i];
}

/* CR 701.57a, first sentence: exile from the top until a nonland card with
 * mana value <= n, or until the library is exhausted. */
static int32_t exile_until_hit(kd_run *run, uint32_t library_size,
                               bool *out_found, kd_card_eval *out_eval)
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
            return host_status(rc);
        if (card == KEYACT_CARD_NONE)
            return KEYACT_E_RANGE;
        rc = reserve_one(&run->exiled);
        if (rc != KEYACT_OK)
            return rc;
        rc = host->move_card(host, args->game, args->player, card,
                             KEYACT_ZONE_EXILE, 0u, KEYACT_MOVE_REVEAL);
        if (rc != KEYACT_OK)
            return host_status(rc);
        run->exiled.ids[run->exiled.count++] = card;
        run->result->exiled_count = run->exiled.count;
        emit(run, KEYACT_EVENT_EXILED, card, KEYACT_FACE_NONE, order, 0u);

        memset(&desc, 0, sizeof desc);
        desc.struct_size = sizeof desc;
        rc = host->describe_card(host, args->game, card, &desc);
        if (rc != KEYACT_OK)
            return host_status(rc);
        rc = kd_card_evaluate(&desc, args->n, out_eval);
        if (rc != KEYACT_OK)
            return rc;
        if (out_eval->hit) {
            *out_found = true;
            return KEYACT_OK;
        }
    }
    return KEYACT_OK;
}

/* The face the player wants to cast, or KEYACT_FACE_NONE for "to hand".
 * Every failure here is a question failure: it only means "to hand". */
static uint32_t ask_face_to_cast(kd_run *run, keyact_card_id card,
                                 const kd_card_eval *eval)
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
            note_question_failure(run, host_status(rc));
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
    options[option_count].kind = KEYACT_OPTION_TO_HAND;
    options[option_count].face = KEYACT_FACE_NONE;
    options[option_count].mana_value_halves = 0;
    option_count++;

    rc = host->choose(host, args->game, args->player, card, options,
                      option_count, &chosen);
    if (rc != KEYACT_OK) {
        note_question_failure(run, host_status(rc));
        return KEYACT_FACE_NONE;
    }
    if (chosen >= option_count) {
        note_question_failure(run, KEYACT_E_RANGE);
        return KEYACT_FACE_NONE;
    }
    return options[chosen].kind == KEYACT_OPTION_CAST_FACE
           ? options[chosen].face : KEYACT_FACE_NONE;
}

/* CR 701.57a, second and third sentences: cast it free, or put it into
 * hand. Only one face is ever cast. Fails only when the move to hand fails. */
static int32_t place_hit(kd_run *run, keyact_card_id card, const kd_card_eval *eval)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    uint32_t face = ask_face_to_cast(run, card, eval);
    int32_t rc;

    if (face != KEYACT_FACE_NONE) {
        uint32_t cast = 0;

        rc = host->cast_free(host, args->game, args->player, card, face, &cast);
        if (rc != KEYACT_OK) {
            note_question_failure(run, host_status(rc));
        } else if (cast == KEYACT_CAST_DONE) {
            emit(run, KEYACT_EVENT_CAST, card, face, 0u, 0u);
            run->result->outcome = KEYACT_OUTCOME_CAST;
            run->result->face_cast = face;
            return KEYACT_OK;
        } else if (cast != KEYACT_CAST_FAILED) {
            note_question_failure(run, KEYACT_E_RANGE);
        }
        /* Not cast after all: the card is still in exile; it goes to hand. */
        emit(run, KEYACT_EVENT_CAST_FAILED, card, face, 0u, 0u);
    }

    rc = host->move_card(host, args->game, args->player, card,
                         KEYACT_ZONE_HAND, 0u, 0u);
    if (rc != KEYACT_OK)
        return host_status(rc);
    emit(run, KEYACT_EVENT_TO_HAND, card, KEYACT_FACE_NONE, 0u, 0u);
    run->result->outcome = KEYACT_OUTCOME_HAND;
    return KEYACT_OK;
}

/* CR 701.57a, last sentence: exiled[0..count) to the bottom in a uniformly
 * random order (Fisher-Yates with the host's RNG). On failure reports the
 * cards still in exile as stranded. */
static int32_t bottom_in_random_order(kd_run *run, uint32_t count)
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
            return rc != KEYACT_OK ? host_status(rc) : KEYACT_E_RANGE;
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
            return host_status(rc);
        }
        run->result->bottomed_count = order + 1u;
        emit(run, KEYACT_EVENT_BOTTOM, ids[order], KEYACT_FACE_NONE, order, 0u);
    }
    return KEYACT_OK;
}

static int32_t run_discover(kd_run *run)
{
    const keyact_host *host = run->host;
    const keyact_resolve_args *args = run->args;
    keyact_resolve_result *result = run->result;
    kd_card_eval eval;
    uint32_t library_size = 0;
    uint32_t rest;
    bool found = false;
    int32_t rc;

    rc = host->library_size(host, args->game, args->player, &library_size);
    if (rc != KEYACT_OK)
        return host_status(rc);

    rc = exile_until_hit(run, library_size, &found, &eval);
    if (rc != KEYACT_OK) {
        report_stranded(run, 0u, run->exiled.count);
        return rc;
    }

    rest = run->exiled.count;
    if (found) {
        keyact_card_id card = run->exiled.ids[run->exiled.count - 1u];

        rest--;
        result->discovered = card;
        result->mana_value_halves = eval.mana_value_halves;
        emit(run, KEYACT_EVENT_HIT, card, KEYACT_FACE_NONE, 0u, eval.mana_value_halves);
        rc = place_hit(run, card, &eval);
        if (rc != KEYACT_OK) {
            report_stranded(run, 0u, run->exiled.count);
            return rc;
        }
    }

    rc = bottom_in_random_order(run, rest);
    if (rc != KEYACT_OK)
        return rc;

    emit(run, KEYACT_EVENT_DISCOVERED, result->discovered, KEYACT_FACE_NONE, 0u,
         result->mana_value_halves);
    result->flags |= KEYACT_RESULT_COMPLETE;
    return run->question_status;
}

int32_t kd_discover_resolve(void *ctx, const keyact_host *host,
                            const keyact_resolve_args *args,
                            keyact_resolve_result *result)
{
    kd_run run;
    int32_t rc;

    if (!kd_context_is_valid(ctx) || host == NULL || args == NULL || result == NULL)
        return KEYACT_E_INVAL;
    if (!host_is_usable(host) || args->struct_size < KD_ARGS_SIZE_1_0
        || result->struct_size < KD_RESULT_SIZE_1_0 || args->n < 0)
        return KEYACT_E_INVAL;

    reset_result(result);
    run.host = host;
    run.args = args;
    run.result = result;
    run.question_status = KEYACT_OK;
    run.exiled.ids = run.exiled.inline_ids;
    run.exiled.count = 0;
    run.exiled.capacity = KD_EXILED_INLINE;

    rc = run_discover(&run);
    release_list(&run.exiled);
    return rc;
}
