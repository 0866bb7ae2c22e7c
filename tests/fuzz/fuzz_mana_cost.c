/* SPDX-License-Identifier: MIT */
/* fuzz_mana_cost.c - the plugin's mana-cost parser (kp_mana_value) on any
 * bytes: it must answer 0 or KEYACT_E_BADCOST, never read past the string,
 * and agree with itself. */
#include "fuzz_target.h"

#include <stdlib.h>
#include <string.h>

#include <keyact/status.h>

#include "kp_mana_cost.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The parser takes a NUL-terminated string: give it exactly one. */
    char *cost = malloc(size + 1);
    uint32_t halves = 12345, again = 0, offset = 12345;
    int32_t rc;

    if (cost == NULL)
        return 0;
    if (size > 0)
        memcpy(cost, data, size);
    cost[size] = '\0';
    size_t length = strlen(cost);

    rc = kp_mana_value(cost, &halves, &offset);
    if (rc == KEYACT_OK) {
        if (length > 0 && cost[0] != '{')
            fuzz_fail("\"%s\" accepted without a leading '{'", cost);
        /* Anything longer than the limit is not a card and must be refused. */
        if (length > KP_MANA_COST_MAX_BYTES)
            fuzz_fail("a %zu-byte cost was accepted", length);
        if (kp_mana_value(cost, &again, NULL) != KEYACT_OK || again != halves)
            fuzz_fail("\"%s\": a second parse disagrees", cost);
    } else if (rc == KEYACT_E_BADCOST) {
        if (halves != 0)
            fuzz_fail("bad cost \"%s\" left halves = %u", cost, halves);
        if (offset > length)
            fuzz_fail("bad cost \"%s\": error offset %u past the end (%zu)", cost, offset, length);
        if (kp_mana_value(cost, &again, NULL) != KEYACT_E_BADCOST)
            fuzz_fail("\"%s\": the verdict changed without an offset pointer", cost);
    } else {
        fuzz_fail("\"%s\": unexpected status %d", cost, rc);
    }
    free(cost);
    return 0;
}
