/* SPDX-License-Identifier: MIT */
/* demo.h - the built-in demo scenario (`keyact demo`): a 60-card Lost
 * Caverns of Ixalan deck that chains discover through Geological Appraiser.
 */
#ifndef KEYACT_REFHOST_DEMO_H
#define KEYACT_REFHOST_DEMO_H

#include "scenario.h"

G_BEGIN_DECLS

/* The demo, parsed from demo/demo.json (compiled into the program). */
RefScenario *ref_demo_scenario(GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_DEMO_H */
