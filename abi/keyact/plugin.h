/* SPDX-License-Identifier: MIT */
/* keyact/plugin.h - the one symbol a plugin exports.
 *
 * A plugin shared object exports exactly one symbol, a const
 * struct keyact_plugin_entry named keyact_plugin_entry
 * (KEYACT_PLUGIN_ENTRY_SYMBOL). The struct has no typedef on purpose: the
 * type and the symbol share one name, which C allows only for a struct tag.
 * A host loads it like this:
 *   1. check struct_size and abi_major;
 *   2. negotiate(): offer every ABI version it speaks, get the one to use;
 *   3. init(): get the plugin context;
 *   4. read actions[] and call their resolve with that context;
 *   5. deinit() once, after the last resolve has returned; then unload.
 * The plugin must not pin itself in memory (no atexit hooks, thread-local
 * destructors or GTypes), so that unloading it really unmaps it.
 */
#ifndef KEYACT_PLUGIN_H
#define KEYACT_PLUGIN_H

#include <stdint.h>

#include "action.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KEYACT_PLUGIN_ENTRY_SYMBOL "keyact_plugin_entry"

struct keyact_plugin_entry {
    uint32_t struct_size;        /* sizeof(struct keyact_plugin_entry) as the plugin compiled it */
    uint32_t abi_major;          /* the ABI version the plugin compiled against */
    uint32_t abi_minor;
    uint32_t action_count;       /* number of entries in `actions` */
    const char *plugin_id;       /* reverse-DNS id, e.g. "org.keyact.discover"; static */
    const char *plugin_version;  /* e.g. "1.0.0"; static */

    /* Pick the ABI version to use from the host's offer (offered[0..count-1],
     * any order; owned by the host, valid during the call). Writes the chosen
     * version to *out_chosen and returns 0, or returns KEYACT_E_VERSION when
     * it speaks none of them. Thread: the host's loading thread. Required. */
    int32_t (*negotiate)(const keyact_version *offered, uint32_t offered_count,
                         keyact_version *out_chosen);

    /* Set the plugin up for the negotiated version. `plugin_path` is the
     * file's full path (owned by the host, valid during the call).
     * *out_ctx receives the plugin's context, passed to every resolve and to
     * deinit; the plugin owns it. Called once per load, before any resolve.
     * Thread: the host's loading thread. Required. */
    int32_t (*init)(const keyact_version *chosen, const char *plugin_path,
                    void **out_ctx);

    /* Release what init made. Called once, after every resolve has returned.
     * Thread: any one thread, never at the same time as another call into
     * this load: a host that swaps implementations while games run calls it
     * on the thread whose resolve returned last. Required. */
    void (*deinit)(void *ctx);

    /* The actions, actions[0..action_count-1]; static, plugin-owned. */
    const keyact_action *const *actions;

    /* Optional plugin capabilities by id string; returns a static plugin-owned
     * table or NULL. Thread: any. Optional (NULL: none). */
    const void *(*get_extension)(void *ctx, const char *id);
};

/* The part every version shares, which a host reads before it knows the
 * plugin's version; and the entry's size in each version. */
#define KEYACT_PLUGIN_ENTRY_HEADER_SIZE KEYACT_SIZE_THROUGH(struct keyact_plugin_entry, abi_minor)
#define KEYACT_PLUGIN_ENTRY_SIZE_1_0 KEYACT_SIZE_THROUGH(struct keyact_plugin_entry, get_extension)
#define KEYACT_PLUGIN_ENTRY_SIZE_1_1 KEYACT_PLUGIN_ENTRY_SIZE_1_0
#define KEYACT_PLUGIN_ENTRY_SIZE_1_2 KEYACT_PLUGIN_ENTRY_SIZE_1_1
#define KEYACT_PLUGIN_ENTRY_SIZE_1_3 KEYACT_PLUGIN_ENTRY_SIZE_1_2
#define KEYACT_PLUGIN_ENTRY_SIZE_1_4 KEYACT_PLUGIN_ENTRY_SIZE_1_3

/* Put this before the definition of the entry in a plugin:
 *   KEYACT_PLUGIN_EXPORT const struct keyact_plugin_entry keyact_plugin_entry = {...};
 */
#if defined(__GNUC__) || defined(__clang__)
#define KEYACT_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define KEYACT_PLUGIN_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif /* KEYACT_PLUGIN_H */
