/* SPDX-License-Identifier: MIT */
/* act_fork_exec.c - fork and exec /bin/sh with a command that leaves a
 * trace (it writes the trace file), and wait for it. */
#include <errno.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    pid_t child = fork();
    if (child < 0) {
        hostile_log(s, "fork() failed: %s", strerror(errno));
        return;
    }
    if (child == 0) {
        /* The trace path is $0, so no quoting is needed. */
        execl("/bin/sh", "sh", "-c", "echo \"ran as pid $$\" > \"$0\"", s->config->trace_path,
              (char *)NULL);
        _exit(127);
    }
    int status = 0;
    if (waitpid(child, &status, 0) < 0) {
        hostile_log(s, "waitpid(%ld) failed: %s", (long)child, strerror(errno));
        return;
    }
    hostile_log(s, "/bin/sh ran as pid %ld and exited with %d", (long)child,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

HOSTILE_ACT("fork-exec", "forks and execs /bin/sh to write a file", strike, NULL, NULL);
