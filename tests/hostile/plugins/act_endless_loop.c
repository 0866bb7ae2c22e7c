/* SPDX-License-Identifier: MIT */
/* act_endless_loop.c - never return: a loop that makes no system call. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    hostile_log(s, "looping forever");
    for (;;)
        __asm__ __volatile__("" ::: "memory");
}

HOSTILE_ACT("endless-loop", "loops forever without a system call", strike, NULL, NULL);
