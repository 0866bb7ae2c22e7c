/* SPDX-License-Identifier: MIT */
/* version.c - the ABI versions this host library speaks. */
#include "keyact-host-private.h"

/* Newest first. A new minor is added here once the library reads the
 * members it appends. */
static const keyact_version host_versions[] = {
    { 1u, 1u },
    { 1u, 0u },
};

KEYACT_HOST_API const keyact_version *keyact_host_lib_versions(guint *n_versions)
{
    if (n_versions != NULL)
        *n_versions = G_N_ELEMENTS(host_versions);
    return host_versions;
}

KEYACT_HOST_API void keyact_host_table_init(keyact_host *host)
{
    g_return_if_fail(host != NULL);

    host->struct_size = (uint32_t)sizeof(keyact_host);
    host->abi_major = KEYACT_ABI_MAJOR;
    host->abi_minor = KEYACT_ABI_MINOR;
    host->reserved0 = 0;
}

char *keyact_host_format_versions(const keyact_version *versions, guint n_versions)
{
    GString *text = g_string_new(NULL);

    for (guint i = 0; i < n_versions; i++)
        g_string_append_printf(text, "%s%u.%u", i > 0 ? ", " : "",
                               versions[i].major, versions[i].minor);
    return g_string_free(text, FALSE);
}
