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

/* Who is checked, for the messages: a plugin (which a C host may load
 * unchecked) or the plugin helper (which is always checked). */
typedef struct {
    const char *refusing;  /* "refusing to load plugin" */
    const char *hint;      /* appended to a refusal */
} Subject;

static const Subject plugin_subject = { "refusing to load plugin", " " OVERRIDE_HINT };

/* Checks one file or directory; `what` says which, for the message. */
static gboolean check_one(const Subject *subject, const char *plugin_path, const char *checked,
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
                    "%s %s: %s %s %s (mode %04o); fix it with chmod go-w %s%s",
                    subject->refusing, plugin_path, what, checked, reason, mode, checked,
                    subject->hint);
        return FALSE;
    }

    uid_t me = geteuid();
    if (st.st_uid != me && st.st_uid != 0) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_UNSAFE_FILE,
                    "%s %s: %s %s is owned by user %lu, neither this process's user "
                    "(%lu) nor root; fix it with chown %lu %s, or as root chown root %s%s",
                    subject->refusing, plugin_path, what, checked, (unsigned long)st.st_uid,
                    (unsigned long)me, (unsigned long)me, checked, checked, subject->hint);
        return FALSE;
    }
    return TRUE;
}

static gboolean check_file(const Subject *subject, const char *path, char **out_resolved,
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

    if (!check_one(subject, path, resolved, "the file", error) ||
        !check_one(subject, path, dir, "its directory", error))
        return FALSE;
    if (strcmp(link_dir, dir) != 0 &&
        !check_one(subject, path, link_dir, "the directory of the link", error))
        return FALSE;

    *out_resolved = g_steal_pointer(&resolved);
    return TRUE;
}

gboolean keyact_host_check_file_safety(const char *path, char **out_resolved,
                                       GError **error)
{
    return check_file(&plugin_subject, path, out_resolved, error);
}

gboolean keyact_host_check_helper_safety(const char *path, char **out_resolved, GError **error)
{
    static const Subject helper_subject = { "refusing to run the plugin helper", "" };

    GError *local = NULL;

    if (!check_file(&helper_subject, path, out_resolved, &local)) {
        local->code = KEYACT_HOST_ERROR_ISOLATION;
        g_propagate_error(error, local);
        return FALSE;
    }
    return TRUE;
}
