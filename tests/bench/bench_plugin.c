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

static gboolean load(BenchPlugin *plugin, const char *path, gboolean isolated, GError **error)
{
    plugin->registry = keyact_registry_new();
    if (isolated) {
        KeyactIsolation isolation = { .struct_size = sizeof isolation, .isolate = TRUE };
        keyact_registry_set_isolation(plugin->registry, &isolation);
    }
    if (!keyact_registry_load(plugin->registry, path, bench_load_flags(path), error)
        || !keyact_registry_lookup(plugin->registry, "discover", NULL, &plugin->discover, error)) {
        bench_plugin_unload(plugin);
        return FALSE;
    }
    return TRUE;
}

gboolean bench_plugin_load(BenchPlugin *plugin, const char *path, GError **error)
{
    return load(plugin, path, FALSE, error);
}

gboolean bench_plugin_load_isolated(BenchPlugin *plugin, const char *path, GError **error)
{
    return load(plugin, path, TRUE, error);
}

void bench_plugin_unload(BenchPlugin *plugin)
{
    g_clear_pointer(&plugin->registry, keyact_registry_free);
}
