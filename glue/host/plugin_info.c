/* SPDX-License-Identifier: MIT */
/* plugin_info.c - read-only accessors of a loaded plugin. */
#include "keyact-host-private.h"

KEYACT_HOST_API const char *keyact_plugin_get_path(const KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    return plugin->path;
}

KEYACT_HOST_API const struct keyact_plugin_entry *keyact_plugin_get_entry(const KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    return plugin->entry;
}

KEYACT_HOST_API keyact_version keyact_plugin_get_version(const KeyactPlugin *plugin)
{
    keyact_version none = { 0u, 0u };

    g_return_val_if_fail(plugin != NULL, none);
    return plugin->version;
}

KEYACT_HOST_API void *keyact_plugin_get_context(const KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    return plugin->ctx;
}

KEYACT_HOST_API guint keyact_plugin_get_n_actions(const KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, 0);
    return plugin->entry->action_count;
}

KEYACT_HOST_API const keyact_action *keyact_plugin_get_action(const KeyactPlugin *plugin,
                                                              guint index)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    g_return_val_if_fail(index < plugin->entry->action_count, NULL);
    return plugin->entry->actions[index];
}

KEYACT_HOST_API const void *keyact_plugin_get_extension(const KeyactPlugin *plugin,
                                                        const char *id)
{
    g_return_val_if_fail(plugin != NULL, NULL);
    g_return_val_if_fail(id != NULL, NULL);

    if (plugin->entry->get_extension == NULL)
        return NULL;
    return plugin->entry->get_extension(plugin->ctx, id);
}
