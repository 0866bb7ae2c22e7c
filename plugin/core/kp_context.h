/* SPDX-License-Identifier: MIT */
/* kp_context.h - the plugin context init() hands out and resolve() checks.
 *
 * The context holds only read-only facts (the negotiated ABI version), so
 * any number of resolves may share it from any thread. Every plugin built on
 * this core (discover, cascade) uses the same context; each plugin file has
 * its own copy of this code.
 */
#ifndef KP_CONTEXT_H
#define KP_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include <keyact/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks a live context, so a stray or freed pointer is refused, not used. */
#define KP_CONTEXT_MAGIC 0x6b704358u /* "kpCX" */

typedef struct kp_context {
    uint32_t magic;           /* KP_CONTEXT_MAGIC while alive */
    keyact_version version;   /* the negotiated ABI version */
} kp_context;

/* A new context for `version` (must be a version this plugin speaks), or
 * NULL on a bad version or when out of memory. Free with kp_context_free. */
kp_context *kp_context_new(const keyact_version *version);

/* Free a context made by kp_context_new. NULL and foreign pointers (no
 * magic) are ignored. */
void kp_context_free(void *ctx);

/* True when ctx is a live context from kp_context_new. Inline: every
 * resolve and every step of a stepped one asks. */
static inline bool kp_context_is_valid(const void *ctx)
{
    return ctx != NULL && ((const kp_context *)ctx)->magic == KP_CONTEXT_MAGIC;
}

/* True when this plugin speaks ABI `version`. */
bool kp_version_supported(const keyact_version *version);

#ifdef __cplusplus
}
#endif

#endif /* KP_CONTEXT_H */
