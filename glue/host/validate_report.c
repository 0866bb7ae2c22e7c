/* SPDX-License-Identifier: MIT */
/* validate_report.c - the validation layer's reports: the rules in
 * keyact's words, one line per violation, and one report per cause.
 *
 * A line reads without the layer's source: the host, the callback that
 * broke the rule (or the two whose answers disagree, when the layer cannot
 * tell which is wrong), the card, what was answered, the rule. Each rule is
 * reported once per resolve: a host that breaks it for every card has one
 * bug, and the first card shows it (the others go to the debug log). Once a report
 * said where a card is, or that the library is not as the plugin's moves
 * leave it, a later disagreement about that card or the library follows from
 * it: the layer says so in its debug log ("consequence of ...") and does
 * not accuse the callback that answered it, which may well be telling the
 * truth.
 */
#include <stdarg.h>

#include "validate_layer.h"

static const char *const rule_text[VL_RULE_COUNT] = {
    [VL_RULE_LIBRARY_SIZE] = "library_size falls by one for each card moved out of the library "
                             "and rises by one for each card put into it",
    [VL_RULE_LIBRARY_CARD_RANGE] = "library_card answers a card for every index below "
                                   "library_size and KEYACT_E_NOTFOUND past the end",
    [VL_RULE_LIBRARY_AGREES] = "library_card and library_cards agree with each other and with "
                               "the plugin's moves: a card moved from the top is no longer at "
                               "index 0, and no card is at two indexes",
    [VL_RULE_LIBRARY_CARDS_ANSWER] = "library_cards answers KEYACT_E_NOTFOUND exactly when the "
                                     "library holds fewer than from_top + count cards",
    [VL_RULE_IDENTITY] = "every card library_card and library_cards answer is one the host "
                         "has: card_zone knows it and describe_card describes it",
    [VL_RULE_MOVE_DESTINATION] = "a move that succeeded put the card where it was asked",
    [VL_RULE_MOVE_FAILED_STAYS] = "a move that failed left the card where it was, and a failed "
                                  "apply_steps applied no step from the failing one on",
    [VL_RULE_DESCRIBE_VALID] = "a description has a known layout, 1..8 faces (two or more for "
                               "a split, aftermath, adventure or modal double-faced card), and "
                               "every face a struct_size and a name",
    [VL_RULE_DESCRIBE_COST] = "a face's mana cost is a printed cost keyact can read "
                              "(keyact-plugin(7), MANA COSTS)",
    [VL_RULE_DESCRIBE_STABLE] = "a card is described the same way every time, by describe_card "
                                "and describe_cards alike",
    [VL_RULE_CAN_CAST_RANGE] = "can_cast_face answers 0 or 1",
    [VL_RULE_CAN_CAST_STABLE] = "can_cast_face answers the same for a face every time it is "
                                "asked",
    [VL_RULE_CHOOSE_RANGE] = "choose answers an index below option_count",
    [VL_RULE_CAST_FREE_RANGE] = "cast_free answers KEYACT_CAST_DONE or KEYACT_CAST_FAILED",
    [VL_RULE_CAST_DONE_ON_STACK] = "a cast_free that answered KEYACT_CAST_DONE moved the card "
                                   "out of exile onto the stack",
    [VL_RULE_CAST_FAILED_IN_EXILE] = "a cast_free that answered KEYACT_CAST_FAILED (or failed) "
                                     "left the card in exile",
    [VL_RULE_RANDOM_RANGE] = "random_below answers below its bound",
    [VL_RULE_RANDOM_UNIFORM] = "random draws are uniform in [0, bound)",
    [VL_RULE_APPLY_STEPS_DONE] = "apply_steps sets out_done to count on success and to the "
                                 "failing step's index on failure",
    [VL_RULE_CARD_ZONE_ANSWER] = "card_zone answers a zone (KEYACT_ZONE_LIBRARY to "
                                 "KEYACT_ZONE_OTHER) for every card the host has",
    [VL_RULE_END_ZONES] = "at the end of a resolve every card the plugin moved is where the "
                          "plugin put it, and in one place",
};

const char *vl_rule_text(VlRule rule)
{
    return rule_text[rule];
}

/* The rules about where a card is: one report about a card's place makes
 * every later one about it a consequence. */
