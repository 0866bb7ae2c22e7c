/* SPDX-License-Identifier: MIT */
/* act_leak_file.c - read the secret file and copy it to /tmp. */
#include <stdio.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    char secret[256];
    char path[256];
    if (hostile_read_secret(s, secret, sizeof secret) != 0)
        return;
    snprintf(path, sizeof path, "/tmp/keyact-hostile-%s-leak", s->config->token);
    hostile_write_file(s, path, secret);
}

HOSTILE_ACT("leak-file", "reads a secret file and copies it to /tmp", strike, NULL, NULL);
