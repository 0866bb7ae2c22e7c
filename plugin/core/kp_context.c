/* SPDX-License-Identifier: MIT */
/* kp_context.c - allocate, check and free the plugin context. */
#include "kp_context.h"

#include <stdlib.h>

bool kp_version_supported(const keyact_version *version)
{
    return version != NULL && version->major == KEYACT_ABI_MAJOR
           && version->minor <= KEYACT_ABI_MINOR;
}

kp_context *kp_context_new(const keyact_version *version)
{
    kp_context *ctx;

    if (!kp_version_supported(version))
        return NULL;
    ctx = malloc(sizeof *ctx);
    if (ctx == NULL)
        return NULL;
    ctx->magic = KP_CONTEXT_MAGIC;
    ctx->version = *version;
    return ctx;
}

void kp_context_free(void *ctx)
{
    if (!kp_context_is_valid(ctx))
        return;
    /* Clear the magic first so a late resolve with this pointer is refused
     * rather than trusted. */
    ((kp_context *)ctx)->magic = 0;
    free(ctx);
}
