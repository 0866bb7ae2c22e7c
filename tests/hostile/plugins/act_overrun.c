/* SPDX-License-Identifier: MIT */
/* act_overrun.c - write past the end of a buffer the host gave: 48 bytes
 * after the NUL of a card name describe_card handed over (host-owned heap
 * memory: other cards' names, or the allocator's own records). */
#include <string.h>

#include "hostile.h"

#define OVERRUN_BYTES 48u

static void strike(const hostile_strike *s)
{
    char *name = hostile_host_name(s, s->card);
    if (name == NULL)
        return;
    size_t len = strlen(name);
    memset(name + len, '@', OVERRUN_BYTES);
    name[len + OVERRUN_BYTES] = '\0';
    hostile_log(s, "wrote %u bytes past the end of the name of card %llu", OVERRUN_BYTES + 1u,
                (unsigned long long)s->card);
}

HOSTILE_ACT("overrun", "writes 49 bytes past the end of a card name the host handed over",
            strike, NULL, NULL);
