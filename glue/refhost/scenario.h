/* SPDX-License-Identifier: MIT */
/* scenario.h - a scenario file: the players' starting zones and the steps
 * to play (see SCENARIOS.md for the format).
 *
 * Loading checks the JSON's shape (keys, types); building the game checks
 * the card names against the card database. Both report every problem as a
 * REF_GAME_ERROR_INPUT error naming the file, the step or player, and the key.
 */
#ifndef KEYACT_REFHOST_SCENARIO_H
#define KEYACT_REFHOST_SCENARIO_H

#include "engine.h"
#include "game.h"

G_BEGIN_DECLS

typedef enum {
    REF_STEP_DISCOVER,  /* { "discover": N | "X", ... } */
    REF_STEP_CAST,      /* { "cast": NAME, ... } */
    REF_STEP_CASCADE,   /* { "cascade": N, ... } */
} RefStepKind;

typedef struct {
    RefStepKind kind;
    char *player;             /* NULL: the first player */
    gint n;                   /* discover: N, or -1 for "X"; cascade: N */
    gint x;                   /* "x", -1 when absent */
    char *source;             /* discover, cascade: the source card, or NULL */
    char *card;               /* cast: the card in hand */
    char *face;               /* cast: the face to cast, or NULL for the front */
    gboolean targets_illegal;
    char *note;               /* a line for the log, or NULL */
    GPtrArray *choose;        /* char* */
    GPtrArray *cannot_cast;   /* char* */
    GPtrArray *cast_fails;    /* char* */
} RefStep;

typedef struct {
    char *name;
    GPtrArray *zones[REF_N_ZONES]; /* char* card names; library top first */
} RefScenarioPlayer;

typedef struct {
    char *origin;             /* the file name, for messages */
    char *base_dir;           /* where relative "cards" paths start, or NULL */
    char *description;        /* or NULL */
    gboolean has_seed;
    guint64 seed;
    char *cards;              /* "builtin", or a path (already made absolute when it could be) */
    GPtrArray *players;       /* RefScenarioPlayer* */
    GPtrArray *steps;         /* RefStep* */
} RefScenario;

RefScenario *ref_scenario_load_file(const char *path, GError **error);
/* `origin` names the text in messages; `base_dir` resolves a relative "cards". */
RefScenario *ref_scenario_load_data(const char *data, gssize length, const char *origin,
                                    const char *base_dir, GError **error);
void ref_scenario_free(RefScenario *scenario);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RefScenario, ref_scenario_free)

/* A new game with the scenario's players and zones, seeded with `seed`.
 * Checks every card name of the players and the steps. */
RefGame *ref_scenario_build_game(const RefScenario *scenario, const RefCardDb *db,
                                 guint64 seed, GError **error);

/* One line saying what step `index` does ("Alice casts Geological Appraiser"). */
char *ref_scenario_describe_step(const RefScenario *scenario, guint index);

/* The player makes a choice a resolve waits for (interactive play):
 * returns the index of the option picked, or -1 for the step's "choose".
 * Called between two turns of the engine, outside any plugin call. */
typedef gint (*RefAskPlayer)(RefGame *game, const RefChoice *choice, gpointer user_data);

/* Play step `index`: do what it says, then turn the engine with `actions`
 * until the stack is empty. Each choice a resolve waits for goes to `ask`
 * (NULL: the step's "choose" answers) and the resolve steps on at the next
 * turn. */
gboolean ref_scenario_run_step(const RefScenario *scenario, guint index, RefGame *game,
                               const RefActions *actions, RefAskPlayer ask, gpointer ask_data,
                               GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_SCENARIO_H */
