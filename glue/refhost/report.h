/* SPDX-License-Identifier: MIT */
/* report.h - what a played game looks like to people (a log) and to tools
 * (one JSON document).
 */
#ifndef KEYACT_REFHOST_REPORT_H
#define KEYACT_REFHOST_REPORT_H

#include <json-glib/json-glib.h>

#include "game.h"

G_BEGIN_DECLS

/* Append the log lines of events [from, to) to `out`. */
void ref_report_text_events(const RefGame *game, guint from, guint to, GString *out);

/* Append every player's zones (the library as a count and its bottom part). */
void ref_report_text_zones(const RefGame *game, GString *out);

/* "Brazen Blademaster" for one-face cards, "Ice (Fire // Ice)" for a face. */
char *ref_report_face_label(const RefCard *card, guint face);

/* Mana value x2 as people write it: "3", "0.5". */
char *ref_report_mana_value(guint halves);

/* {"seed", "events", "discoveries", ["cascades",] "zones"}; see SCENARIOS.md. */
JsonNode *ref_report_json(const RefGame *game, guint64 seed);

/* The document as pretty-printed text. */
char *ref_report_json_text(const RefGame *game, guint64 seed);

G_END_DECLS

#endif /* KEYACT_REFHOST_REPORT_H */
