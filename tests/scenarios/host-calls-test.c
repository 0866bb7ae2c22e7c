/* SPDX-License-Identifier: MIT */
/* host-calls-test.c - the reference host on an ABI 1.0 table and on its
 * 1.1 table with the batched calls: each scenario gives the same game (the
 * same JSON document, so the same moves, events and random draws for the
 * same seed), and on the 1.1 table a resolve makes at most two host calls
 * per exiled card plus a small constant. The calls are counted by
 * libkeyact-host's tracer around the game's table; the figures are printed.
 *
 * And resolving in steps, every question waiting (keyact/stepped.h), or
 * blocking, with the callbacks answering: each scenario gives the same
 * document and the same host calls in the same order, except that the
 * stepped game makes none of the three questions' callbacks (each was a
 * wait, answered by the engine or the player between two turns), and its
 * player is asked exactly the choices the blocking game's choose answered.
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
    guint questions;    /* can_cast_face, choose and cast_free calls */
    guint chooses;      /* choose calls */
    guint asked;        /* choices asked between two turns (stepped) */
} Counts;

/* The three questions a stepped resolve asks as waits instead of callbacks. */
static gboolean is_question(const KeyactTraceRecord *record)
{
    const char *name = record->signature->name;
    return g_str_equal(name, "can_cast_face") || g_str_equal(name, "choose") ||
           g_str_equal(name, "cast_free");
}

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

/* The player of a stepped game: counts the choices and leaves each to the
 * step's "choose", as the blocking game's choose callback does. */
static gint count_asked(RefGame *game, const RefChoice *choice, gpointer data)
{
    Counts *counts = data;
    g_assert_nonnull(ref_game_card(game, choice->card));
    g_assert_cmpuint(choice->n_options, >=, 2);
    counts->asked++;
    return -1;
}

/* Play `scenario` with the game's table cut to `host_size` (0: whole),
 * through a tracer, resolving blocking or `stepped`; returns the JSON
 * document, adds to `counts` and, when `out_trace` is not NULL, gives
 * every call but the three questions, one line each. */
static char *play_resolving(const RefScenario *scenario, const RefCardDb *db,
                            uint32_t host_size, gboolean stepped, Counts *counts,
                            char **out_trace)
{
    g_autoptr(GError) error = NULL;
    guint64 seed = scenario->has_seed ? scenario->seed : 1;
    g_autoptr(RefGame) game = ref_scenario_build_game(scenario, db, seed, &error);
    g_assert_no_error(error);

    /* The game's own table, cut to the size of the host kind, traced; the
     * engine hands the plugin game->host, so the traced table goes there. */
    keyact_host inner = game->host;
    if (host_size != 0)
        inner.struct_size = host_size;
    g_autoptr(KeyactTracer) tracer = keyact_tracer_new(&inner, &error);
    g_assert_no_error(error);
    game->host = *keyact_tracer_get_host(tracer);

    RefActions resolving = actions;
    resolving.stepped = stepped;
    for (guint i = 0; i < scenario->steps->len; i++) {
        gboolean ok = ref_scenario_run_step(scenario, i, game, &resolving, count_asked, counts,
                                            &error);
        g_assert_no_error(error);
        g_assert_true(ok);
    }
    g_assert_null(game->resolving);
    counts->resolves += game->resolutions->len;
    guint n_records;
    const KeyactTraceRecord *records = keyact_tracer_get_records(tracer, &n_records);
    g_autoptr(GString) trace = g_string_new(NULL);
    for (guint i = 0; i < n_records; i++) {
        counts->questions += is_question(&records[i]);
        counts->chooses += g_str_equal(records[i].signature->name, "choose");
        if (!is_question(&records[i]))
            g_string_append_printf(trace, "%s\n", records[i].text);
    }
    if (out_trace != NULL)
        *out_trace = g_strdup(trace->str);
    counts->calls += n_records;
    for (guint i = 0; i < game->events->len; i++)
        counts->exiled += g_array_index(game->events, RefEvent, i).type == REF_EVENT_EXILED;
    game->host = inner; /* the tracer goes first */
    return ref_report_json_text(game, seed);
}

static char *play(const RefScenario *scenario, const RefCardDb *db, uint32_t host_size,
                  Counts *counts)
{
    return play_resolving(scenario, db, host_size, FALSE, counts, NULL);
}

