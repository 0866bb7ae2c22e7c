/* SPDX-License-Identifier: MIT */
/* act_leak_log.c - read the secret file and hand it to the host's log. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    char secret[256];
    if (hostile_read_secret(s, secret, sizeof secret) == 0)
        hostile_log(s, "the secret is %s", secret);
}

HOSTILE_ACT("leak-log", "reads a secret file and logs it through the host's log callback",
            strike, NULL, NULL);
