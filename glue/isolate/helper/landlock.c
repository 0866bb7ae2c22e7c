/* SPDX-License-Identifier: MIT */
/* landlock.c - what the plugin may read while it loads: before dlopen,
 * where the kernel has Landlock, the helper restricts its own file system
 * access to reading and mapping the plugin file itself and the system's
 * libraries (/usr, /lib*, /etc/ld.so.cache), which a loader needs; every
 * other open fails with EACCES. So a plugin's constructors, negotiate and
 * init cannot read the engine's files (a secret read there could be handed
 * to the host's log later), and nothing may be written, created, removed or
 * renamed anywhere. The seccomp filters then close file access altogether.
 *
 * A kernel without Landlock: the helper goes on under its seccomp filters
 * alone (no file is written, nothing leaves but through the host table)
 * and says so in OPEN's answer.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "helper.h"

#ifndef LANDLOCK_ACCESS_FS_REFER
#define LANDLOCK_ACCESS_FS_REFER (1ULL << 13)
#endif
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif

#define READ_AND_MAP (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_EXECUTE)

/* The system's libraries (and the tree above them: /usr/share's data is
 * nobody's secret). A directory that does not exist is skipped. */
static const char *const library_trees[] = { "/usr", "/lib", "/lib64", "/lib32", "/libx32" };

static int allow(int ruleset, const char *path, __u64 access)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -errno;
    struct landlock_path_beneath_attr beneath = { .allowed_access = access, .parent_fd = fd };
    int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
    int saved = errno;
    close(fd);
    return rc == 0 ? 0 : -saved;
}

int helper_landlock(const char *plugin, const char **out_step)
{
    *out_step = "landlock_create_ruleset (its version)";
    int abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 0)
        return errno == ENOSYS || errno == EOPNOTSUPP ? 1 : -errno;

    /* Every file system right this kernel knows: what is not allowed below
     * is denied. */
    __u64 handled = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                    LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR |
                    LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                    LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR |
                    LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                    LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                    LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2)
        handled |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3)
        handled |= LANDLOCK_ACCESS_FS_TRUNCATE;
    struct landlock_ruleset_attr attr = { .handled_access_fs = handled };

    *out_step = "landlock_create_ruleset";
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0)
        return -errno;
    int rc = 0;
    *out_step = "landlock_add_rule (the system's libraries)";
    for (gsize i = 0; rc == 0 && i < G_N_ELEMENTS(library_trees); i++)
        rc = allow(ruleset, library_trees[i], READ_AND_MAP | LANDLOCK_ACCESS_FS_READ_DIR);
    if (rc == 0)
        rc = allow(ruleset, "/etc/ld.so.cache", LANDLOCK_ACCESS_FS_READ_FILE);
#ifdef __SANITIZE_ADDRESS__
    /* A sanitizer build's runtime reads its own maps as libraries load. */
    if (rc == 0)
        rc = allow(ruleset, "/proc", LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR);
#endif
    if (rc == 0) {
        *out_step = "landlock_add_rule (the plugin file)";
        rc = allow(ruleset, plugin, READ_AND_MAP);
    }
    if (rc == 0) {
        *out_step = "landlock_restrict_self";
        if (syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
            rc = -errno;
    }
    close(ruleset);
    return rc;
}
