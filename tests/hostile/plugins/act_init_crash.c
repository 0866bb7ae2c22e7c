/* SPDX-License-Identifier: MIT */
/* act_init_crash.c - write through NULL in init. */
#include "hostile.h"

static void crash_at_init(hostile_config *config)
{
    (void)config;
    volatile int *volatile target = NULL;
    *target = 1;
}

HOSTILE_ACT("init-crash", "writes through a NULL pointer in its init function", NULL,
            crash_at_init, NULL);
