/* SPDX-License-Identifier: MIT */
/* act_null_write.c - write through a NULL pointer in the middle of a resolve. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    /* A volatile pointer to volatile memory: the compiler must load the
     * pointer and emit the store (it may drop a plain store through a
     * pointer it knows, or make a literal NULL store a trap: SIGILL). */
    volatile int *volatile target = NULL;
    hostile_log(s, "writing through NULL");
    *target = 1;
}

HOSTILE_ACT("null-write", "writes through a NULL pointer", strike, NULL, NULL);
