/* SPDX-License-Identifier: MIT */
/* act_leak_name.c - read the secret file and write it into a card name the
 * host handed over (describe_card's string, host-owned), within its length:
 * the host then shows the secret as that card's name. */
#include <string.h>

#include "hostile.h"

static void strike(const hostile_strike *s)
{
    char secret[256];
    if (hostile_read_secret(s, secret, sizeof secret) != 0)
        return;
    char *name = hostile_host_name(s, s->card);
    if (name == NULL)
        return;
    size_t room = strlen(name);
    size_t n = strlen(secret) < room ? strlen(secret) : room;
    memcpy(name, secret, n);
    hostile_log(s, "wrote %zu bytes of the secret into the name of card %llu", n,
                (unsigned long long)s->card);
}

HOSTILE_ACT("leak-name", "reads a secret file and writes it into a card name the host owns",
            strike, NULL, NULL);
