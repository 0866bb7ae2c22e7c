/* SPDX-License-Identifier: MIT */
/* stepped.c - the stepped resolve through libkeyact-host (keyact-host.h,
 * "the stepped resolve"; keyact/stepped.h).
 *
 * The caller's block starts with the library's header and holds the
 * plugin's state block after it, at the plugin's alignment. The header
 * holds a token and a generation, nothing that points anywhere, so the
 * block may move between calls as the plugin's may. The token names the
 * resolve's session on the heap: the bound action, with a reference to its
 * plugin so a swap or an unload meanwhile cannot unmap the code the state
 * belongs to, the guard (guard.h) whose table the plugin holds, and the
 * validation layer's state when validation was on at begin.
 */
#include "keyact-host-private.h"
#include "guard.h"

#include <string.h>

#define STEP_BEGUN 0x6b685342u /* "khSB" */
#define STEP_OVER  0x6b68534fu /* "khSO" */

/* What the library keeps for one resolve in progress, on the heap from
 * begin to its end: the plugin holds the guard's table across steps, so
 * it cannot live in a block that moves. */
typedef struct {
    guint64 token;             /* its key in `live` */
    guint64 generation;        /* bumped by every call on the resolve */
    KeyactBoundAction bound;   /* plugin: a reference of ours */
    KeyactStepLayer *layer;    /* the validation layer's, or NULL */
    KeyactGuard guard;         /* wraps the layer's table or the host's */
} StepSession;

/* The caller's block starts with this. Nothing in it points anywhere: a
 * block may move between calls. */
typedef struct {
    guint32 magic;             /* STEP_BEGUN / STEP_OVER */
    guint32 plugin_offset;     /* the plugin's block starts here */
    guint64 token;             /* the session's */
    guint64 generation;        /* the session's, as of this block's last call */
} StepHeader;

/* Every resolve in progress by token. A block copied and used twice shows
 * itself here, before any call reaches the plugin: the copy that ended
 * removed the token (the other gets KEYACT_E_STATE, not a double free in
 * the plugin), and a call through one copy bumped the generation the other
 * still holds (the same). stepped.h forbids the copy; this makes breaking
 * that rule an error instead of freed memory read. */
static GMutex live_lock;
static GHashTable *live;
static guint64 last_token;

/* Where the plugin's block starts: after the header, at its alignment. */
static gsize plugin_offset(const keyact_action *action)
{
    return (sizeof(StepHeader) + action->state_align - 1u) & ~(gsize)(action->state_align - 1u);
}

/* The action's stepped resolve, if it has one the library may use. */
static gboolean steppable(const KeyactBoundAction *bound)
{
    const keyact_action *action = bound != NULL ? bound->action : NULL;

    if (action == NULL || !KEYACT_ACTION_HAS(action, abandon) || action->begin == NULL ||
        action->step == NULL || action->answer == NULL || action->abandon == NULL ||
        action->state_size == 0 || action->state_align == 0 ||
        action->state_align > KEYACT_RESOLVE_STATE_ALIGN ||
        (action->state_align & (action->state_align - 1u)) != 0)
        return FALSE;
    /* A plugin negotiated below 1.3 keeps to the 1.2 contract. */
    return bound->plugin == NULL || bound->plugin->version.minor >= 3u;
}

KEYACT_HOST_API gsize keyact_bound_action_state_size(const KeyactBoundAction *bound)
{
    if (!steppable(bound))
        return 0;
    return plugin_offset(bound->action) + bound->action->state_size;
}

/* The header of a block begun by keyact_bound_action_begin(), or NULL. */
static StepHeader *header_of(gpointer state)
{
    StepHeader *header = state;

    if (header == NULL || ((guintptr)state & (KEYACT_RESOLVE_STATE_ALIGN - 1u)) != 0 ||
        (header->magic != STEP_BEGUN && header->magic != STEP_OVER))
        return NULL;
    return header;
}

