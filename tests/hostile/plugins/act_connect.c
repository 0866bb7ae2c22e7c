/* SPDX-License-Identifier: MIT */
/* act_connect.c - connect to a TCP listener on 127.0.0.1. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    hostile_send_tcp(s, "hello from a hostile plugin\n");
}

HOSTILE_ACT("connect", "connects to a TCP listener on 127.0.0.1", strike, NULL, NULL);
