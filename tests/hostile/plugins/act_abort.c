/* SPDX-License-Identifier: MIT */
/* act_abort.c - abort() in the middle of a resolve. */
#include <stdlib.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    hostile_log(s, "calling abort()");
    abort();
}

HOSTILE_ACT("abort", "calls abort()", strike, NULL, NULL);
