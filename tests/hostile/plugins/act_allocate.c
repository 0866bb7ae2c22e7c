/* SPDX-License-Identifier: MIT */
/* act_allocate.c - allocate (and touch) memory until malloc refuses, then
 * say how much it got, give it back and finish the resolve.
 *
 * A safety valve stops it at HOSTILE_ALLOCATE_VALVE_MIB without a refusal,
 * so a run without any limit cannot take the machine; the test runs it
 * under limits well below that. */
#include <stdlib.h>
#include <string.h>

#include "hostile.h"

#define BLOCK_MIB 16u
#define HOSTILE_ALLOCATE_VALVE_MIB 3072u

static void strike(const hostile_strike *s)
{
    void *head = NULL;
    unsigned mib = 0;
    int refused = 0;
    while (mib < HOSTILE_ALLOCATE_VALVE_MIB) {
        void **block = malloc((size_t)BLOCK_MIB << 20);
        if (block == NULL) {
            refused = 1;
            break;
        }
        memset(block, 0xa5, (size_t)BLOCK_MIB << 20);
        *block = head;
        head = block;
        mib += BLOCK_MIB;
    }
    if (refused)
        hostile_log(s, "allocated %u MiB, then malloc refused", mib);
    else
        hostile_log(s, "allocated %u MiB and was never refused (stopped at the valve)", mib);
    while (head != NULL) {
        void *next = *(void **)head;
        free(head);
        head = next;
    }
}

HOSTILE_ACT("allocate", "allocates memory until malloc refuses", strike, NULL, NULL);
