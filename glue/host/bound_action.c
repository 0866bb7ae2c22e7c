/* SPDX-License-Identifier: MIT */
/* bound_action.c - call an action's resolve after checking the arguments.
 *
 * This is the hot path: no allocation, no logging, no locking. The action
 * itself was validated when its plugin loaded. Every resolve runs under the
 * guard (guard.h: the plugin asks only about what it was handed), whose
 * table and set live on this stack. With validation off a resolve costs
 * one more load and compare (the plugin's validator and its mode); with it
 * on, the validation layer (validate_table.c) runs the resolve, the guard
 * between it and the plugin.
 */
#include "keyact-host-private.h"
#include "guard.h"

static gboolean arguments_are_usable(const KeyactBoundAction *bound, const keyact_host *host,
                                     const keyact_resolve_args *args,
                                     const keyact_resolve_result *result)
{
    return bound != NULL && bound->action != NULL && bound->action->resolve != NULL &&
           host != NULL && args != NULL && result != NULL &&
           host->struct_size >= KEYACT_HOST_SIZE_1_0 &&
           args->struct_size >= KEYACT_RESOLVE_ARGS_SIZE_1_0 &&
           result->struct_size >= KEYACT_RESOLVE_RESULT_SIZE_1_0;
}

KEYACT_HOST_API int32_t keyact_bound_action_resolve(const KeyactBoundAction *bound,
                                                    const keyact_host *host,
                                                    const keyact_resolve_args *args,
                                                    keyact_resolve_result *result)
{
    if (!arguments_are_usable(bound, host, args, result))
        return KEYACT_E_INVAL;

    KeyactValidator *validator = bound->plugin != NULL ? bound->plugin->validator : NULL;
    if (validator != NULL) {
        KeyactValidation mode = (KeyactValidation)g_atomic_int_get(&validator->mode);
        if (G_UNLIKELY(mode != KEYACT_VALIDATION_OFF))
            return keyact_host_validate_resolve(validator, mode, bound, host, args, result,
                                                NULL);
    }
    return keyact_guarded_resolve(bound, host, args, result);
}

KEYACT_HOST_API int32_t keyact_bound_action_resolve_validated(const KeyactBoundAction *bound,
                                                              const keyact_host *host,
                                                              const keyact_resolve_args *args,
                                                              keyact_resolve_result *result,
                                                              KeyactValidationResult *validation)
{
    if (validation == NULL || validation->struct_size < sizeof *validation)
        return KEYACT_E_INVAL;
    validation->n_reports = 0;
    validation->skipped = NULL;
    validation->unsettled_count = 0;
    if (!arguments_are_usable(bound, host, args, result))
        return KEYACT_E_INVAL;

    KeyactValidator *validator = bound->plugin != NULL ? bound->plugin->validator : NULL;
    KeyactValidation mode = validator != NULL
        ? (KeyactValidation)g_atomic_int_get(&validator->mode) : KEYACT_VALIDATION_OFF;
    if (mode != KEYACT_VALIDATION_OFF)
        return keyact_host_validate_resolve(validator, mode, bound, host, args, result,
                                            validation);
    return keyact_guarded_resolve(bound, host, args, result);
}
