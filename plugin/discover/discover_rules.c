/* SPDX-License-Identifier: MIT */
/* discover_rules.c - discover's comparison (<= N) on the shared card rules. */
#include "discover_rules.h"

#include <stddef.h>

#include <keyact/status.h>

#include "kp_card_rules.h"

int32_t kd_discover_options(const keyact_card_desc *card, int32_t n,
                            uint32_t *out_hit, uint32_t *out_faces)
{
    kp_card_eval eval;
    int32_t rc;

    if (out_hit == NULL || out_faces == NULL)
        return KEYACT_E_INVAL;
    rc = kp_card_evaluate(card, n, KP_AT_MOST, &eval);
    if (rc != KEYACT_OK)
        return rc;
    *out_hit = eval.hit;
    *out_faces = eval.faces_mask;
    return KEYACT_OK;
}
