/* SPDX-License-Identifier: MIT */
/* interactive.c - the player chooses on the terminal, between two turns of
 * the engine: the resolve waits for the answer (the stepped resolve). */
#include <stdio.h>
#include <stdlib.h>

#include "play.h"
#include "report.h"

gint keyact_interactive_ask(RefGame *game, const RefChoice *choice, gpointer data)
{
    KeyactInteractive *state = data;
    const RefCard *rc = ref_game_card(game, choice->card)->card;
    const keyact_option *options = choice->options;
    guint n_options = choice->n_options;
    if (state->flush != NULL)
        state->flush(game, state->flush_data);
    fprintf(state->out, "\n%s, what do you do with %s?\n",
            ref_game_player(game, choice->player)->name, rc->name);
    for (guint i = 0; i < n_options; i++) {
        if (options[i].kind == KEYACT_OPTION_CAST_FACE && options[i].face < rc->n_faces) {
            g_autofree char *mv = ref_report_mana_value(options[i].mana_value_halves);
            fprintf(state->out, "  %u) cast %s without paying its mana cost (mana value %s)\n",
                    i + 1, rc->faces[options[i].face].name, mv);
        } else if (options[i].kind == KEYACT_OPTION_TO_BOTTOM) {
            fprintf(state->out, "  %u) don't cast it (it goes to the bottom of your library)\n",
                    i + 1);
        } else {
            fprintf(state->out, "  %u) put it into your hand\n", i + 1);
        }
    }
    for (;;) {
        char line[64];
        fprintf(state->out, "choose 1-%u: ", n_options);
        fflush(state->out);
        if (fgets(line, sizeof line, stdin) == NULL) {
            fprintf(state->out, "\n(end of input: using the scenario's choice)\n");
            return -1;
        }
        guint64 value = 0;
        if (g_ascii_string_to_unsigned(g_strstrip(line), 10, 1, n_options, &value, NULL))
            return (gint)value - 1;
        fprintf(state->out, "please answer a number from 1 to %u\n", n_options);
    }
}
