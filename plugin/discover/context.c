/* context.c - allocate, check and free the plugin context. */
#include "context.h"

#include <stdlib.h>

bool kd_version_supported(const keyact_version *version)
{
    return version != NULL && version->major == KEYACT_ABI_MAJOR
           && version->minor <= KEYACT_ABI_MINOR;
}

kd_context *kd_context_new(const keyact_version *version)
{
    kd_context *ctx;

    if (!kd_version_supported(version))
        return NULL;
    ctx = malloc(sizeof *ctx);
    if (ctx == NULL)
        return NULL;
    ctx->magic = KD_CONTEXT_MAGIC;
    ctx->version = *version;
    return ctx;
}

bool kd_context_is_valid(const void *ctx)
{
    return ctx != NULL && ((const kd_context *)ctx)->magic == KD_CONTEXT_MAGIC;
}

void kd_context_free(void *ctx)
{
    if (!kd_context_is_valid(ctx))
        return;
    /* Clear the magic first so a late resolve with this pointer is refused
     * rather than trusted. */
    ((kd_context *)ctx)->magic = 0;
    free(ctx);
}
