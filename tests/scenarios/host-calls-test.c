/* SPDX-License-Identifier: MIT */
/* host-calls-test.c - the reference host on an ABI 1.0 table and on its
 * 1.1 table with the batched calls: each scenario gives the same game (the
 * same JSON document, so the same moves, events and random draws for the
 * same seed), and on the 1.1 table a resolve makes at most two host calls
 * per exiled card plus a small constant. The calls are counted by
 * libkeyact-host's tracer around the game's table; the figures are printed.
 *
 * Environment: KEYACT_DISCOVER_MODULE and KEYACT_CASCADE_MODULE, the built
 * plugins (set by meson); KEYACT_HOST_CALLS_CASES, the scenario folders. */
#include <string.h>

#include <glib.h>

#include "engine.h"
#include "game.h"
#include "keyact-host.h"
#include "keyact-trace.h"
#include "report.h"
#include "scenario.h"

/* Calls a resolve may make besides two per exiled card: library_size, the
 * describe/choose/can_cast/cast_free of the hit, the DISCOVERED event and
 * the batch calls' own rounding. */
#define CALLS_PER_RESOLVE 8u

typedef struct {
    guint resolves;
    guint exiled;
    guint calls;
} Counts;

static KeyactRegistry *registry;
static RefActions actions;
static KeyactBoundAction discover, cascade;

static void load_plugins(void)
{
    g_autoptr(GError) error = NULL;
    registry = keyact_registry_new();
    const char *modules[] = { g_getenv("KEYACT_DISCOVER_MODULE"),
                              g_getenv("KEYACT_CASCADE_MODULE") };
    for (guint i = 0; i < G_N_ELEMENTS(modules); i++) {
        g_assert_nonnull(modules[i]);
        g_assert_true(keyact_registry_load(registry, modules[i], KEYACT_LOAD_ALLOW_UNSAFE,
                                           &error));
        g_assert_no_error(error);
    }
    g_assert_true(keyact_registry_lookup(registry, "discover", NULL, &discover, &error));
    g_assert_true(keyact_registry_lookup(registry, "cascade", NULL, &cascade, &error));
    actions.discover = &discover;
    actions.cascade = &cascade;
}

/* Play `scenario` with the game's table cut to `host_size`, through a
 * tracer; returns the JSON document and adds to `counts`. */
static char *play(const RefScenario *scenario, const RefCardDb *db, uint32_t host_size,
                  Counts *counts)
{
    g_autoptr(GError) error = NULL;
    guint64 seed = scenario->has_seed ? scenario->seed : 1;
    g_autoptr(RefGame) game = ref_scenario_build_game(scenario, db, seed, &error);
    g_assert_no_error(error);

    /* The game's own table, cut to the size of the host kind, traced; the
     * engine hands the plugin game->host, so the traced table goes there. */
    keyact_host inner = game->host;
    inner.struct_size = host_size;
    g_autoptr(KeyactTracer) tracer = keyact_tracer_new(&inner, &error);
    g_assert_no_error(error);
    game->host = *keyact_tracer_get_host(tracer);

    for (guint i = 0; i < scenario->steps->len; i++) {
        gboolean ok = ref_scenario_run_step(scenario, i, game, &actions, &error);
        g_assert_no_error(error);
        g_assert_true(ok);
    }
    counts->resolves += game->resolutions->len;
    counts->calls += keyact_tracer_get_n_records(tracer);
    for (guint i = 0; i < game->events->len; i++)
        counts->exiled += g_array_index(game->events, RefEvent, i).type == REF_EVENT_EXILED;
    game->host = inner; /* the tracer goes first */
    return ref_report_json_text(game, seed);
}

