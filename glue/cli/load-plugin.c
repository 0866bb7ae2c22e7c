/* SPDX-License-Identifier: MIT */
/* load-plugin.c - load plugins the way every subcommand does: everything on
 * the search path (KEYACT_PLUGIN_PATH, then the install directory), plus the
 * files given with --plugin, each the explicit choice for the actions it
 * provides; --impl ID is the explicit choice for the action ID implements.
 */
#include <string.h>

#include "commands.h"

static KeyactPlugin *find_loaded(KeyactRegistry *registry, const char *path)
{
    for (guint i = 0; i < keyact_registry_get_n_plugins(registry); i++) {
        KeyactPlugin *plugin = keyact_registry_get_plugin(registry, i);
        if (strcmp(keyact_plugin_get_path(plugin), path) == 0)
            return plugin;
    }
    return NULL;
}

/* Load `given` unless the search path did, and choose it for its actions. */
static gboolean load_chosen_file(KeyactRegistry *registry, const char *given, GError **error)
{
    /* libkeyact-host takes full paths only. */
    g_autofree char *path = g_canonicalize_filename(given, NULL);
    if (find_loaded(registry, path) == NULL &&
        !keyact_registry_load(registry, path, KEYACT_LOAD_DEFAULT, error))
        return FALSE;

    KeyactPlugin *plugin = find_loaded(registry, path);
    for (guint i = 0; i < keyact_plugin_get_n_actions(plugin); i++) {
        if (!keyact_registry_select(registry, keyact_plugin_get_action(plugin, i)->name, path,
                                    error))
            return FALSE;
    }
    return TRUE;
}

static gboolean choose_impl(KeyactRegistry *registry, const char *impl, GError **error)
{
    guint n = 0;
    const KeyactBoundAction *candidates = keyact_registry_list(registry, &n);
    for (guint i = 0; i < n; i++) {
        if (strcmp(candidates[i].action->impl_id, impl) == 0)
            return keyact_registry_select(registry, candidates[i].action->name, impl, error);
    }
    g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                "no loaded plugin provides implementation %s (see keyact list)", impl);
    return FALSE;
}

KeyactRegistry *keyact_cli_load_registry(const char *const *plugin_paths, const char *impl,
                                         gboolean isolated, GError **error)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();

    if (isolated) {
        KeyactIsolation isolation = { .struct_size = sizeof isolation, .isolate = TRUE };
        keyact_registry_set_isolation(registry, &isolation);
    }
    keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
    for (guint i = 0; plugin_paths != NULL && plugin_paths[i] != NULL; i++) {
        if (!load_chosen_file(registry, plugin_paths[i], error))
            return NULL;
    }
    if (impl != NULL && !choose_impl(registry, impl, error))
        return NULL;
    return g_steal_pointer(&registry);
}

KeyactRegistry *keyact_cli_load_discover(const char *const *plugin_paths, const char *impl,
                                         gboolean isolated, KeyactBoundAction *out,
                                         GError **error)
{
    g_autoptr(KeyactRegistry) registry =
        keyact_cli_load_registry(plugin_paths, impl, isolated, error);
    if (registry == NULL)
        return NULL;
    if (keyact_registry_get_n_plugins(registry) == 0) {
        g_auto(GStrv) dirs = keyact_registry_get_search_dirs();
        g_autofree char *searched = g_strjoinv(", ", dirs);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no keyact plugin found in %s (KEYACT_PLUGIN_PATH, then the install "
                    "directory); use --plugin PATH or set KEYACT_PLUGIN_PATH (from a build tree: "
                    "meson devenv -C BUILD keyact ..., or ./run keyact ... in the source tree)",
                    searched);
        return NULL;
    }
    if (!keyact_registry_lookup(registry, "discover", NULL, out, error))
        return NULL;
    return g_steal_pointer(&registry);
}
