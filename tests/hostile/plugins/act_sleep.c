/* SPDX-License-Identifier: MIT */
/* act_sleep.c - answer 30 s late: wait 30 s in the middle of a resolve,
 * then finish it. It waits on the clock (clock_gettime, which a sandbox
 * that times its helper allows) rather than in nanosleep, so what stops it
 * is the host's deadline, not a refused system call. */
#include <time.h>

#include "hostile.h"

#define LATE_SECONDS 30

static void strike(const hostile_strike *s)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    hostile_log(s, "waiting %d s", LATE_SECONDS);
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (now.tv_sec - start.tv_sec < LATE_SECONDS);
    hostile_log(s, "answering %d s late", LATE_SECONDS);
}

HOSTILE_ACT("sleep", "waits 30 s in the middle of a resolve, then finishes it", strike, NULL, NULL);
