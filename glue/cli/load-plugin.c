/* load-plugin.c - find the plugins the way every subcommand does:
 * --plugin PATH (any number), else KEYACT_PLUGIN_PATH and the install
 * directory.
 */
#include "commands.h"

KeyactRegistry *keyact_cli_load_plugins(const char *const *plugin_paths, GError **error)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    if (plugin_paths != NULL && plugin_paths[0] != NULL) {
        for (guint i = 0; plugin_paths[i] != NULL; i++) {
            /* libkeyact-host takes full paths only. */
            g_autofree char *path = g_canonicalize_filename(plugin_paths[i], NULL);
            if (!keyact_registry_load(registry, path, KEYACT_LOAD_DEFAULT, error))
                return NULL;
        }
    } else if (keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT) == 0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no keyact plugin found in KEYACT_PLUGIN_PATH or in %s; "
                    "use --plugin PATH or set KEYACT_PLUGIN_PATH",
                    keyact_registry_default_plugin_dir());
        return NULL;
    }
    return g_steal_pointer(&registry);
}

KeyactRegistry *keyact_cli_load_discover(const char *plugin_path, const char *impl,
                                         KeyactBoundAction *out, GError **error)
{
    const char *const paths[] = { plugin_path, NULL };
    g_autoptr(KeyactRegistry) registry = keyact_cli_load_plugins(paths, error);
    if (registry == NULL)
        return NULL;
    if (!keyact_registry_lookup(registry, "discover", impl, out, error))
        return NULL;
    return g_steal_pointer(&registry);
}
