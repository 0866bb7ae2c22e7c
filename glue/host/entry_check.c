/* SPDX-License-Identifier: MIT */
/* entry_check.c - validate a plugin entry and its actions before use.
 *
 * Every pointer the host will later call or read is checked here, once, so
 * the resolve path can trust the entry. Sizes are compared with ABI 1.0's:
 * a larger struct_size comes from a newer minor and is fine, since the host
 * reads only the members it knows.
 */
#include "keyact-host-private.h"

/* The first members (struct_size, abi_major, abi_minor) never move, so the
 * major can be read even from an entry of another major. */

static gboolean missing(const char *path, const char *member, GError **error)
{
    g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_MISSING_MEMBER,
                "plugin %s: its entry has no %s (required)", path, member);
    return FALSE;
}

static gboolean check_action(const char *path, const struct keyact_plugin_entry *entry,
                             guint index, GError **error)
{
    const keyact_action *action = entry->actions[index];
    const char *member = NULL;

    if (action == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_MISSING_MEMBER,
                    "plugin %s: action %u is NULL", path, index);
        return FALSE;
    }
    if (action->struct_size < KEYACT_ACTION_SIZE_1_0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_STRUCT_SIZE,
                    "plugin %s: action %u has struct_size %u; ABI 1.0 needs at least %u",
                    path, index, action->struct_size, (unsigned)KEYACT_ACTION_SIZE_1_0);
        return FALSE;
    }

    if (action->name == NULL)
        member = "name";
    else if (action->impl_id == NULL)
        member = "impl_id";
    else if (action->resolve == NULL)
        member = "resolve";
    if (member != NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_MISSING_MEMBER,
                    "plugin %s: action %u (%s) has no %s (required)", path, index,
                    action->name != NULL ? action->name : "unnamed", member);
        return FALSE;
    }
    return TRUE;
}

gboolean keyact_host_check_entry(const char *path, const struct keyact_plugin_entry *entry,
                                 GError **error)
{
    if (entry->struct_size < KEYACT_PLUGIN_ENTRY_HEADER_SIZE) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_STRUCT_SIZE,
                    "plugin %s: its entry has struct_size %u; ABI 1.0 needs at least %u",
                    path, entry->struct_size, (unsigned)KEYACT_PLUGIN_ENTRY_SIZE_1_0);
        return FALSE;
    }
    if (entry->abi_major != KEYACT_ABI_MAJOR) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ABI_MAJOR,
                    "plugin %s was built for keyact ABI %u.%u; this host speaks %u.%u",
                    path, entry->abi_major, entry->abi_minor, KEYACT_ABI_MAJOR,
                    KEYACT_ABI_MINOR);
        return FALSE;
    }
    if (entry->struct_size < KEYACT_PLUGIN_ENTRY_SIZE_1_0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_STRUCT_SIZE,
                    "plugin %s: its entry has struct_size %u; ABI 1.0 needs at least %u",
                    path, entry->struct_size, (unsigned)KEYACT_PLUGIN_ENTRY_SIZE_1_0);
        return FALSE;
    }

    if (entry->plugin_id == NULL)
        return missing(path, "plugin_id", error);
    if (entry->plugin_version == NULL)
        return missing(path, "plugin_version", error);
    if (entry->negotiate == NULL)
        return missing(path, "negotiate", error);
    if (entry->init == NULL)
        return missing(path, "init", error);
    if (entry->deinit == NULL)
        return missing(path, "deinit", error);

    if (entry->action_count > KEYACT_HOST_MAX_ACTIONS) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_STRUCT_SIZE,
                    "plugin %s: its entry says action_count %u; at most %u are accepted",
                    path, entry->action_count, KEYACT_HOST_MAX_ACTIONS);
        return FALSE;
    }
    if (entry->action_count > 0 && entry->actions == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_MISSING_MEMBER,
                    "plugin %s: its entry says action_count %u but actions is NULL",
                    path, entry->action_count);
        return FALSE;
    }

    for (guint i = 0; i < entry->action_count; i++) {
        if (!check_action(path, entry, i, error))
            return FALSE;
    }
    return TRUE;
}
