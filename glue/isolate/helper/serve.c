/* SPDX-License-Identifier: MIT */
/* serve.c - the helper's requests, in the order the protocol allows them:
 * OPEN, NEGOTIATE, INIT and SANDBOX once each, then resolves (blocking or
 * stepped, one at a time) and rules calls until the parent closes the
 * socket. A request out of order means the parent is not libkeyact-host:
 * the helper ends. */
#define _POSIX_C_SOURCE 200809L

#include <string.h>
#include <time.h>

#include "helper.h"
#include "ki_facts.h"

/* A mirrored ABI struct, aligned for the struct it holds. */
typedef union {
    guint8 raw[KI_MAX_STRUCT];
    keyact_resolve_args args;
    keyact_resolve_result result;
    keyact_question question;
    keyact_answer answer;
    guint64 align;
} Mirror;

/* The buffer a result's stranded list is written to. */
static keyact_card_id *stranded_buffer;
static guint32 stranded_room;

/* The rules extension, as get_extension answered after the sandbox. */
static const keyact_rules_ext *rules;

static guint64 cpu_ns(void)
{
    struct timespec now;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) != 0)
        return 0;
    return (guint64)now.tv_sec * 1000000000u + (guint64)now.tv_nsec;
}

static void start_done(Helper *helper, KiMessageType request)
{
    ki_writer_start(&helper->out, KI_MSG_DONE);
    ki_put_u32(&helper->out, request);
}

