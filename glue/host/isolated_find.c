/* SPDX-License-Identifier: MIT */
/* isolated_find.c - where keyact-plugin-helper is: found relative to this
 * library's own file, so a folder of unpacked natives (a Java jar's) uses
 * the one beside the library, and an installed library the helper installed
 * with it; then KEYACT_PLUGIN_HELPER (build trees and tests). One order,
 * documented in keyact-host.h. The folder beside the library comes first:
 * in a jar's private extraction folder the installed layout's relative path
 * (../../libexec/... for a multiarch libdir) would lead out of it, into the
 * user's cache folder or /tmp, where another user may have put a file. */
#define _GNU_SOURCE

#include <dlfcn.h>

#include "isolated.h"
#include "keyact-host-config.h"

#define HELPER_NAME "keyact-plugin-helper"
#define HELPER_VARIABLE "KEYACT_PLUGIN_HELPER"

/* An address inside this library, for dladdr. */
static const char anchor = 0;

/* The directory this library was loaded from, or NULL. */
static char *library_dir(void)
{
    Dl_info info;

    if (dladdr(&anchor, &info) == 0 || info.dli_fname == NULL)
        return NULL;
    g_autofree char *file = g_canonicalize_filename(info.dli_fname, NULL);
    return g_path_get_dirname(file);
}

char *iso_find_helper(GError **error)
{
    g_autofree char *dir = library_dir();
    g_autoptr(GPtrArray) tried = g_ptr_array_new_with_free_func(g_free);

    if (dir != NULL) {
        g_ptr_array_add(tried, g_build_filename(dir, HELPER_NAME, NULL));
        g_ptr_array_add(tried, g_build_filename(dir, KEYACT_HOST_LIBEXEC_FROM_LIBDIR,
                                                "keyact-1", HELPER_NAME, NULL));
    }
    const char *variable = g_getenv(HELPER_VARIABLE);
    if (variable != NULL && variable[0] != '\0') {
        if (!g_path_is_absolute(variable)) {
            g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                        "%s=%s is not a full path", HELPER_VARIABLE, variable);
            return NULL;
        }
        g_ptr_array_add(tried, g_strdup(variable));
    }

    for (guint i = 0; i < tried->len; i++) {
        const char *candidate = g_ptr_array_index(tried, i);
        if (!g_file_test(candidate, G_FILE_TEST_IS_REGULAR))
            continue;
        g_autofree char *checked = NULL;
        if (!keyact_host_check_helper_safety(candidate, &checked, error))
            return NULL;
        if (!g_file_test(checked, G_FILE_TEST_IS_EXECUTABLE)) {
            g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                        "the plugin helper %s is not executable", checked);
            return NULL;
        }
        return g_steal_pointer(&checked);
    }

    g_ptr_array_add(tried, NULL);
    g_autofree char *list = g_strjoinv(", ", (char **)tried->pdata);
    g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                "no %s found to run the plugin isolated: looked for %s%s", HELPER_NAME,
                tried->len > 1 ? list : "nothing (the library's own folder is unknown)",
                variable != NULL && variable[0] != '\0' ? ""
                                                         : "; " HELPER_VARIABLE " is not set");
    return NULL;
}