static void test_same_game_fewer_calls(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(RefCardDb) db = ref_carddb_load_builtin(&error);
    g_assert_no_error(error);
    g_auto(GStrv) dirs = g_strsplit(g_getenv("KEYACT_HOST_CALLS_CASES"), G_SEARCHPATH_SEPARATOR_S, -1);
    Counts v10 = { 0 }, v11 = { 0 };
    guint n_scenarios = 0;

    for (guint d = 0; dirs[d] != NULL; d++) {
        g_autoptr(GDir) dir = g_dir_open(dirs[d], 0, &error);
        g_assert_no_error(error);
        const char *name;
        while ((name = g_dir_read_name(dir)) != NULL) {
            if (!g_str_has_suffix(name, ".json") || g_str_has_suffix(name, ".expected.json"))
                continue;
            g_autofree char *path = g_build_filename(dirs[d], name, NULL);
            g_autoptr(RefScenario) scenario = ref_scenario_load_file(path, &error);
            g_assert_no_error(error);
            Counts one10 = { 0 }, one11 = { 0 };
            g_autofree char *json10 = play(scenario, db, KEYACT_HOST_SIZE_1_0, &one10);
            g_autofree char *json11 = play(scenario, db, KEYACT_HOST_SIZE_1_1, &one11);
            g_test_message("%s: %u resolves, %u exiled; host calls %u (1.0 table), %u (1.1)",
                           name, one11.resolves, one11.exiled, one10.calls, one11.calls);
            /* The same game, event for event and draw for draw. */
            g_assert_cmpstr(json11, ==, json10);
            g_assert_cmpuint(one11.exiled, ==, one10.exiled);
            g_assert_cmpuint(one11.calls, <=, 2 * one11.exiled + CALLS_PER_RESOLVE * one11.resolves);
            v10.resolves += one10.resolves, v10.exiled += one10.exiled, v10.calls += one10.calls;
            v11.resolves += one11.resolves, v11.exiled += one11.exiled, v11.calls += one11.calls;
            n_scenarios++;
        }
    }
    g_assert_cmpuint(n_scenarios, >, 0);
    g_assert_cmpuint(v11.exiled, >, 0);
    /* The batched calls really were used: fewer calls for the same cards. */
    g_assert_cmpuint(v11.calls, <, v10.calls);
    g_print("# %u scenarios, %u resolves, %u cards exiled\n", n_scenarios, v11.resolves,
            v11.exiled);
    g_print("# host calls: 1.0 table %u (%.2f per exiled card), 1.1 table %u (%.2f)\n",
            v10.calls, (double)v10.calls / v10.exiled, v11.calls, (double)v11.calls / v11.exiled);
}

/* One deep resolve: discover 3 over 60 lands, then a hit. The constant
 * part of the calls is spread over many cards, so the figure per exiled
 * card is the batched calls' own. */
static void test_deep_library(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(RefCardDb) db = ref_carddb_load_builtin(&error);
    g_assert_no_error(error);
    g_autoptr(GString) data = g_string_new("{\"seed\": 5, \"cards\": \"builtin\", "
                                           "\"players\": [{\"name\": \"Alice\", \"library\": [");
    for (guint i = 0; i < 60; i++)
        g_string_append(data, "\"Mountain\", ");
    g_string_append(data, "\"Market Gnome\"]}], \"steps\": [{\"discover\": 3, "
                          "\"player\": \"Alice\"}]}");
    g_autoptr(RefScenario) scenario = ref_scenario_load_data(data->str, -1, "deep library",
                                                             NULL, &error);
    g_assert_no_error(error);

    Counts v10 = { 0 }, v11 = { 0 };
    g_autofree char *json10 = play(scenario, db, KEYACT_HOST_SIZE_1_0, &v10);
    g_autofree char *json11 = play(scenario, db, KEYACT_HOST_SIZE_1_1, &v11);
    g_assert_cmpstr(json11, ==, json10);
    g_assert_cmpuint(v11.exiled, ==, 61);
    g_assert_cmpuint(v11.calls, <=, 2 * v11.exiled + CALLS_PER_RESOLVE * v11.resolves);
    g_print("# deep library, 61 cards exiled in one resolve: host calls 1.0 table %u "
            "(%.2f per exiled card), 1.1 table %u (%.2f)\n",
            v10.calls, (double)v10.calls / v10.exiled, v11.calls,
            (double)v11.calls / v11.exiled);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    load_plugins();
    g_test_add_func("/refhost/host-calls/same-game-fewer-calls", test_same_game_fewer_calls);
    g_test_add_func("/refhost/host-calls/deep-library", test_deep_library);
    int rc = g_test_run();
    keyact_registry_free(registry);
    return rc;
}
