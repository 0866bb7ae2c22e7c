/* SPDX-License-Identifier: MIT */
/* kp_entry.c - negotiate, init and deinit for every plugin of this core. */
#include "kp_entry.h"

#include <stddef.h>

#include <keyact/status.h>

#include "kp_context.h"

int32_t kp_entry_negotiate(const keyact_version *offered, uint32_t offered_count,
                           keyact_version *out_chosen)
{
    const keyact_version *best = NULL;

    if (offered == NULL || out_chosen == NULL)
        return KEYACT_E_INVAL;
    for (uint32_t i = 0; i < offered_count; i++) {
        if (!kp_version_supported(&offered[i]))
            continue;
        if (best == NULL || offered[i].minor > best->minor)
            best = &offered[i];
    }
    if (best == NULL)
        return KEYACT_E_VERSION;
    *out_chosen = *best;
    return KEYACT_OK;
}

int32_t kp_entry_init(const keyact_version *chosen, const char *plugin_path, void **out_ctx)
{
    kp_context *ctx;

    (void)plugin_path; /* nothing to load next to the plugin */
    if (chosen == NULL || out_ctx == NULL)
        return KEYACT_E_INVAL;
    if (!kp_version_supported(chosen))
        return KEYACT_E_VERSION;
    ctx = kp_context_new(chosen);
    if (ctx == NULL)
        return KEYACT_E_NOMEM;
    *out_ctx = ctx;
    return KEYACT_OK;
}

void kp_entry_deinit(void *ctx)
{
    kp_context_free(ctx);
}
