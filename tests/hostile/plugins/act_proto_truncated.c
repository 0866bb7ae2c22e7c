/* SPDX-License-Identifier: MIT */
/* act_proto_truncated.c - write the start of a host call whose header
 * promises 64 bytes and give 5 of them, then carry on with the resolve
 * (whose next real messages the other end then reads as the rest). */
#include "hostile.h"
#include "ki_wire.h"

static void strike(const hostile_strike *s)
{
    static const struct {
        KiHeader header;
        unsigned char payload[5];
    } __attribute__((packed)) half = { { 64, KI_MSG_CALL }, { 1, 2, 3, 4, 5 } };
    hostile_write_socket(s, &half, sizeof half);
}

HOSTILE_ACT("proto-truncated", "writes a truncated host call to the helper's socket", strike,
            hostile_find_socket, NULL);
