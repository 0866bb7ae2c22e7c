/* SPDX-License-Identifier: MIT */
/* main.c - keyact-plugin-helper's start: tie its life to the parent's,
 * cap its resources, close what it inherited, put up the first filter,
 * then serve (serve.c).
 *
 * usage (by libkeyact-host only): keyact-plugin-helper PARENT_PID MEMORY_BYTES CPU_SECONDS
 * with the protocol socket on fd 3 and /dev/null on 0, 1 and 2.
 */
#define _GNU_SOURCE

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "helper.h"

/* What went wrong before the first request, told in OPEN's answer. */
static const char *startup_step;
static int startup_error;

const char *helper_startup_failure(int *out_errno);

const char *helper_startup_failure(int *out_errno)
{
    *out_errno = startup_error;
    return startup_step;
}

static void fail_startup(const char *step, int error)
{
    if (startup_step == NULL) {
        startup_step = step;
        startup_error = error;
    }
}

static gboolean parse_u64(const char *text, guint64 *out)
{
    return g_ascii_string_to_unsigned(text, 10, 1, G_MAXUINT64, out, NULL);
}

static void set_limit(int resource, rlim_t soft, rlim_t hard, const char *step)
{
    struct rlimit limit = { soft, hard };
    if (setrlimit(resource, &limit) != 0)
        fail_startup(step, errno);
}

/* Every descriptor but 0-2 and the socket: an engine's files without
 * FD_CLOEXEC reach the helper through posix_spawn, and the plugin must
 * not get them. */
static void close_inherited(void)
{
    if (close_range(KI_HELPER_FD + 1, ~0u, 0) == 0)
        return;
    long most = sysconf(_SC_OPEN_MAX);
    for (long fd = KI_HELPER_FD + 1; fd < (most > 0 && most < 65536 ? most : 65536); fd++)
        close((int)fd);
}

int main(int argc, char **argv)
{
    guint64 parent = 0, memory = 0, cpu = 0;

    if (argc != 4 || !parse_u64(argv[1], &parent) || !parse_u64(argv[2], &memory) ||
        !parse_u64(argv[3], &cpu)) {
        fprintf(stderr, "keyact-plugin-helper runs a keyact plugin for libkeyact-host, which "
                        "starts it; it is not a command\n");
        return 2;
    }
    /* Dies with the thread that started it: libkeyact-host starts helpers
     * from a thread that lives as long as the engine's process. The check
     * after it covers a parent that died before the call. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || (guint64)getppid() != parent)
        _exit(1);
    close_inherited();

    /* Hard limits: the plugin cannot raise them (and, as root, loses the
     * capability to: helper_sandbox_before_load). No core files: a crash
     * must not write the plugin's memory anywhere. No file grows. */
#ifndef __SANITIZE_ADDRESS__
    set_limit(RLIMIT_AS, (rlim_t)memory, (rlim_t)memory, "setrlimit(RLIMIT_AS)");
#else
    /* A sanitizer build (tests only: its plugins carry the sanitizer's
     * runtime, and so must the process that loads them) keeps terabytes of
     * address space for its shadow memory: no address-space cap there. */
    (void)memory;
#endif
    set_limit(RLIMIT_CPU, (rlim_t)cpu, (rlim_t)cpu + 1u, "setrlimit(RLIMIT_CPU)");
    set_limit(RLIMIT_CORE, 0, 0, "setrlimit(RLIMIT_CORE)");
    set_limit(RLIMIT_FSIZE, 0, 0, "setrlimit(RLIMIT_FSIZE)");

    const char *step = NULL;
    int rc = helper_sandbox_before_load(&step);
    if (rc != 0)
        fail_startup(step, -rc);

    Helper helper = { .fd = KI_HELPER_FD };
    helper.in = g_byte_array_sized_new(4096);
    helper.arena = g_ptr_array_new_with_free_func(g_free);
    helper.rules_arena = g_ptr_array_new_with_free_func(g_free);
    helper_serve(&helper);
}