/* Every scenario of the folders in KEYACT_HOST_CALLS_CASES: char* paths. */
static GPtrArray *scenario_paths(void)
{
    g_autoptr(GError) error = NULL;
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) dirs = g_strsplit(g_getenv("KEYACT_HOST_CALLS_CASES"),
                                    G_SEARCHPATH_SEPARATOR_S, -1);
    for (guint d = 0; dirs[d] != NULL; d++) {
        g_autoptr(GDir) dir = g_dir_open(dirs[d], 0, &error);
        g_assert_no_error(error);
        const char *name;
        while ((name = g_dir_read_name(dir)) != NULL)
            if (g_str_has_suffix(name, ".json") && !g_str_has_suffix(name, ".expected.json"))
                g_ptr_array_add(paths, g_build_filename(dirs[d], name, NULL));
    }
    g_assert_cmpuint(paths->len, >, 0);
    return paths;
}

static void test_same_game_fewer_calls(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(RefCardDb) db = ref_carddb_load_builtin(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) paths = scenario_paths();
    Counts v10 = { 0 }, v11 = { 0 };

    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autoptr(RefScenario) scenario = ref_scenario_load_file(path, &error);
        g_assert_no_error(error);
        Counts one10 = { 0 }, one11 = { 0 };
        g_autofree char *json10 = play(scenario, db, KEYACT_HOST_SIZE_1_0, &one10);
        g_autofree char *json11 = play(scenario, db, KEYACT_HOST_SIZE_1_1, &one11);
        g_autofree char *name = g_path_get_basename(path);
        g_test_message("%s: %u resolves, %u exiled; host calls %u (1.0 table), %u (1.1)",
                       name, one11.resolves, one11.exiled, one10.calls, one11.calls);
        /* The same game, event for event and draw for draw. */
        g_assert_cmpstr(json11, ==, json10);
        g_assert_cmpuint(one11.exiled, ==, one10.exiled);
        g_assert_cmpuint(one11.calls, <=, 2 * one11.exiled + CALLS_PER_RESOLVE * one11.resolves);
        v10.resolves += one10.resolves, v10.exiled += one10.exiled, v10.calls += one10.calls;
        v11.resolves += one11.resolves, v11.exiled += one11.exiled, v11.calls += one11.calls;
    }
    g_assert_cmpuint(v11.exiled, >, 0);
    /* The batched calls really were used: fewer calls for the same cards. */
    g_assert_cmpuint(v11.calls, <, v10.calls);
    g_print("# %u scenarios, %u resolves, %u cards exiled\n", paths->len, v11.resolves,
            v11.exiled);
    g_print("# host calls: 1.0 table %u (%.2f per exiled card), 1.1 table %u (%.2f)\n",
            v10.calls, (double)v10.calls / v10.exiled, v11.calls, (double)v11.calls / v11.exiled);
}

/* Every scenario resolved in steps, every question waiting, and blocking,
 * on the game's whole table. */
static void test_stepped_same_game(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(RefCardDb) db = ref_carddb_load_builtin(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) paths = scenario_paths();
    Counts blocking = { 0 }, stepped = { 0 };

    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autoptr(RefScenario) scenario = ref_scenario_load_file(path, &error);
        g_assert_no_error(error);
        Counts b = { 0 }, s = { 0 };
        g_autofree char *trace_b = NULL, *trace_s = NULL;
        g_autofree char *json_b = play_resolving(scenario, db, 0, FALSE, &b, &trace_b);
        g_autofree char *json_s = play_resolving(scenario, db, 0, TRUE, &s, &trace_s);
        g_autofree char *name = g_path_get_basename(path);
        g_test_message("%s: %u questions through callbacks (blocking), %u choices asked "
                       "between turns (stepped)", name, b.questions, s.asked);
        g_assert_cmpstr(json_s, ==, json_b);
        g_assert_cmpstr(trace_s, ==, trace_b);
        g_assert_cmpuint(s.questions, ==, 0);
        g_assert_cmpuint(b.asked, ==, 0);
        g_assert_cmpuint(s.asked, ==, b.chooses);
        blocking.questions += b.questions, blocking.chooses += b.chooses;
        stepped.asked += s.asked, stepped.resolves += s.resolves;
    }
    /* The scenarios do ask: castability, choices and casts were waited for. */
    g_assert_cmpuint(blocking.chooses, >, 0);
    g_assert_cmpuint(blocking.questions, >, blocking.chooses);
    g_print("# stepped, every question waiting: %u scenarios, %u resolves, %u questions "
            "waited for (%u of them choices the player was asked), the same documents and "
            "host calls as blocking\n", paths->len, stepped.resolves, blocking.questions,
            stepped.asked);
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
    g_test_add_func("/refhost/host-calls/stepped-same-game", test_stepped_same_game);
    int rc = g_test_run();
    keyact_registry_free(registry);
    return rc;
}
