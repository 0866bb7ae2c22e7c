/* SPDX-License-Identifier: MIT */
/* play.h - what `keyact run` and `keyact demo` share: load the cards and the
 * plugins (discover, and cascade when one is loaded), play a scenario step
 * by step, print the log or the JSON.
 */
#ifndef KEYACT_CLI_PLAY_H
#define KEYACT_CLI_PLAY_H

#include <stdio.h>

#include <glib.h>

#include "scenario.h"

G_BEGIN_DECLS

typedef struct {
    gboolean json;          /* print one JSON document instead of the log */
    gboolean interactive;   /* ask the player on a terminal */
    char *seed;             /* --seed, or NULL for the scenario's */
    char *cards;            /* --cards FILE, or NULL for the scenario's */
    char **plugins;         /* --plugin PATH, repeatable: loaded besides the search path and
                             * chosen for its actions; may be NULL */
    char *impl;             /* --impl ID, or NULL for KEYACT_IMPL, else the highest version */
    gboolean validate;      /* --validate: hold the reference host to the contract (reports on
                             * stderr); KEYACT_VALIDATE in the environment works without it */
    char *resolve;          /* --resolve: "stepped" (NULL: the default) or "blocking" */
    gboolean isolated;      /* --isolated: every plugin in sandboxed helper processes */
} KeyactPlayOptions;

/* Add the play options (--json, --seed, --plugin, --impl, --interactive, --validate,
 * --resolve, --isolated and, when `with_cards`, --cards) to `context`, writing into
 * `opts`. */
void keyact_play_add_options(GOptionContext *context, KeyactPlayOptions *opts,
                             gboolean with_cards);
void keyact_play_options_clear(KeyactPlayOptions *opts);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(KeyactPlayOptions, keyact_play_options_clear)

/* Play `scenario`; returns a KEYACT_EXIT_* status after printing any error. */
int keyact_play_scenario(const RefScenario *scenario, const KeyactPlayOptions *opts);

/* Interactive choices (interactive.c): the player answers on the terminal,
 * between two turns of the engine (a RefAskPlayer; `data` is a
 * KeyactInteractive). Before each question `flush` prints the log so far,
 * so the player sees what was exiled. At the end of the input the step's
 * "choose" answers. */
typedef void (*KeyactLogFlush)(RefGame *game, gpointer data);
typedef struct {
    FILE *out;              /* where the questions go */
    KeyactLogFlush flush;   /* may be NULL */
    gpointer flush_data;
} KeyactInteractive;
gint keyact_interactive_ask(RefGame *game, const RefChoice *choice, gpointer data);

G_END_DECLS

#endif /* KEYACT_CLI_PLAY_H */
