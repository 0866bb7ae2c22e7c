/* SPDX-License-Identifier: MIT */
/* policy.h - how a scenario step answers the plugin's questions: which faces
 * can be cast now, which casts fail, and which option the player picks.
 */
#ifndef KEYACT_REFHOST_POLICY_H
#define KEYACT_REFHOST_POLICY_H

#include "game.h"

G_BEGIN_DECLS

/* TRUE when `names` (char*) names the card (its full name: every face) or
 * face `face` itself; ASCII case-insensitive. */
gboolean ref_policy_names_face(const GPtrArray *names, const RefCard *card, guint face);

/* The option the step's "choose" picks for this choice:
 *   "cast"       the first face offered (else not casting),
 *   "hand"       not casting: the hand option (discover),
 *   "bottom"     not casting: the bottom option (cascade),
 *   "face:NAME"  that face when offered, else not casting.
 * Not casting is the option that puts the card in hand (discover) or on
 * the bottom (cascade), whichever the action offers: "hand" and "bottom"
 * both decline, and a scenario names the one its action offers.
 * The n-th choice of a step uses choose[n]; the last entry repeats; an empty
 * list means "cast". */
gint ref_policy_choose(const RefPolicy *policy, const RefCard *card,
                       const keyact_option *options, guint n_options);

/* TRUE when `choice` is a valid "choose" value. */
gboolean ref_policy_choice_valid(const char *choice);

G_END_DECLS

#endif /* KEYACT_REFHOST_POLICY_H */
