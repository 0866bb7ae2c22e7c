/* SPDX-License-Identifier: MIT */
/* validate.c - a registry's validation state: the mode, where reports go,
 * the random draws seen over the game and which hosts were told that
 * checks are skipped. The checks themselves are the layer's
 * (validate_layer.h lists its parts).
 *
 * The registry and every plugin it loaded share one KeyactValidator (a
 * plugin may outlive its registry while a resolve still holds it). The mode
 * is read atomically by every resolve; the rest is touched only when there
 * is something to report or a resolve ends under validation, under `lock`.
 */
#include <math.h>
#include <string.h>

#include "keyact-host-private.h"

#define VALIDATE_VARIABLE "KEYACT_VALIDATE"
#define VALIDATE_DOMAIN "keyact-validate"

/* Enough draws that a uniform source lands this far off only by a
 * one-in-a-million chance (|z| > 5), and a constant one cannot hide. */
#define RANDOM_MIN_DRAWS 20u
#define RANDOM_MAX_Z 5.0
/* Mean squared deviation below this: the draws hug the middle (a uniform
 * source gives 1, with a standard deviation near 0.13 after 50 draws). */
#define RANDOM_MIN_SPREAD_DRAWS 50u
#define RANDOM_MIN_SPREAD 0.25

/* Said once per host name (g_log) and on every result of such a host. */
const char keyact_host_skipped_without_card_zone[] =
    "no card_zone (ABI 1.2), so these checks are skipped: that a move put the card where it "
    "was asked (beyond what the library's size and order show), that a failed move left it, "
    "that cast_free's answer matches where the card went, that the host knows every card "
    "answered, and where the cards the plugin moved are at the end of a resolve";

static KeyactValidation mode_from_environment(void)
{
    const char *value = g_getenv(VALIDATE_VARIABLE);

    if (value == NULL || value[0] == '\0' || strcmp(value, "0") == 0 ||
        g_ascii_strcasecmp(value, "off") == 0)
        return KEYACT_VALIDATION_OFF;
    if (strcmp(value, "1") == 0 || g_ascii_strcasecmp(value, "report") == 0)
        return KEYACT_VALIDATION_REPORT;
    if (g_ascii_strcasecmp(value, "fatal") == 0)
        return KEYACT_VALIDATION_FATAL;
    g_warning("%s=%s: write 1 (report), fatal or 0; validating with reports", VALIDATE_VARIABLE,
              value);
    return KEYACT_VALIDATION_REPORT;
}

KeyactValidator *keyact_host_validator_new(void)
{
    KeyactValidator *validator = g_new0(KeyactValidator, 1);

    validator->ref_count = 1;
    validator->mode = mode_from_environment();
    g_rw_lock_init(&validator->lock);
    validator->skip_noted = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    return validator;
}

KeyactValidator *keyact_host_validator_ref(KeyactValidator *validator)
{
    g_atomic_int_inc(&validator->ref_count);
    return validator;
}

static void drop_handler(KeyactValidator *validator)
{
    if (validator->destroy != NULL)
        validator->destroy(validator->user_data);
    validator->func = NULL;
    validator->user_data = NULL;
    validator->destroy = NULL;
}

void keyact_host_validator_unref(KeyactValidator *validator)
{
    if (validator == NULL || !g_atomic_int_dec_and_test(&validator->ref_count))
        return;
    drop_handler(validator);
    g_hash_table_unref(validator->skip_noted);
    g_rw_lock_clear(&validator->lock);
    g_free(validator);
}

void keyact_host_validator_report(KeyactValidator *validator, const keyact_host *host,
                                  const KeyactViolation *violation)
{
    g_rw_lock_reader_lock(&validator->lock);
    if (validator->func != NULL)
        validator->func(host, violation, validator->user_data);
    else
        g_log(VALIDATE_DOMAIN, G_LOG_LEVEL_WARNING, "%s", violation->message);
    g_rw_lock_reader_unlock(&validator->lock);
}

static gboolean draws_look_uniform(const KeyactRandomStats *total)
{
    if (total->n < RANDOM_MIN_DRAWS)
        return TRUE;
    double z = total->sum / sqrt((double)total->n);
    if (fabs(z) > RANDOM_MAX_Z)
        return FALSE;
    if (total->n >= RANDOM_MIN_SPREAD_DRAWS &&
        total->sum_sq / (double)total->n < RANDOM_MIN_SPREAD)
        return FALSE;
    return TRUE;
}

gboolean keyact_host_validator_add_draws(KeyactValidator *validator,
                                         const KeyactRandomStats *draws,
                                         KeyactRandomStats *out_total)
{
    gboolean report = FALSE;

    if (draws->n == 0)
        return FALSE;
    g_rw_lock_writer_lock(&validator->lock);
    validator->random.n += draws->n;
    validator->random.sum += draws->sum;
    validator->random.sum_sq += draws->sum_sq;
    if (!validator->random_reported && !draws_look_uniform(&validator->random)) {
        validator->random_reported = TRUE;
        report = TRUE;
    }
    *out_total = validator->random;
    g_rw_lock_writer_unlock(&validator->lock);
    return report;
}

gboolean keyact_host_validator_first_skip(KeyactValidator *validator, const char *host_name)
{
    gboolean first;

    g_rw_lock_writer_lock(&validator->lock);
    first = g_hash_table_add(validator->skip_noted,
                             g_strdup(host_name != NULL ? host_name : ""));
    g_rw_lock_writer_unlock(&validator->lock);
    return first;
}
