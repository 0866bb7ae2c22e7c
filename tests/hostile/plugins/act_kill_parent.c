/* SPDX-License-Identifier: MIT */
/* act_kill_parent.c - SIGKILL the parent of the process it runs in. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    pid_t parent = getppid();
    if (kill(parent, SIGKILL) != 0)
        hostile_log(s, "kill(%ld, SIGKILL) failed: %s", (long)parent, strerror(errno));
    else
        hostile_log(s, "sent SIGKILL to its parent, pid %ld", (long)parent);
}

HOSTILE_ACT("kill-parent", "sends SIGKILL to its parent process", strike, NULL, NULL);
