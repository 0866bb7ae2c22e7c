/* SPDX-License-Identifier: MIT */
/* spell-value.h - the mana value of a spell on the stack, which the host
 * hands to cascade as its N (CR 702.85a: "this spell's mana value").
 *
 * The plugin computes the mana values of the cards it exiles; the spell
 * that cascades is the host's object, so the host computes its value: the
 * printed cost of the face it was cast as (CR 202.3; a split card's half
 * on the stack has only that half's cost, CR 709.3), with X as chosen for
 * it (CR 202.3e).
 */
#ifndef KEYACT_REFHOST_SPELL_VALUE_H
#define KEYACT_REFHOST_SPELL_VALUE_H

#include <glib.h>

G_BEGIN_DECLS

/* Mana value x2 of `cost` (e.g. "{2}{R}{G}") with each {X} counted as `x`.
 * FALSE with a REF_GAME_ERROR_RULES error naming the symbol when the cost
 * has one this host does not know. NULL and "" are 0. */
gboolean ref_spell_mana_value(const char *cost, guint x, guint *out_halves, GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_SPELL_VALUE_H */
