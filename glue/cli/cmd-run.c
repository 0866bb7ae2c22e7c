/* SPDX-License-Identifier: MIT */
/* cmd-run.c - `keyact run SCENARIO.json`: play a scenario file. */
#include <stdio.h>

#include "commands.h"
#include "play.h"

int keyact_cmd_run(int argc, char **argv)
{
    g_auto(KeyactPlayOptions) opts = { 0 };
    g_autoptr(GOptionContext) context = g_option_context_new("SCENARIO.json");
    g_option_context_set_summary(context,
        "Play a scenario (players' zones and steps, see SCENARIOS.md) on the reference host,\n"
        "with every discover resolved by the Discover plugin.\n\n"
        "Exit status: 0 ok, 1 rules engine or plugin error, 2 bad input.");
    keyact_play_add_options(context, &opts, TRUE);
    keyact_command_set_prgname("run");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact run: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc != 2) {
        g_printerr("keyact run: give exactly one scenario file (see keyact run --help)\n");
        return KEYACT_EXIT_INPUT;
    }
    g_autoptr(RefScenario) scenario = ref_scenario_load_file(argv[1], &error);
    if (scenario == NULL) {
        g_printerr("keyact: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    return keyact_play_scenario(scenario, &opts);
}
