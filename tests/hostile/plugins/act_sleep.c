/* SPDX-License-Identifier: MIT */
/* act_sleep.c - answer 30 s late: sleep in the middle of a resolve, then
 * finish it. Where sleeping is refused it waits on the clock instead (the
 * vDSO's clock_gettime makes no system call), so the answer is late either
 * way. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "hostile.h"

#define LATE_SECONDS 30

static void strike(const hostile_strike *s)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct timespec nap = { .tv_sec = LATE_SECONDS, .tv_nsec = 0 };
    hostile_log(s, "sleeping %d s", LATE_SECONDS);
    if (nanosleep(&nap, NULL) != 0)
        hostile_log(s, "nanosleep failed: %s; waiting on the clock", strerror(errno));
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (now.tv_sec - start.tv_sec < LATE_SECONDS);
    hostile_log(s, "woke up %d s later", LATE_SECONDS);
}

HOSTILE_ACT("sleep", "sleeps 30 s in the middle of a resolve, then finishes it", strike, NULL);
