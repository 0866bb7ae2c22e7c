/* SPDX-License-Identifier: MIT */
/* version.c - the ABI versions this host library speaks. */
#include "keyact-host-private.h"

#include <string.h>

/* Newest first. A new minor is added here once the library reads the
 * members it appends. */
static const keyact_version host_versions[] = {
    { 1u, 4u },
    { 1u, 3u },
    { 1u, 2u },
    { 1u, 1u },
    { 1u, 0u },
};

KEYACT_HOST_API const keyact_version *keyact_host_lib_versions(guint *n_versions)
{
    if (n_versions != NULL)
        *n_versions = G_N_ELEMENTS(host_versions);
    return host_versions;
}

KEYACT_HOST_API void keyact_host_table_init_sized(keyact_host *host, gsize size)
{
    uint32_t struct_size;

    g_return_if_fail(host != NULL);
    g_return_if_fail(size >= KEYACT_HOST_SIZE_1_0);

    if (size >= KEYACT_HOST_SIZE_1_4) {
        /* 1.3 and 1.4 appended nothing to the host table: the 1.2 layout. */
        struct_size = KEYACT_HOST_SIZE_1_4;
        host->abi_minor = 4u;
    } else if (size >= KEYACT_HOST_SIZE_1_1) {
        struct_size = KEYACT_HOST_SIZE_1_1;
        host->abi_minor = 1u;
    } else {
        struct_size = KEYACT_HOST_SIZE_1_0;
        host->abi_minor = 0u;
    }
    /* Every member NULL until the caller sets it: a table that is a C++
     * class member or a local starts as garbage, and an optional callback
     * (notify, log, get_extension, the batched calls) left unset must read
     * as absent, not as a wild pointer. */
    uint32_t minor = host->abi_minor;
    memset(host, 0, struct_size);
    host->struct_size = struct_size;
    host->abi_major = KEYACT_ABI_MAJOR;
    host->abi_minor = minor;
}

/* The symbol binaries built against 1.1.0 and older call (the header's
 * macro of the same name goes to _sized): their keyact_host is the 1.0
 * struct, so its header says 1.0 and nothing past it is touched. The name
 * in parentheses is the function, not the macro. */
KEYACT_HOST_API void (keyact_host_table_init)(keyact_host *host)
{
    g_return_if_fail(host != NULL);

    host->struct_size = KEYACT_HOST_SIZE_1_0;
    host->abi_major = KEYACT_ABI_MAJOR;
    host->abi_minor = 0u;
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
