/* SPDX-License-Identifier: MIT */
/* cmd-demo.c - `keyact demo`: the built-in scenario on the built-in cards. */
#include <stdio.h>

#include "commands.h"
#include "demo.h"
#include "play.h"

int keyact_cmd_demo(int argc, char **argv)
{
    g_auto(KeyactPlayOptions) opts = { 0 };
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_option_context_set_summary(context,
        "Play the built-in demo: a 60-card Lost Caverns of Ixalan deck in a fixed order,\n"
        "where Geological Appraiser and Daring Discovery chain discover through a second\n"
        "Geological Appraiser. Every exile, choice, cast and bottom order is shown.");
    keyact_play_add_options(context, &opts, FALSE);
    keyact_command_set_prgname("demo");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact demo: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc != 1) {
        g_printerr("keyact demo: unexpected argument \"%s\"\n", argv[1]);
        return KEYACT_EXIT_INPUT;
    }
    g_autoptr(RefScenario) scenario = ref_demo_scenario(&error);
    if (scenario == NULL) {
        g_printerr("keyact demo: %s\n", error->message);
        return KEYACT_EXIT_RULES;
    }
    return keyact_play_scenario(scenario, &opts);
}
