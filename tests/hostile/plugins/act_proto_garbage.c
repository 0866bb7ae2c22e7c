/* SPDX-License-Identifier: MIT */
/* act_proto_garbage.c - write garbage to the socket it found in init (an
 * isolating host's helper socket), then carry on with the resolve. */
#include "hostile.h"
#include "ki_wire.h"

static void strike(const hostile_strike *s)
{
    /* A header with a message type no one sends, and its payload. */
    static const struct {
        KiHeader header;
        char payload[24];
    } junk = { { 24, 0x5a5a5a5au }, "not a keyact message!!!" };
    hostile_write_socket(s, &junk, sizeof junk);
}

HOSTILE_ACT("proto-garbage", "writes garbage to the helper's socket (found by fstat in init)",
            strike, hostile_find_socket, NULL);