static gboolean about_whereabouts(VlRule rule)
{
    switch (rule) {
    case VL_RULE_LIBRARY_SIZE:
    case VL_RULE_LIBRARY_CARD_RANGE:
    case VL_RULE_LIBRARY_AGREES:
    case VL_RULE_LIBRARY_CARDS_ANSWER:
    case VL_RULE_IDENTITY:
    case VL_RULE_MOVE_DESTINATION:
    case VL_RULE_MOVE_FAILED_STAYS:
    case VL_RULE_CAST_DONE_ON_STACK:
    case VL_RULE_CAST_FAILED_IN_EXILE:
    case VL_RULE_APPLY_STEPS_DONE:
    case VL_RULE_CARD_ZONE_ANSWER:
    case VL_RULE_END_ZONES:
        return TRUE;
    default:
        return FALSE;
    }
}

static const char *host_name(const VlLayer *layer)
{
    return layer->inner->host_name != NULL ? layer->inner->host_name : "(unnamed)";
}

gboolean vl_report(VlLayer *layer, VlRule rule, const char *callback, const char *other,
                   keyact_card_id card, const char *answer_format, ...)
{
    VlCard *rec = vl_card(layer, card);
    gboolean fatal = layer->mode == KEYACT_VALIDATION_FATAL;
    gboolean whereabouts = about_whereabouts(rule);

    if (fatal && layer->failed)
        return TRUE;

    va_list args;
    va_start(args, answer_format);
    g_autofree char *answer = g_strdup_vprintf(answer_format, args);
    va_end(args);

    const char *unsaid = NULL;
    if ((layer->reported & (1u << rule)) != 0)
        unsaid = "the rule reported above, broken again";
    else if (whereabouts && (rec != NULL ? rec->disputed : layer->library_disputed))
        unsaid = "a consequence of the report above, not a new violation";
    if (unsaid != NULL) {
        g_log(VL_LOG_DOMAIN, G_LOG_LEVEL_INFO, "host \"%s\": %s%s%s: %s: %s", host_name(layer),
              callback, other != NULL ? " and " : "", other != NULL ? other : "", answer, unsaid);
        if (rec != NULL && whereabouts)
            rec->disputed = TRUE;
        return FALSE;
    }
    layer->reported |= 1u << rule;
    if (rec != NULL)
        rec->reported |= 1u << rule;
    layer->n_violations++;
    if (rule == VL_RULE_CARD_ZONE_ANSWER || g_strcmp0(callback, "card_zone") == 0)
        layer->card_zone_disputed = TRUE;
    if (whereabouts) {
        if (rec != NULL) {
            rec->disputed = TRUE;
            if (fatal)
                rec->doubtful = TRUE;
        }
        vl_model_forget_library(layer);
    }

    g_autoptr(GString) message = g_string_new(NULL);
    g_string_append_printf(message, "host \"%s\": %s", host_name(layer), callback);
    if (other != NULL)
        g_string_append_printf(message, " or %s", other);
    if (rec != NULL) {
        g_string_append_printf(message, ", card %" G_GUINT64_FORMAT, (guint64)card);
        if (rec->name != NULL)
            g_string_append_printf(message, " \"%s\"", rec->name);
    }
    g_string_append_printf(message, ": %s", answer);
    if (other != NULL)
        g_string_append(message, ": one of the two is wrong");
    g_string_append_printf(message, "; rule: %s", rule_text[rule]);
    if (fatal)
        g_string_append(message, " (KEYACT_VALIDATE=fatal: the resolve fails with "
                                 "KEYACT_E_HOST; its stranded list holds every card left in "
                                 "exile)");

    if (other != NULL) {
        g_autofree char *both = g_strdup_printf("%s: one of the two is wrong", answer);
        g_free(answer);
        answer = g_steal_pointer(&both);
    }
    KeyactViolation violation = {
        .callback = callback,
        .card = card,
        .card_name = rec != NULL ? rec->name : NULL,
        .answer = answer,
        .rule = rule_text[rule],
        .message = message->str,
    };
    keyact_host_validator_report(layer->validator, layer->inner, &violation);
    if (fatal)
        layer->failed = TRUE;
    return fatal;
}