static gpointer plugin_block(StepHeader *header)
{
    return (char *)header + header->plugin_offset;
}

/* The session of a block whose resolve is in progress, for one call: NULL
 * (KEYACT_E_STATE) when the resolve is over, or the block is a stale copy. */
static StepSession *claim(StepHeader *header)
{
    StepSession *session = NULL;

    if (header->magic != STEP_BEGUN)
        return NULL;
    g_mutex_lock(&live_lock);
    if (live != NULL)
        session = g_hash_table_lookup(live, &header->token);
    if (session != NULL && session->generation == header->generation)
        header->generation = ++session->generation;
    else
        session = NULL;
    g_mutex_unlock(&live_lock);
    return session;
}

/* The resolve is over: drop what the library held for it. */
static void step_end(StepHeader *header, StepSession *session)
{
    KeyactPlugin *plugin = (KeyactPlugin *)session->bound.plugin;

    g_mutex_lock(&live_lock);
    g_hash_table_remove(live, &session->token);
    g_mutex_unlock(&live_lock);
    header->magic = STEP_OVER;
    keyact_host_step_layer_free(session->layer);
    keyact_guard_end(&session->guard, KEYACT_OK, NULL); /* frees its set, if any */
    g_free(session);
    if (plugin != NULL)
        keyact_plugin_unref(plugin);
}

KEYACT_HOST_API int32_t keyact_bound_action_begin(const KeyactBoundAction *bound,
                                                  const keyact_host *host,
                                                  const keyact_resolve_args *args,
                                                  uint32_t waits, gpointer state,
                                                  gsize state_size)
{
    StepHeader *header = state;

    if (bound == NULL || bound->action == NULL || host == NULL || args == NULL ||
        state == NULL || ((guintptr)state & (KEYACT_RESOLVE_STATE_ALIGN - 1u)) != 0)
        return KEYACT_E_INVAL;
    if (host->struct_size < KEYACT_HOST_SIZE_1_0 ||
        args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0)
        return KEYACT_E_INVAL;
    if (!steppable(bound))
        return KEYACT_E_NOTSUP;
    if (state_size < plugin_offset(bound->action) + bound->action->state_size)
        return KEYACT_E_INVAL;

    StepSession *session = g_new(StepSession, 1);
    session->generation = 0;
    session->bound = *bound;
    session->layer = NULL;
    const keyact_host *table = host;
    KeyactValidator *validator = bound->plugin != NULL ? bound->plugin->validator : NULL;
    if (validator != NULL) {
        KeyactValidation mode = (KeyactValidation)g_atomic_int_get(&validator->mode);
        if (G_UNLIKELY(mode != KEYACT_VALIDATION_OFF)) {
            session->layer = keyact_host_step_layer_new(validator, mode, bound, host, args);
            table = keyact_host_step_layer_table(session->layer);
        }
    }
    keyact_guard_begin(&session->guard, &session->bound, table, args);

    memset(header, 0, sizeof *header);
    header->plugin_offset = (guint32)plugin_offset(bound->action);
    int32_t rc = bound->action->begin(bound->plugin_ctx, keyact_guard_table(&session->guard),
                                      args, waits, plugin_block(header),
                                      (uint32_t)MIN(state_size - header->plugin_offset,
                                                    G_MAXUINT32));
    if (rc != KEYACT_OK) {
        keyact_host_step_layer_free(session->layer);
        g_free(session);
        header->magic = 0; /* not begun */
        return rc;
    }
    if (bound->plugin != NULL)
        keyact_plugin_ref((KeyactPlugin *)bound->plugin);
    g_mutex_lock(&live_lock);
    if (live == NULL)
        live = g_hash_table_new(g_int64_hash, g_int64_equal);
    session->token = ++last_token;
    g_hash_table_insert(live, &session->token, session);
    g_mutex_unlock(&live_lock);
    header->token = session->token;
    header->generation = session->generation;
    header->magic = STEP_BEGUN;
    return KEYACT_OK;
}

