/* SPDX-License-Identifier: MIT */
/* bound_action.c - call an action's resolve after checking the arguments.
 *
 * This is the hot path: no allocation, no logging, no locking. The action
 * itself was validated when its plugin loaded. With validation off a resolve
 * costs one more load and compare (the plugin's validator and its mode);
 * with it on, validate_layer.c runs the resolve.
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

    KeyactValidator *validator = bound->plugin != NULL ? bound->plugin->validator : NULL;
    if (validator != NULL) {
        KeyactValidation mode = (KeyactValidation)g_atomic_int_get(&validator->mode);
        if (G_UNLIKELY(mode != KEYACT_VALIDATION_OFF))
            return keyact_host_validate_resolve(validator, mode, bound, host, args, result);
    }
    return bound->action->resolve(bound->plugin_ctx, host, args, result);
}
