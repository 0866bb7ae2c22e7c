/* SPDX-License-Identifier: MIT */
/* safety.c - refuse plugin files that someone else could have replaced.
 *
 * Loading a shared object runs its code with the host's rights, so the file
 * and the directory it lives in must be writable only by their owner, and
 * that owner must be us or root. Symlinks are resolved first: what is
 * checked is what gets opened. The directory holding the link itself is
 * checked as well, since whoever can write there can point the link
 * elsewhere.
 */
#define _XOPEN_SOURCE 700 /* realpath() */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "keyact-host-private.h"

/* What to do, for people running a command as much as for host authors:
 * the fix first, then the C flag a host may pass. */
#define OVERRIDE_HINT "(a C host may load with KEYACT_LOAD_ALLOW_UNSAFE to skip this check)"

/* Checks one file or directory; `what` says which, for the message. */
static gboolean check_one(const char *plugin_path, const char *checked,
                          const char *what, GError **error)
{
    struct stat st;

    if (stat(checked, &st) != 0) {
        int saved = errno;
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "plugin %s: cannot check %s %s: %s", plugin_path, what,
                    checked, g_strerror(saved));
        return FALSE;
    }

    unsigned mode = (unsigned)(st.st_mode & 07777);
    const char *reason = NULL;
    if (st.st_mode & S_IWOTH)
        reason = "is writable by others";
    else if (st.st_mode & S_IWGRP)
        reason = "is writable by its group";

    if (reason != NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_UNSAFE_FILE,
                    "refusing to load plugin %s: %s %s %s (mode %04o); fix it with "
                    "chmod go-w %s " OVERRIDE_HINT,
                    plugin_path, what, checked, reason, mode, checked);
        return FALSE;
    }

    uid_t me = geteuid();
    if (st.st_uid != me && st.st_uid != 0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_UNSAFE_FILE,
                    "refusing to load plugin %s: %s %s is owned by user %lu, "
                    "neither this process's user (%lu) nor root; fix it with "
                    "chown %lu %s, or as root chown root %s " OVERRIDE_HINT,
                    plugin_path, what, checked, (unsigned long)st.st_uid,
                    (unsigned long)me, (unsigned long)me, checked, checked);
        return FALSE;
    }
    return TRUE;
}

gboolean keyact_host_check_file_safety(const char *path, char **out_resolved,
                                       GError **error)
{
    g_autofree char *resolved = realpath(path, NULL);
    if (resolved == NULL) {
        int saved = errno;
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "plugin %s: cannot resolve the path: %s", path, g_strerror(saved));
        return FALSE;
    }

    g_autofree char *dir = g_path_get_dirname(resolved);
    g_autofree char *link_dir = g_path_get_dirname(path);

    if (!check_one(path, resolved, "the file", error) ||
        !check_one(path, dir, "its directory", error))
        return FALSE;
    if (strcmp(link_dir, dir) != 0 &&
        !check_one(path, link_dir, "the directory of the link", error))
        return FALSE;

    *out_resolved = g_steal_pointer(&resolved);
    return TRUE;
}
