/* keyact-host.h - libkeyact-host: load keyact plugins into a host engine.
 *
 * pkg-config: keyact-host-1. GLib style: every failure is a GError in the
 * KEYACT_HOST_ERROR domain with a message a person can act on; the process
 * keeps running after any refusal.
 *
 * Threads: loading, registering and unloading happen on one thread (the
 * host's loading thread). keyact_bound_action_resolve() may be called from
 * any thread, concurrently for different games, while the plugin stays
 * loaded.
 */
#ifndef KEYACT_HOST_LIB_H
#define KEYACT_HOST_LIB_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

#define KEYACT_HOST_ERROR (keyact_host_error_quark())
GQuark keyact_host_error_quark(void);

typedef enum {
    KEYACT_HOST_ERROR_OPEN,            /* the file could not be opened as a shared object */
    KEYACT_HOST_ERROR_NO_ENTRY,        /* no keyact_plugin_entry symbol */
    KEYACT_HOST_ERROR_STRUCT_SIZE,     /* a struct_size is 0 or smaller than version 1.0's */
    KEYACT_HOST_ERROR_ABI_MAJOR,       /* the plugin's ABI major differs from the host's */
    KEYACT_HOST_ERROR_NEGOTIATE,       /* negotiate failed or answered a version not offered */
    KEYACT_HOST_ERROR_MISSING_MEMBER,  /* a required member (function, name, ...) is NULL */
    KEYACT_HOST_ERROR_INIT,            /* the plugin's init returned an error */
    KEYACT_HOST_ERROR_DUPLICATE,       /* an implementation id is already registered */
    KEYACT_HOST_ERROR_NOT_FOUND,       /* no plugin file / no such action or implementation */
    KEYACT_HOST_ERROR_UNSAFE_FILE,     /* the file or its directory is writable by others / foreign-owned */
    KEYACT_HOST_ERROR_INVALID,         /* a bad argument (NULL, relative path, ...) */
    KEYACT_HOST_ERROR_RESOLVE,         /* for hosts: a resolve returned a KEYACT_E_* status
                                        * (the library itself returns statuses, not this) */
} KeyactHostError;

/* Load flags. */
typedef enum {
    KEYACT_LOAD_DEFAULT = 0,
    KEYACT_LOAD_ALLOW_UNSAFE = 1 << 0, /* skip the file ownership/permission check */
} KeyactLoadFlags;

/* The ABI versions this host library speaks, newest first. Static. */
const keyact_version *keyact_host_lib_versions(guint *n_versions);

/* Fill the header of a host table: struct_size, abi_major, abi_minor.
 * The caller fills the callbacks. */
void keyact_host_table_init(keyact_host *host);

/* ---- one loaded plugin ---- */
typedef struct _KeyactPlugin KeyactPlugin;

/* Load the plugin at `path` (a full path; relative paths are refused) with
 * GModule and G_MODULE_BIND_LOCAL, check the entry, negotiate, validate every
 * action and call init. Returns NULL and sets `error` on any refusal. */
KeyactPlugin *keyact_plugin_load(const char *path, KeyactLoadFlags flags, GError **error);

/* Call deinit and unload. NULL is ignored. No resolve may be running. */
void keyact_plugin_unload(KeyactPlugin *plugin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactPlugin, keyact_plugin_unload)

const char *keyact_plugin_get_path(const KeyactPlugin *plugin);
const struct keyact_plugin_entry *keyact_plugin_get_entry(const KeyactPlugin *plugin);
keyact_version keyact_plugin_get_version(const KeyactPlugin *plugin); /* negotiated */
void *keyact_plugin_get_context(const KeyactPlugin *plugin);          /* what init returned */
guint keyact_plugin_get_n_actions(const KeyactPlugin *plugin);
const keyact_action *keyact_plugin_get_action(const KeyactPlugin *plugin, guint index);
/* entry->get_extension(ctx, id), or NULL when the plugin has none. */
const void *keyact_plugin_get_extension(const KeyactPlugin *plugin, const char *id);

/* ---- an action ready to call ---- */
typedef struct {
    const keyact_action *action;
    void *plugin_ctx;
    const KeyactPlugin *plugin;
} KeyactBoundAction;

/* Resolve: action->resolve(plugin_ctx, host, args, result), after checking the
 * arguments (NULLs, struct sizes). Returns the KEYACT_* status. */
int32_t keyact_bound_action_resolve(const KeyactBoundAction *bound,
                                    const keyact_host *host,
                                    const keyact_resolve_args *args,
                                    keyact_resolve_result *result);

/* ---- the registry: actions by name, from every loaded plugin ---- */
typedef struct _KeyactRegistry KeyactRegistry;

KeyactRegistry *keyact_registry_new(void);
/* Unloads every plugin it owns. NULL is ignored. */
void keyact_registry_free(KeyactRegistry *registry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactRegistry, keyact_registry_free)

/* Take ownership of `plugin` and register its actions. On failure (an
 * implementation id already registered) the plugin is unloaded. */
gboolean keyact_registry_add(KeyactRegistry *registry, KeyactPlugin *plugin, GError **error);

/* keyact_plugin_load() + keyact_registry_add(). */
gboolean keyact_registry_load(KeyactRegistry *registry, const char *path,
                              KeyactLoadFlags flags, GError **error);

/* Load every "*.so" in each directory of KEYACT_PLUGIN_PATH (':'-separated;
 * relative entries are ignored with a warning) and then the install
 * directory. Plugins that fail to load are skipped with a warning. Returns
 * how many loaded. */
guint keyact_registry_load_search_path(KeyactRegistry *registry, KeyactLoadFlags flags);

/* The install directory for plugins (e.g. /usr/lib/x86_64-linux-gnu/keyact-1/plugins). */
const char *keyact_registry_default_plugin_dir(void);

/* Find action `name`; `impl_id` picks one implementation (NULL: the first
 * registered). Fills *out and returns TRUE, or sets a NOT_FOUND error. */
gboolean keyact_registry_lookup(const KeyactRegistry *registry, const char *name,
                                const char *impl_id, KeyactBoundAction *out,
                                GError **error);

/* Every registered action, in registration order. The array is owned by the
 * registry and valid until the next add/free; NULL (with *n_actions 0) when
 * nothing is registered. */
const KeyactBoundAction *keyact_registry_list(const KeyactRegistry *registry, guint *n_actions);

G_END_DECLS

#endif /* KEYACT_HOST_LIB_H */
