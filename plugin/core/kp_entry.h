/* SPDX-License-Identifier: MIT */
/* kp_entry.h - the keyact_plugin_entry members every plugin of this core
 * shares: negotiate, init and deinit. Each plugin's entry.c lists its own
 * actions and ids and points these members here.
 */
#ifndef KP_ENTRY_H
#define KP_ENTRY_H

#include <stdint.h>

#include <keyact/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/* keyact_plugin_entry.negotiate: the highest offered version with our major
 * and a minor we know. KEYACT_E_INVAL for NULL pointers, KEYACT_E_VERSION
 * when nothing offered fits. */
int32_t kp_entry_negotiate(const keyact_version *offered, uint32_t offered_count,
                           keyact_version *out_chosen);

/* keyact_plugin_entry.init: a new kp_context for `chosen`. The plugin path
 * is not used (nothing is loaded next to the plugin). */
int32_t kp_entry_init(const keyact_version *chosen, const char *plugin_path, void **out_ctx);

/* keyact_plugin_entry.deinit: free what kp_entry_init made. */
void kp_entry_deinit(void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* KP_ENTRY_H */
