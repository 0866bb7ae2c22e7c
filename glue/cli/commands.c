/* SPDX-License-Identifier: MIT */
/* commands.c - the list of `keyact` subcommands, in the order --help shows. */
#include "commands.h"

const KeyactCommand keyact_commands[] = {
    { "run", "Play a scenario file through the Discover plugin", keyact_cmd_run },
    { "demo", "Play the built-in demo: discover chaining through Geological Appraiser",
      keyact_cmd_demo },
    { "card", "Show what the Discover plugin sees of a card (faces, mana values, discover N)",
      keyact_cmd_card },
    { "cards", "List the cards of the built-in set or a card file (layout, mana value, action)",
      keyact_cmd_cards },
    { "mv", "Print the mana value of a mana cost, as the Discover plugin computes it",
      keyact_cmd_mv },
    { "list", "List the plugins found, which implementation serves each action and why",
      keyact_cmd_list },
    { "check", "Validate a plugin file: ELF, exports, ABI, negotiation, lifecycle, conformance",
      keyact_cmd_check },
    { NULL, NULL, NULL },
};

void keyact_command_set_prgname(const char *name)
{
    g_autofree char *prgname = g_strdup_printf("keyact %s", name);
    g_set_prgname(prgname);
}
