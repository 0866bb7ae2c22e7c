/* SPDX-License-Identifier: MIT */
/* negotiate.c - agree with a plugin on the ABI version to use.
 *
 * The host offers every version it speaks; the plugin must answer one of
 * them. An answer outside the offer is refused: the host would not know
 * which members it may read.
 */
#include "keyact-host-private.h"

static gboolean was_offered(const keyact_version *offered, guint n_offered,
                            keyact_version chosen)
{
    for (guint i = 0; i < n_offered; i++) {
        if (offered[i].major == chosen.major && offered[i].minor == chosen.minor)
            return TRUE;
    }
    return FALSE;
}

gboolean keyact_host_check_negotiated(const char *path, const struct keyact_plugin_entry *entry,
                                      int32_t status, keyact_version chosen,
                                      keyact_version *out_chosen, GError **error)
{
    guint n_offered = 0;
    const keyact_version *offered = keyact_host_lib_versions(&n_offered);

    if (status != KEYACT_OK) {
        g_autofree char *offer = keyact_host_format_versions(offered, n_offered);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NEGOTIATE,
                    "plugin %s (%s %s, built for ABI %u.%u) accepted none of the "
                    "versions offered (%s): %s",
                    path, entry->plugin_id, entry->plugin_version, entry->abi_major,
                    entry->abi_minor, offer, keyact_status_name(status));
        return FALSE;
    }
    if (!was_offered(offered, n_offered, chosen)) {
        g_autofree char *offer = keyact_host_format_versions(offered, n_offered);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NEGOTIATE,
                    "plugin %s (%s %s) answered %u.%u, which was not offered (%s)",
                    path, entry->plugin_id, entry->plugin_version, chosen.major,
                    chosen.minor, offer);
        return FALSE;
    }

    *out_chosen = chosen;
    return TRUE;
}

gboolean keyact_host_negotiate(const char *path, const struct keyact_plugin_entry *entry,
                               keyact_version *out_chosen, GError **error)
{
    guint n_offered = 0;
    const keyact_version *offered = keyact_host_lib_versions(&n_offered);
    keyact_version chosen = { 0u, 0u };

    int32_t status = entry->negotiate(offered, n_offered, &chosen);
    return keyact_host_check_negotiated(path, entry, status, chosen, out_chosen, error);
}
