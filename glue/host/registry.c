/* registry.c - every action of every loaded plugin, found by name.
 *
 * The registry owns its plugins. Each implementation id may be registered
 * once: two plugins offering the same id would make "which code runs"
 * depend on load order, so the second one is refused and unloaded.
 */
#include <string.h>

#include "keyact-host-private.h"

struct _KeyactRegistry {
    GPtrArray *plugins;  /* KeyactPlugin *, owned, in load order */
    GArray *actions;     /* KeyactBoundAction, in registration order */
};

KEYACT_HOST_API KeyactRegistry *keyact_registry_new(void)
{
    KeyactRegistry *registry = g_new0(KeyactRegistry, 1);

    registry->plugins = g_ptr_array_new_with_free_func((GDestroyNotify)keyact_plugin_unload);
    registry->actions = g_array_new(FALSE, TRUE, sizeof(KeyactBoundAction));
    return registry;
}

KEYACT_HOST_API void keyact_registry_free(KeyactRegistry *registry)
{
    if (registry == NULL)
        return;

    /* The bound actions point into the plugins: drop them first. */
    g_array_unref(registry->actions);
    g_ptr_array_unref(registry->plugins);
    g_free(registry);
}

static const KeyactBoundAction *find_impl(const KeyactRegistry *registry, const char *impl_id)
{
    for (guint i = 0; i < registry->actions->len; i++) {
        const KeyactBoundAction *bound =
            &g_array_index(registry->actions, KeyactBoundAction, i);
        if (strcmp(bound->action->impl_id, impl_id) == 0)
            return bound;
    }
    return NULL;
}

/* A DUPLICATE error when an impl id of `plugin` is registered already or
 * appears twice in the plugin itself. */
static gboolean check_unique(const KeyactRegistry *registry, const KeyactPlugin *plugin,
                             GError **error)
{
    guint n = keyact_plugin_get_n_actions(plugin);

    for (guint i = 0; i < n; i++) {
        const keyact_action *action = keyact_plugin_get_action(plugin, i);
        const KeyactBoundAction *other = find_impl(registry, action->impl_id);

        if (other != NULL) {
            g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE,
                        "plugin %s: implementation id %s (action %s) is already "
                        "registered by plugin %s", plugin->path, action->impl_id,
                        action->name, other->plugin->path);
            return FALSE;
        }
        for (guint j = 0; j < i; j++) {
            if (strcmp(keyact_plugin_get_action(plugin, j)->impl_id, action->impl_id) == 0) {
                g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE,
                            "plugin %s: implementation id %s is used by both action "
                            "%u and action %u of the same file", plugin->path,
                            action->impl_id, j, i);
                return FALSE;
            }
        }
    }
    return TRUE;
}

KEYACT_HOST_API gboolean keyact_registry_add(KeyactRegistry *registry, KeyactPlugin *plugin,
                                             GError **error)
{
    if (registry == NULL || plugin == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            registry == NULL ? "no registry given (NULL)"
                                             : "no plugin given (NULL)");
        keyact_plugin_unload(plugin);
        return FALSE;
    }
    if (!check_unique(registry, plugin, error)) {
        keyact_plugin_unload(plugin);
        return FALSE;
    }

    g_ptr_array_add(registry->plugins, plugin);
    for (guint i = 0; i < keyact_plugin_get_n_actions(plugin); i++) {
        KeyactBoundAction bound = {
            .action = keyact_plugin_get_action(plugin, i),
            .plugin_ctx = plugin->ctx,
            .plugin = plugin,
        };
        g_array_append_val(registry->actions, bound);
    }
    return TRUE;
}

KEYACT_HOST_API gboolean keyact_registry_load(KeyactRegistry *registry, const char *path,
                                              KeyactLoadFlags flags, GError **error)
{
    if (registry == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "no registry given (NULL)");
        return FALSE;
    }

    KeyactPlugin *plugin = keyact_plugin_load(path, flags, error);
    if (plugin == NULL)
        return FALSE;
    return keyact_registry_add(registry, plugin, error);
}

/* "discover (org.x.y from /path/p.so), ..." or "none", for NOT_FOUND. */
static char *describe_registered(const KeyactRegistry *registry)
{
    if (registry->actions->len == 0)
        return g_strdup("none");

    GString *text = g_string_new(NULL);
    for (guint i = 0; i < registry->actions->len; i++) {
        const KeyactBoundAction *bound =
            &g_array_index(registry->actions, KeyactBoundAction, i);
        g_string_append_printf(text, "%s%s (%s from %s)", i > 0 ? ", " : "",
                               bound->action->name, bound->action->impl_id,
                               bound->plugin->path);
    }
    return g_string_free(text, FALSE);
}

KEYACT_HOST_API gboolean keyact_registry_lookup(const KeyactRegistry *registry,
                                                const char *name, const char *impl_id,
                                                KeyactBoundAction *out, GError **error)
{
    if (registry == NULL || name == NULL || out == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "keyact_registry_lookup needs a registry, a name and an output");
        return FALSE;
    }

    for (guint i = 0; i < registry->actions->len; i++) {
        const KeyactBoundAction *bound =
            &g_array_index(registry->actions, KeyactBoundAction, i);
        if (strcmp(bound->action->name, name) == 0 &&
            (impl_id == NULL || strcmp(bound->action->impl_id, impl_id) == 0)) {
            *out = *bound;
            return TRUE;
        }
    }

    g_autofree char *registered = describe_registered(registry);
    if (impl_id == NULL)
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no action \"%s\" is registered; registered: %s", name, registered);
    else
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no implementation \"%s\" of action \"%s\" is registered; registered: %s",
                    impl_id, name, registered);
    return FALSE;
}

KEYACT_HOST_API const KeyactBoundAction *keyact_registry_list(const KeyactRegistry *registry,
                                                              guint *n_actions)
{
    if (registry == NULL) {
        if (n_actions != NULL)
            *n_actions = 0;
        return NULL;
    }
    if (n_actions != NULL)
        *n_actions = registry->actions->len;
    return (const KeyactBoundAction *)(gconstpointer)registry->actions->data;
}
