/* SPDX-License-Identifier: MIT */
/* plugin.c - load one plugin (open, check, negotiate, init) and unload it
 * when its last reference goes.
 *
 * Every refusal goes through the same cleanup as an unload: the
 * half-built plugin is freed, its module closed, and deinit is called only
 * when init succeeded. So a refused plugin leaves nothing behind.
 *
 * An isolated load (isolated_load.c) makes the same checks on what its
 * helper reports, and returns a plugin whose entry is the library's proxy:
 * its deinit ends the helpers, and it has no module.
 */
#include "isolated.h"

static gboolean check_path(const char *path, GError **error)
{
    if (path == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "no plugin path given (NULL)");
        return FALSE;
    }
    if (!g_path_is_absolute(path)) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                    "plugin path %s is relative; give a full path so the loaded "
                    "file does not depend on the working directory", path);
        return FALSE;
    }
    if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "plugin %s: no such file", path);
        return FALSE;
    }
    return TRUE;
}

static gboolean open_module(KeyactPlugin *plugin, const char *open_path, GError **error)
{
    g_autoptr(GError) module_error = NULL;

    /* LOCAL: two plugins may define the same internal names. LAZY: symbols a
     * plugin never calls need not resolve. */
    plugin->module = g_module_open_full(open_path, G_MODULE_BIND_LOCAL | G_MODULE_BIND_LAZY,
                                        &module_error);
    if (plugin->module == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_OPEN,
                    "plugin %s could not be opened: %s", plugin->path,
                    module_error != NULL ? module_error->message : "unknown error");
        return FALSE;
    }

    gpointer symbol = NULL;
    if (!g_module_symbol(plugin->module, KEYACT_PLUGIN_ENTRY_SYMBOL, &symbol) ||
        symbol == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NO_ENTRY,
                    "plugin %s exports no %s symbol; it is not a keyact plugin",
                    plugin->path, KEYACT_PLUGIN_ENTRY_SYMBOL);
        return FALSE;
    }
    plugin->entry = symbol;
    return TRUE;
}

void keyact_host_init_failed(const char *path, const struct keyact_plugin_entry *entry,
                             keyact_version version, int32_t status, GError **error)
{
    g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INIT,
                "plugin %s (%s %s) failed to initialise for ABI %u.%u: init returned %s",
                path, entry->plugin_id, entry->plugin_version, version.major, version.minor,
                keyact_status_name(status));
}

static gboolean init_plugin(KeyactPlugin *plugin, GError **error)
{
    void *ctx = NULL;
    int32_t status = plugin->entry->init(&plugin->version, plugin->path, &ctx);

    if (status != KEYACT_OK) {
        keyact_host_init_failed(plugin->path, plugin->entry, plugin->version, status, error);
        return FALSE;
    }
    plugin->ctx = ctx;
    plugin->initialized = TRUE;
    return TRUE;
}

KeyactPlugin *keyact_host_plugin_load(const char *path, KeyactLoadFlags flags,
                                      const KeyactIsolation *isolation, GError **error)
{
    if (!check_path(path, error))
        return NULL;

    g_autofree char *open_path = NULL;
    if (flags & KEYACT_LOAD_ALLOW_UNSAFE)
        open_path = g_strdup(path);
    else if (!keyact_host_check_file_safety(path, &open_path, error))
        return NULL;

    if ((flags & KEYACT_LOAD_ISOLATED) || (isolation != NULL && isolation->isolate) ||
        iso_environment_isolates()) {
        IsoLimits limits = iso_limits_resolve(isolation);
        return iso_plugin_load(path, open_path, &limits, error);
    }

    g_autoptr(KeyactPlugin) plugin = g_new0(KeyactPlugin, 1);
    plugin->ref_count = 1;
    plugin->path = g_strdup(path);

    if (!open_module(plugin, open_path, error) ||
        !keyact_host_check_entry(plugin->path, plugin->entry, error) ||
        !keyact_host_negotiate(plugin->path, plugin->entry, &plugin->version, error) ||
        !init_plugin(plugin, error))
        return NULL;

    return g_steal_pointer(&plugin);
}

KEYACT_HOST_API KeyactPlugin *keyact_plugin_load(const char *path, KeyactLoadFlags flags,
                                                 GError **error)
{
    return keyact_host_plugin_load(path, flags, NULL, error);
}

KEYACT_HOST_API KeyactPlugin *keyact_plugin_ref(KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    g_atomic_int_inc(&plugin->ref_count);
    return plugin;
}

KEYACT_HOST_API void keyact_plugin_unref(KeyactPlugin *plugin)
{
    if (plugin == NULL || !g_atomic_int_dec_and_test(&plugin->ref_count))
        return;

    if (plugin->initialized)
        plugin->entry->deinit(plugin->ctx);
    if (plugin->module != NULL && !g_module_close(plugin->module))
        g_warning("plugin %s could not be unloaded: %s", plugin->path, g_module_error());
    keyact_host_validator_unref(plugin->validator);
    g_free(plugin->path);
    g_free(plugin);
}

KEYACT_HOST_API void keyact_plugin_unload(KeyactPlugin *plugin)
{
    keyact_plugin_unref(plugin);
}
