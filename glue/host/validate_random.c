/* SPDX-License-Identifier: MIT */
/* validate_random.c - the checks of the random draws: each below its
 * bound, and all of them, over the game, uniform (validate.c keeps the
 * totals across resolves).
 */
#include <math.h>

#include "validate_layer.h"

gboolean vl_check_draw(VlLayer *layer, const char *callback, uint32_t bound, uint32_t value)
{
    layer->last_random = callback;
    if (value >= bound)
        return vl_report(layer, VL_RULE_RANDOM_RANGE, callback, NULL, KEYACT_CARD_NONE,
                         "answered %u for bound %u", value, bound);
    if (bound >= 2) {
        double b = (double)bound;
        double d = ((double)value - (b - 1.0) / 2.0) / sqrt((b * b - 1.0) / 12.0);
        layer->draws.n++;
        layer->draws.sum += d;
        layer->draws.sum_sq += d * d;
    }
    return FALSE;
}

void vl_check_draws_uniform(VlLayer *layer)
{
    KeyactRandomStats total;

    if (!keyact_host_validator_add_draws(layer->validator, &layer->draws, &total))
        return;
    vl_report(layer, VL_RULE_RANDOM_UNIFORM, layer->last_random, NULL, KEYACT_CARD_NONE,
              "answered %" G_GUINT64_FORMAT " draws (bound >= 2) averaging %.2f standard "
              "deviations from the middle of [0, bound), spread %.2f (uniform: 0 and 1)",
              total.n, total.sum / (double)total.n, sqrt(total.sum_sq / (double)total.n));
}
