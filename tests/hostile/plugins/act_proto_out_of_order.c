/* SPDX-License-Identifier: MIT */
/* act_proto_out_of_order.c - in the middle of a resolve, answer a request
 * the host never made (a DONE for a STEP), then carry on with the resolve. */
#include "hostile.h"
#include "ki_wire.h"

static void strike(const hostile_strike *s)
{
    const struct {
        KiHeader header;
        guint32 answered;
    } done = { { sizeof(guint32), KI_MSG_DONE }, KI_MSG_STEP };
    hostile_write_socket(s, &done, sizeof done);
}

HOSTILE_ACT("proto-out-of-order", "answers a request the host never made, mid-resolve", strike,
            hostile_find_socket, NULL);