/* A question about something the resolve never handed the plugin: the
 * plugin's resolve is abandoned, and the host gets KEYACT_E_DENIED with
 * every card it moved as stranded, instead of the question. */
static int32_t refuse_question(StepHeader *header, StepSession *session,
                               keyact_resolve_result *result, keyact_question *out_question)
{
    const keyact_action *action = session->bound.action;

    out_question->kind = KEYACT_QUESTION_NONE;
    if (action->abandon(session->bound.plugin_ctx, plugin_block(header), result) == KEYACT_OK &&
        session->layer != NULL)
        keyact_host_step_layer_abandoned(session->layer, result);
    return keyact_guard_end(&session->guard, KEYACT_E_DENIED, result);
}

KEYACT_HOST_API int32_t keyact_resolve_step(gpointer state, keyact_resolve_result *result,
                                            keyact_question *out_question)
{
    StepHeader *header = header_of(state);

    if (header == NULL || result == NULL ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 || out_question == NULL ||
        out_question->struct_size < KEYACT_QUESTION_SIZE_1_3)
        return KEYACT_E_INVAL;
    StepSession *session = claim(header);
    if (session == NULL)
        return KEYACT_E_STATE;
    const keyact_action *action = session->bound.action;
    const uint32_t size = result->struct_size, capacity = result->stranded_capacity;
    keyact_card_id *const stranded = result->stranded;
    const uint32_t question_size = out_question->struct_size;
    int32_t rc = action->step(session->bound.plugin_ctx, plugin_block(header), result,
                              out_question);
    result->struct_size = size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    out_question->struct_size = question_size;
    if (rc == KEYACT_WAITING && !keyact_guard_question(&session->guard, out_question)) {
        rc = refuse_question(header, session, result, out_question);
    } else {
        if (rc != KEYACT_WAITING)
            rc = keyact_guard_end(&session->guard, rc, result);
        if (session->layer != NULL)
            rc = keyact_host_step_layer_stepped(session->layer, rc, result, out_question);
    }
    /* The library checked what the plugin could refuse: any other answer
     * than a wait ends the resolve. */
    if (rc != KEYACT_WAITING)
        step_end(header, session);
    return rc;
}

KEYACT_HOST_API int32_t keyact_resolve_answer(gpointer state, const keyact_answer *answer)
{
    StepHeader *header = header_of(state);

    if (header == NULL || answer == NULL || answer->struct_size < KEYACT_ANSWER_SIZE_1_3)
        return KEYACT_E_INVAL;
    StepSession *session = claim(header);
    if (session == NULL)
        return KEYACT_E_STATE;
    keyact_answer checked = *answer;
    if (session->layer != NULL)
        keyact_host_step_layer_answer(session->layer, &checked);
    return session->bound.action->answer(session->bound.plugin_ctx, plugin_block(header),
                                         &checked);
}

KEYACT_HOST_API int32_t keyact_resolve_abandon(gpointer state, keyact_resolve_result *result)
{
    StepHeader *header = header_of(state);

    if (header == NULL || result == NULL ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;
    StepSession *session = claim(header);
    if (session == NULL)
        return KEYACT_E_STATE;
    const uint32_t size = result->struct_size, capacity = result->stranded_capacity;
    keyact_card_id *const stranded = result->stranded;
    int32_t rc = session->bound.action->abandon(session->bound.plugin_ctx, plugin_block(header),
                                                result);
    result->struct_size = size;
    result->stranded_capacity = capacity;
    result->stranded = stranded;
    if (rc == KEYACT_OK) {
        /* An abandon returns 0: what the guard took out of the list is
         * said in its warning. */
        keyact_guard_end(&session->guard, rc, result);
        if (session->layer != NULL)
            keyact_host_step_layer_abandoned(session->layer, result);
    }
    if (rc == KEYACT_OK || rc == KEYACT_E_STATE)
        step_end(header, session);
    return rc;
}
