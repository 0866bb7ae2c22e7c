/* load-plugin.c - find the Discover plugin the way every subcommand does:
 * --plugin PATH, else KEYACT_PLUGIN_PATH and the install directory.
 */
#include "commands.h"

KeyactRegistry *keyact_cli_load_discover(const char *plugin_path, const char *impl,
                                         KeyactBoundAction *out, GError **error)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    if (plugin_path != NULL) {
        /* libkeyact-host takes full paths only. */
        g_autofree char *path = g_canonicalize_filename(plugin_path, NULL);
        if (!keyact_registry_load(registry, path, KEYACT_LOAD_DEFAULT, error))
            return NULL;
    } else if (keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT) == 0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no keyact plugin found in KEYACT_PLUGIN_PATH or in %s; "
                    "use --plugin PATH or set KEYACT_PLUGIN_PATH",
                    keyact_registry_default_plugin_dir());
        return NULL;
    }
    if (!keyact_registry_lookup(registry, "discover", impl, out, error))
        return NULL;
    return g_steal_pointer(&registry);
}