/* A result mirrored from the request; its stranded list into our buffer. */
static guint32 read_result(KiReader *request, Mirror *result)
{
    guint32 size = ki_get_struct(request, result->raw);
    gboolean has_stranded = ki_get_bool(request);
    if (request->failed || size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return size;
    guint32 want = MIN(result->result.stranded_capacity, KI_MAX_COUNT);
    if (has_stranded && want > stranded_room) {
        g_free(stranded_buffer);
        stranded_buffer = g_new0(keyact_card_id, want);
        stranded_room = want;
    }
    result->result.stranded = has_stranded ? stranded_buffer : NULL;
    result->result.stranded_capacity = has_stranded ? want : result->result.stranded_capacity;
    return size;
}

static void put_result(Helper *helper, const Mirror *result, guint32 size, gboolean has_stranded)
{
    ki_put_struct_bytes(&helper->out, result->raw, size);
    guint32 n = has_stranded ? MIN(result->result.stranded_count, stranded_room) : 0u;
    n = MIN(n, result->result.stranded_capacity);
    ki_put_u32(&helper->out, n);
    ki_put_bytes(&helper->out, stranded_buffer, n * sizeof(keyact_card_id));
}

static const keyact_action *action_at(Helper *helper, guint32 index)
{
    if (index >= helper->entry->action_count)
        helper_exit();
    return helper->entry->actions[index];
}

static void serve_resolve(Helper *helper, KiReader *request)
{
    Mirror args, result;
    const keyact_action *action = action_at(helper, ki_get_u32(request));
    if (!helper_host_shape(helper, request))
        helper_exit();
    ki_get_struct(request, args.raw);
    guint32 size = read_result(request, &result);
    if (!ki_reader_done(request))
        helper_exit();

    int32_t status = action->resolve(helper->ctx, &helper->table, &args.args, &result.result);
    start_done(helper, KI_MSG_RESOLVE);
    ki_put_i32(&helper->out, status);
    put_result(helper, &result, size, result.result.stranded != NULL);
    ki_put_u64(&helper->out, cpu_ns());
    helper_send(helper);
    g_ptr_array_set_size(helper->arena, 0);
}

static void serve_begin(Helper *helper, KiReader *request)
{
    Mirror args;
    const keyact_action *action = action_at(helper, ki_get_u32(request));
    if (!helper_host_shape(helper, request))
        helper_exit();
    ki_get_struct(request, args.raw);
    guint32 waits = ki_get_u32(request);
    if (!ki_reader_done(request) || helper->stepped != NULL || !KEYACT_ACTION_HAS(action, abandon) ||
        action->begin == NULL)
        helper_exit();

    gsize align = MAX((gsize)action->state_align, sizeof(void *));
    if (helper->state == NULL || helper->state_size < action->state_size) {
        g_aligned_free(helper->state);
        helper->state = g_aligned_alloc0(1, MAX(action->state_size, 1u), MAX(align, 16u));
        helper->state_size = action->state_size;
    }
    int32_t status = action->begin(helper->ctx, &helper->table, &args.args, waits,
                                   helper->state, action->state_size);
    if (status == KEYACT_OK)
        helper->stepped = action;
    start_done(helper, KI_MSG_BEGIN);
    ki_put_i32(&helper->out, status);
    ki_put_u64(&helper->out, cpu_ns());
    helper_send(helper);
    g_ptr_array_set_size(helper->arena, 0);
}

static void serve_step(Helper *helper, KiReader *request)
{
    Mirror result, question;
    guint32 size = read_result(request, &result);
    guint32 question_size = ki_get_struct(request, question.raw);
    if (!ki_reader_done(request) || helper->stepped == NULL)
        helper_exit();

    int32_t status = helper->stepped->step(helper->ctx, helper->state, &result.result,
                                           &question.question);
    if (status != KEYACT_WAITING)
        helper->stepped = NULL;
    start_done(helper, KI_MSG_STEP);
    ki_put_i32(&helper->out, status);
    put_result(helper, &result, size, result.result.stranded != NULL);
    ki_put_struct_bytes(&helper->out, question.raw, question_size);
    ki_put_u64(&helper->out, cpu_ns());
    helper_send(helper);
    g_ptr_array_set_size(helper->arena, 0);
}

static void serve_answer(Helper *helper, KiReader *request)
{
    Mirror answer;
    ki_get_struct(request, answer.raw);
    if (!ki_reader_done(request) || helper->stepped == NULL)
        helper_exit();

    int32_t status = helper->stepped->answer(helper->ctx, helper->state, &answer.answer);
    start_done(helper, KI_MSG_ANSWER);
    ki_put_i32(&helper->out, status);
    helper_send(helper);
}

static void serve_abandon(Helper *helper, KiReader *request)
{
    Mirror result;
    guint32 size = read_result(request, &result);
    if (!ki_reader_done(request) || helper->stepped == NULL)
        helper_exit();

    int32_t status = helper->stepped->abandon(helper->ctx, helper->state, &result.result);
    if (status == KEYACT_OK || status == KEYACT_E_STATE)
        helper->stepped = NULL;
    start_done(helper, KI_MSG_ABANDON);
    ki_put_i32(&helper->out, status);
    put_result(helper, &result, size, result.result.stranded != NULL);
    helper_send(helper);
}

/* An out pointer of a rules call: present, with the caller's value. */
static guint32 *rules_out(KiReader *request, guint32 *storage)
{
    gboolean present = ki_get_bool(request);
    *storage = ki_get_u32(request);
    return present ? storage : NULL;
}

void helper_serve_rules(Helper *helper, KiReader *request)
{
    guint32 function = ki_get_u32(request);
    guint32 first = 0, second = 0;
    int32_t status = KEYACT_E_NOTSUP;
    keyact_card_desc desc;
    gboolean present;

    if (rules == NULL)
        helper_exit();
    if (function == KI_RULES_MANA_VALUE) {
        const char *cost = ki_get_string(request, &present);
        guint32 *halves = rules_out(request, &first);
        guint32 *offset = rules_out(request, &second);
        if (!ki_reader_done(request))
            helper_exit();
        status = rules->mana_value(cost, halves, offset);
    } else if (function == KI_RULES_CARD_MANA_VALUE || function == KI_RULES_DISCOVER_OPTIONS) {
        memset(&desc, 0, sizeof desc);
        present = ki_get_bool(request);
        if (present && !ki_get_desc(request, &desc, sizeof desc, helper->rules_arena))
            helper_exit();
        gint32 n = function == KI_RULES_DISCOVER_OPTIONS ? ki_get_i32(request) : 0;
        guint32 *out_first = rules_out(request, &first);
        guint32 *out_second = rules_out(request, &second);
        if (!ki_reader_done(request))
            helper_exit();
        status = function == KI_RULES_CARD_MANA_VALUE
                     ? rules->card_mana_value(present ? &desc : NULL, out_first, out_second)
                     : rules->discover_options(present ? &desc : NULL, n, out_first, out_second);
    } else {
        helper_exit();
    }
    start_done(helper, KI_MSG_RULES);
    ki_put_i32(&helper->out, status);
    ki_put_u32(&helper->out, first);
    ki_put_u32(&helper->out, second);
    helper_send(helper);
    g_ptr_array_set_size(helper->rules_arena, 0);
}

/* What get_extension answers for the rules: whether it is there, and
 * which of its members (a NULL table is no extension). */
static void put_rules(Helper *helper)
{
    rules = NULL;
    if (helper->entry->get_extension != NULL)
        rules = helper->entry->get_extension(helper->ctx, KEYACT_EXT_RULES);
    ki_put_u8(&helper->out, rules != NULL);
    if (rules == NULL)
        return;
    ki_put_u32(&helper->out, rules->struct_size);
    gboolean whole = rules->struct_size >= KEYACT_RULES_EXT_SIZE_1_0;
    ki_put_u8(&helper->out,
              (guint8)(whole ? (rules->mana_value != NULL ? KI_FACT_MANA_VALUE : 0u) |
                                   (rules->card_mana_value != NULL ? KI_FACT_CARD_MANA_VALUE : 0u) |
                                   (rules->discover_options != NULL ? KI_FACT_DISCOVER_OPTIONS : 0u)
                             : 0u));
}

static void serve_sandbox(Helper *helper, KiReader *request)
{
    const char *step = "making the host table";
    int rc = -1;

    if (!ki_reader_done(request))
        helper_exit();
    if (helper_host_prepare(helper))
        rc = helper_sandbox_install(helper->fd, &step);
    start_done(helper, KI_MSG_SANDBOX);
    ki_put_u8(&helper->out, rc == 0);
    if (rc != 0) {
        ki_put_string(&helper->out, step);
        ki_put_i32(&helper->out, -rc);
        helper_send(helper);
        helper_exit();
    }
    put_rules(helper);
    helper_send(helper);
}

void helper_serve(Helper *helper)
{
    /* The load's requests, each once and in order. */
    static const KiMessageType load[] = { KI_MSG_OPEN, KI_MSG_NEGOTIATE, KI_MSG_INIT,
                                          KI_MSG_SANDBOX };
    guint loaded = 0;

    for (;;) {
        helper_receive(helper);
        KiReader request;
        ki_reader_init(&request, helper->payload, helper->header.length);
        guint32 type = helper->header.type;
        if (loaded < G_N_ELEMENTS(load)) {
            if (type != load[loaded])
                helper_exit();
            loaded++;
        } else if (type == KI_MSG_OPEN || type == KI_MSG_NEGOTIATE || type == KI_MSG_INIT ||
                   type == KI_MSG_SANDBOX) {
            helper_exit();
        }
        switch (type) {
        case KI_MSG_OPEN: helper_open(helper, &request); break;
        case KI_MSG_NEGOTIATE: helper_negotiate(helper, &request); break;
        case KI_MSG_INIT: helper_init(helper, &request); break;
        case KI_MSG_SANDBOX: serve_sandbox(helper, &request); break;
        case KI_MSG_RESOLVE: serve_resolve(helper, &request); break;
        case KI_MSG_BEGIN: serve_begin(helper, &request); break;
        case KI_MSG_STEP: serve_step(helper, &request); break;
        case KI_MSG_ANSWER: serve_answer(helper, &request); break;
        case KI_MSG_ABANDON: serve_abandon(helper, &request); break;
        case KI_MSG_RULES: helper_serve_rules(helper, &request); break;
        default: helper_exit();
        }
    }
}
