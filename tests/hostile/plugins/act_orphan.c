/* SPDX-License-Identifier: MIT */
/* act_orphan.c - outlive the engine: in init, clear the parent-death signal
 * of the process it is loaded into; in the middle of a resolve, loop
 * forever without a system call (so it never reads that EOF on its socket
 * says the engine is gone). The test kills the engine while it loops, as a
 * crash would, and looks for the process afterwards. */
#include <sys/prctl.h>

#include "hostile.h"

static void detach(hostile_config *config)
{
    (void)config;
    (void)prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0);
}

static void strike(const hostile_strike *s)
{
    hostile_log(s, "looping forever");
    for (;;)
        __asm__ __volatile__("" ::: "memory");
}

HOSTILE_ACT("orphan", "clears its parent-death signal in init, then loops forever mid-resolve",
            strike, detach, NULL);
