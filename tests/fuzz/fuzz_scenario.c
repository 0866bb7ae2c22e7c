/* SPDX-License-Identifier: MIT */
/* fuzz_scenario.c - the reference host's scenario loader on any bytes, and
 * for every scenario it accepts, building the game from the built-in card
 * set and playing every step through the loaded plugin.
 *
 * The scenario's own "cards" path is never opened: an input naming
 * /dev/zero would only measure the disk. Loading and playing must end in
 * success or a GError, never a crash. */
#include "fuzz_target.h"

#include <glib.h>

#include "fuzz_plugin.h"
#include "scenario.h"

static RefCardDb *builtin_cards(void)
{
    static RefCardDb *db;
    if (db == NULL) {
        g_autoptr(GError) error = NULL;
        db = ref_carddb_load_builtin(&error);
        if (db == NULL)
            fuzz_fail("the built-in card set does not load: %s", error->message);
    }
    return db;
}

static void check_error(const GError *error, const char *what)
{
    if (error == NULL || error->message == NULL || error->message[0] == '\0')
        fuzz_fail("%s failed without a message", what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* No cascade plugin here: a cascading input must end in its error. */
    const RefActions actions = { .discover = fuzz_discover(), .cascade = NULL };
    g_autoptr(GError) error = NULL;
    g_autoptr(RefScenario) scenario =
        ref_scenario_load_data((const char *)data, (gssize)size, "fuzz.json", NULL, &error);

    if (scenario == NULL) {
        check_error(error, "loading");
        return 0;
    }
    g_autoptr(RefGame) game = ref_scenario_build_game(scenario, builtin_cards(),
                                                      scenario->has_seed ? scenario->seed : 1,
                                                      &error);
    if (game == NULL) {
        check_error(error, "building the game");
        return 0;
    }
    for (guint i = 0; i < scenario->steps->len; i++) {
        g_autofree char *line = ref_scenario_describe_step(scenario, i);
        if (line == NULL)
            fuzz_fail("step %u has no description", i);
        if (!ref_scenario_run_step(scenario, i, game, &actions, NULL, NULL, &error)) {
            check_error(error, "a step");
            return 0;
        }
    }
    return 0;
}
