/* context.h - the plugin context init() hands out and resolve() checks.
 *
 * The context holds only read-only facts (the negotiated ABI version), so
 * any number of resolves may share it from any thread.
 */
#ifndef KD_CONTEXT_H
#define KD_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include <keyact/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks a live context, so a stray or freed pointer is refused, not used. */
#define KD_CONTEXT_MAGIC 0x6b644358u /* "kdCX" */

typedef struct kd_context {
    uint32_t magic;           /* KD_CONTEXT_MAGIC while alive */
    keyact_version version;   /* the negotiated ABI version */
} kd_context;

/* A new context for `version` (must be a version this plugin speaks), or
 * NULL on a bad version or when out of memory. Free with kd_context_free. */
kd_context *kd_context_new(const keyact_version *version);

/* Free a context made by kd_context_new. NULL and foreign pointers (no
 * magic) are ignored. */
void kd_context_free(void *ctx);

/* True when ctx is a live context from kd_context_new. */
bool kd_context_is_valid(const void *ctx);

/* True when this plugin speaks ABI `version`. */
bool kd_version_supported(const keyact_version *version);

#ifdef __cplusplus
}
#endif

#endif /* KD_CONTEXT_H */
