/* SPDX-License-Identifier: MIT */
/* stepped.c - the stepped resolve through libkeyact-host (keyact-host.h,
 * "the stepped resolve"; keyact/stepped.h).
 *
 * The caller's block starts with the library's header and holds the
 * plugin's state block after it, at the plugin's alignment. The header
 * keeps what a resolve in progress needs between calls: the bound action,
 * with a reference to its plugin so a swap or an unload meanwhile cannot
 * unmap the code the state belongs to, and the validation layer's state
 * when validation was on at begin. Nothing in it points into the block, so
 * the block may move between calls as the plugin's may.
 */
#include "keyact-host-private.h"

#include <string.h>

#define STEP_BEGUN 0x6b685342u /* "khSB" */
#define STEP_OVER  0x6b68534fu /* "khSO" */

typedef struct {
    guint32 magic;             /* STEP_BEGUN / STEP_OVER */
    guint32 plugin_offset;     /* the plugin's block starts here */
    KeyactBoundAction bound;   /* plugin: a reference of ours while BEGUN */
    KeyactStepLayer *layer;    /* the validation layer's, or NULL */
} StepHeader;

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

/* The resolve is over: drop what the library held for it. */
static void step_end(StepHeader *header)
{
    KeyactPlugin *plugin = (KeyactPlugin *)header->bound.plugin;

    header->magic = STEP_OVER;
    header->bound.plugin = NULL;
    keyact_host_step_layer_free(header->layer);
    header->layer = NULL;
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

    memset(header, 0, sizeof *header);
    header->plugin_offset = (guint32)plugin_offset(bound->action);
    header->bound = *bound;
    const keyact_host *table = host;
    KeyactValidator *validator = bound->plugin != NULL ? bound->plugin->validator : NULL;
    if (validator != NULL) {
        KeyactValidation mode = (KeyactValidation)g_atomic_int_get(&validator->mode);
        if (G_UNLIKELY(mode != KEYACT_VALIDATION_OFF)) {
            header->layer = keyact_host_step_layer_new(validator, mode, bound, host, args);
            table = keyact_host_step_layer_table(header->layer);
        }
    }
    int32_t rc = bound->action->begin(bound->plugin_ctx, table, args, waits,
                                      plugin_block(header),
                                      (uint32_t)MIN(state_size - header->plugin_offset,
                                                    G_MAXUINT32));
    if (rc != KEYACT_OK) {
        keyact_host_step_layer_free(header->layer);
        header->magic = 0; /* not begun */
        return rc;
    }
    if (bound->plugin != NULL)
        keyact_plugin_ref((KeyactPlugin *)bound->plugin);
    header->magic = STEP_BEGUN;
    return KEYACT_OK;
}

KEYACT_HOST_API int32_t keyact_resolve_step(gpointer state, keyact_resolve_result *result,
                                            keyact_question *out_question)
{
    StepHeader *header = header_of(state);

    if (header == NULL || result == NULL ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 || out_question == NULL ||
        out_question->struct_size < KEYACT_QUESTION_SIZE_1_3)
        return KEYACT_E_INVAL;
    if (header->magic == STEP_OVER)
        return KEYACT_E_STATE;
    const keyact_action *action = header->bound.action;
    int32_t rc = action->step(header->bound.plugin_ctx, plugin_block(header), result,
                              out_question);
    if (header->layer != NULL)
        rc = keyact_host_step_layer_stepped(header->layer, rc, result, out_question);
    /* The library checked what the plugin could refuse: any other answer
     * than a wait ends the resolve. */
    if (rc != KEYACT_WAITING)
        step_end(header);
    return rc;
}

KEYACT_HOST_API int32_t keyact_resolve_answer(gpointer state, const keyact_answer *answer)
{
    StepHeader *header = header_of(state);

    if (header == NULL || answer == NULL || answer->struct_size < KEYACT_ANSWER_SIZE_1_3)
        return KEYACT_E_INVAL;
    if (header->magic == STEP_OVER)
        return KEYACT_E_STATE;
    keyact_answer checked = *answer;
    if (header->layer != NULL)
        keyact_host_step_layer_answer(header->layer, &checked);
    return header->bound.action->answer(header->bound.plugin_ctx, plugin_block(header),
                                        &checked);
}

KEYACT_HOST_API int32_t keyact_resolve_abandon(gpointer state, keyact_resolve_result *result)
{
    StepHeader *header = header_of(state);

    if (header == NULL || result == NULL ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;
    if (header->magic == STEP_OVER)
        return KEYACT_E_STATE;
    int32_t rc = header->bound.action->abandon(header->bound.plugin_ctx, plugin_block(header),
                                               result);
    if (rc == KEYACT_OK && header->layer != NULL)
        keyact_host_step_layer_abandoned(header->layer, result);
    if (rc == KEYACT_OK || rc == KEYACT_E_STATE)
        step_end(header);
    return rc;
}
