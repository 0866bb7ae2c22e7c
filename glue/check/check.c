/* SPDX-License-Identifier: MIT */
/* check.c - keyact_check_plugin: the ELF checks here, the rest in a child. */
#include <unistd.h>

#include "check-private.h"

#define CHECK_ERROR (check_error_quark())
static G_DEFINE_QUARK(keyact-check-error-quark, check_error)

KeyactCheckReport *keyact_check_plugin(const char *path, const KeyactCheckOptions *options,
                                       GError **error)
{
    g_return_val_if_fail(path != NULL && options != NULL, NULL);

    /* libkeyact-host loads absolute paths only; report the same file. */
    g_autofree char *absolute = g_canonicalize_filename(path, NULL);
    if (!g_file_test(absolute, G_FILE_TEST_IS_REGULAR)) {
        g_set_error(error, CHECK_ERROR, 0, "%s: no such file", absolute);
        return NULL;
    }
    if (access(absolute, R_OK) != 0) {
        g_set_error(error, CHECK_ERROR, 0, "%s: not readable", absolute);
        return NULL;
    }

    g_autoptr(KeyactCheckReport) report = check_report_new(absolute);
    if (!check_elf_items(report, absolute)) {
        check_report_skip_steps(report, 0, "not run: not a shared object for this machine");
        return g_steal_pointer(&report);
    }
    if (!check_child_run(report, absolute, options, error))
        return NULL;
    return g_steal_pointer(&report);
}
