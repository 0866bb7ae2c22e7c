/* SPDX-License-Identifier: MIT */
/* act_exit_zero.c - exit(0) in the middle of a resolve: the process ends
 * "successfully" with the game half played. */
#include <stdlib.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    hostile_log(s, "calling exit(0)");
    exit(0);
}

HOSTILE_ACT("exit-zero", "calls exit(0)", strike, NULL, NULL);
