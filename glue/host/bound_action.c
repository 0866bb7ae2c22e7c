/* SPDX-License-Identifier: MIT */
/* bound_action.c - call an action's resolve after checking the arguments.
 *
 * This is the hot path: no allocation, no logging, no locking. The action
 * itself was validated when its plugin loaded.
 */
#include "keyact-host-private.h"

KEYACT_HOST_API int32_t keyact_bound_action_resolve(const KeyactBoundAction *bound,
                                                    const keyact_host *host,
                                                    const keyact_resolve_args *args,
                                                    keyact_resolve_result *result)
{
    if (bound == NULL || bound->action == NULL || bound->action->resolve == NULL ||
        host == NULL || args == NULL || result == NULL)
        return KEYACT_E_INVAL;
    if (host->struct_size < KEYACT_HOST_SIZE_1_0 ||
        args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0 ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;

    return bound->action->resolve(bound->plugin_ctx, host, args, result);
}
