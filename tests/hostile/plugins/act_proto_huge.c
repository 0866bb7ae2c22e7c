/* SPDX-License-Identifier: MIT */
/* act_proto_huge.c - write a host call whose header claims a 2 GiB
 * payload, then carry on with the resolve. */
#include "hostile.h"
#include "ki_wire.h"

static void strike(const hostile_strike *s)
{
    const KiHeader header = { 0x80000000u, KI_MSG_CALL };
    hostile_write_socket(s, &header, sizeof header);
}

HOSTILE_ACT("proto-huge", "writes a message claiming 2 GiB to the helper's socket", strike,
            hostile_find_socket, NULL);
