/* SPDX-License-Identifier: MIT */
/* bench_plugin.c - load the plugin, find "discover". */
#include "bench_plugin.h"

#include <stdio.h>

KeyactLoadFlags bench_load_flags(const char *path)
{
    static gboolean decided = FALSE;
    static KeyactLoadFlags flags = KEYACT_LOAD_DEFAULT;
    g_autoptr(GError) error = NULL;

    if (decided)
        return flags;
    decided = TRUE;
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    if (!keyact_registry_load(registry, path, KEYACT_LOAD_DEFAULT, &error)
        && g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_UNSAFE_FILE)) {
        fprintf(stderr, "bench: %s; loading with KEYACT_LOAD_ALLOW_UNSAFE\n", error->message);
        flags = KEYACT_LOAD_ALLOW_UNSAFE;
    }
    return flags;
}

gboolean bench_plugin_load(BenchPlugin *plugin, const char *path, GError **error)
{
    plugin->registry = keyact_registry_new();
    if (!keyact_registry_load(plugin->registry, path, bench_load_flags(path), error)
        || !keyact_registry_lookup(plugin->registry, "discover", NULL, &plugin->discover, error)) {
        bench_plugin_unload(plugin);
        return FALSE;
    }
    return TRUE;
}

void bench_plugin_unload(BenchPlugin *plugin)
{
    g_clear_pointer(&plugin->registry, keyact_registry_free);
}
