/* SPDX-License-Identifier: MIT */
/* play.c - load the cards and the plugin, play the steps, print. */
#include "play.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "keyact-host.h"
#include "report.h"

void keyact_play_add_options(GOptionContext *context, KeyactPlayOptions *opts,
                             gboolean with_cards)
{
    const GOptionEntry entries[] = {
        { "json", 0, 0, G_OPTION_ARG_NONE, &opts->json,
          "Print one JSON document (events, discoveries, cascades, zones) instead of the log",
          NULL },
        { "seed", 0, 0, G_OPTION_ARG_STRING, &opts->seed,
          "Seed the random bottom order with N (overrides the scenario's)", "N" },
        { "plugin", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &opts->plugins,
          "Also load PATH and use it for the actions it provides; repeat for more "
          "(plugins on KEYACT_PLUGIN_PATH and in the install dir are loaded too)", "PATH" },
        { "impl", 0, 0, G_OPTION_ARG_STRING, &opts->impl,
          "Use implementation ID for its action (default: KEYACT_IMPL, else the highest "
          "version; see keyact list)", "ID" },
        { "interactive", 0, 0, G_OPTION_ARG_NONE, &opts->interactive,
          "Ask the player on the terminal instead of following the scenario's choices", NULL },
        { "validate", 0, 0, G_OPTION_ARG_NONE, &opts->validate,
          "Check every answer of the host against the contract and report each violation "
          "on stderr (as KEYACT_VALIDATE=1 does; KEYACT_VALIDATE=fatal also fails the resolve)",
          NULL },
        { "resolve", 0, 0, G_OPTION_ARG_STRING, &opts->resolve,
          "How the host resolves each action: stepped (the default: the plugin returns with "
          "each question and the engine answers it on a later turn) or blocking (the host's "
          "callbacks answer); the same game either way", "stepped|blocking" },
        { "isolated", 0, 0, G_OPTION_ARG_NONE, &opts->isolated,
          "Run every plugin isolated: in a sandboxed helper process that a crash, a hang or "
          "a forbidden act of the plugin costs one resolve, never the game (as "
          "KEYACT_ISOLATE=1 does)", NULL },
        { "cards", 0, 0, G_OPTION_ARG_FILENAME, &opts->cards,
          "Use the cards in FILE (Scryfall or MTGJSON, plain or gzip) instead of the "
          "scenario's (default: the built-in set)", "FILE" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    GOptionEntry used[G_N_ELEMENTS(entries)];
    guint n = 0;
    for (guint i = 0; i < G_N_ELEMENTS(entries); i++)
        if (with_cards || entries[i].long_name == NULL || !g_str_equal(entries[i].long_name, "cards"))
            used[n++] = entries[i];
    /* GOptionContext copies the entries. */
    g_option_context_add_main_entries(context, used, NULL);
}

void keyact_play_options_clear(KeyactPlayOptions *opts)
{
    g_clear_pointer(&opts->seed, g_free);
    g_clear_pointer(&opts->cards, g_free);
    g_clear_pointer(&opts->plugins, g_strfreev);
    g_clear_pointer(&opts->impl, g_free);
    g_clear_pointer(&opts->resolve, g_free);
}

/* --resolve: TRUE for stepped. Interactive play asks the player while the
 * resolve waits, so it needs the stepped resolve. */
static gboolean parse_resolve(const KeyactPlayOptions *opts, gboolean *out_stepped,
                              GError **error)
{
    *out_stepped = opts->resolve == NULL || g_str_equal(opts->resolve, "stepped");
    if (!*out_stepped && !g_str_equal(opts->resolve, "blocking")) {
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                    "\"%s\" is not \"stepped\" or \"blocking\"", opts->resolve);
        return FALSE;
    }
    if (!*out_stepped && opts->interactive) {
        g_set_error_literal(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                            "blocking cannot be used with --interactive, which asks the player "
                            "through the stepped resolve");
        return FALSE;
    }
    return TRUE;
}

static RefCardDb *load_cards(const RefScenario *scenario, const KeyactPlayOptions *opts,
                             GError **error)
{
    if (opts->cards != NULL)
        return ref_carddb_load_file(opts->cards, error);
    if (scenario->cards == NULL || g_str_equal(scenario->cards, "builtin"))
        return ref_carddb_load_builtin(error);
    /* A relative path in a scenario is relative to the scenario file. */
    g_autofree char *path = scenario->base_dir != NULL
                                ? g_canonicalize_filename(scenario->cards, scenario->base_dir)
                                : g_strdup(scenario->cards);
    return ref_carddb_load_file(path, error);
}

static gboolean parse_seed(const RefScenario *scenario, const KeyactPlayOptions *opts,
                           guint64 *out, GError **error)
{
    *out = scenario->has_seed ? scenario->seed : 1;
    if (opts->seed == NULL)
        return TRUE;
    return g_ascii_string_to_unsigned(opts->seed, 10, 0, G_MAXINT64, out, error);
}

/* The text log, printed as the game goes. */
typedef struct {
    guint printed;          /* events already printed */
} TextLog;

static void flush_log(RefGame *game, gpointer data)
{
    TextLog *log = data;
    g_autoptr(GString) out = g_string_new(NULL);
    ref_report_text_events(game, log->printed, game->events->len, out);
    log->printed = game->events->len;
    fputs(out->str, stdout);
    fflush(stdout);
}

/* Print `text` wrapped at 78 columns, each line after `indent`. */
static void print_wrapped(const char *text, const char *indent)
{
    g_auto(GStrv) words = g_strsplit_set(text, " \n", -1);
    gsize column = 0;
    for (guint i = 0; words[i] != NULL; i++) {
        gsize len = g_utf8_strlen(words[i], -1);
        if (len == 0)
            continue;
        if (column > 0 && column + 1 + len > 78) {
            putchar('\n');
            column = 0;
        }
        if (column == 0) {
            fputs(indent, stdout);
            column = strlen(indent);
        } else {
            putchar(' ');
            column++;
        }
        fputs(words[i], stdout);
        column += len;
    }
    if (column > 0)
        putchar('\n');
}

/* The actions the reference host resolves, as the log and the JSON name
 * their implementations: discover always, cascade when one is loaded. */
static const char *const host_actions[] = { "discover", "cascade" };

static gboolean shows_action(KeyactRegistry *registry, const char *name)
{
    return g_str_equal(name, "discover") ||
           keyact_registry_get_selection(registry, name, NULL, NULL) != KEYACT_SELECTED_NONE;
}

static void print_implementations(KeyactRegistry *registry)
{
    g_autoptr(GString) out = g_string_new("Implementations:\n");
    for (guint i = 0; i < G_N_ELEMENTS(host_actions); i++)
        if (shows_action(registry, host_actions[i]))
            keyact_cli_append_selection_text(registry, host_actions[i], out);
    g_string_append(out, "\n");
    fputs(out->str, stdout);
}

/* The report's document with "implementations" after "seed". */
static char *json_with_implementations(const RefGame *game, guint64 seed,
                                       KeyactRegistry *registry)
{
    g_autoptr(JsonNode) report = ref_report_json(game, seed);
    JsonObject *members = json_node_get_object(report);
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "seed");
    json_builder_add_value(b, json_object_dup_member(members, "seed"));
    json_builder_set_member_name(b, "implementations");
    json_builder_begin_array(b);
    for (guint i = 0; i < G_N_ELEMENTS(host_actions); i++)
        if (shows_action(registry, host_actions[i]))
            keyact_cli_add_selection_json(b, registry, host_actions[i]);
    json_builder_end_array(b);
    g_autoptr(GList) names = json_object_get_members(members);
    for (GList *l = names; l != NULL; l = l->next) {
        if (g_str_equal(l->data, "seed"))
            continue;
        json_builder_set_member_name(b, l->data);
        json_builder_add_value(b, json_object_dup_member(members, l->data));
    }
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autoptr(JsonGenerator) generator = json_generator_new();
    json_generator_set_pretty(generator, TRUE);
    json_generator_set_indent(generator, 2);
    json_generator_set_root(generator, root);
    return json_generator_to_data(generator, NULL);
}

static int exit_status_of(const GError *error)
{
    return g_error_matches(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT) ? KEYACT_EXIT_INPUT
                                                                        : KEYACT_EXIT_RULES;
}

/* Whether the player is asked: on a terminal, and for each action whose
 * plugin can wait for the answer (ABI 1.3), else the scenario answers. */
static gboolean asks_player(const RefActions *actions, const KeyactPlayOptions *opts)
{
    if (!opts->interactive)
        return FALSE;
    if (!isatty(STDIN_FILENO)) {
        g_printerr("keyact: --interactive: standard input is not a terminal; "
                   "following the scenario's choices\n");
        return FALSE;
    }
    const KeyactBoundAction *loaded[] = { actions->discover, actions->cascade };
    for (guint i = 0; i < G_N_ELEMENTS(loaded); i++)
        if (loaded[i] != NULL && keyact_bound_action_state_size(loaded[i]) == 0)
            g_printerr("keyact: --interactive: %s (%s) has no stepped resolve (ABI 1.3); "
                       "its choices follow the scenario\n", loaded[i]->action->name,
                       loaded[i]->action->impl_id);
    return TRUE;
}

static int play_steps(const RefScenario *scenario, RefGame *game, const RefActions *actions,
                      KeyactRegistry *registry, const KeyactPlayOptions *opts, guint64 seed)
{
    TextLog log = { 0 };
    KeyactInteractive interactive = {
        .out = opts->json ? stderr : stdout,
        .flush = opts->json ? NULL : flush_log,
        .flush_data = &log,
    };
    RefAskPlayer ask = asks_player(actions, opts) ? keyact_interactive_ask : NULL;
    if (!opts->json)
        print_implementations(registry);
    if (!opts->json && scenario->description != NULL)
        print_wrapped(scenario->description, "");

    for (guint i = 0; i < scenario->steps->len; i++) {
        const RefStep *step = g_ptr_array_index(scenario->steps, i);
        if (!opts->json) {
            g_autofree char *title = ref_scenario_describe_step(scenario, i);
            printf("\n== Step %u: %s\n", i + 1, title);
            if (step->note != NULL)
                print_wrapped(step->note, "   ");
        }
        g_autoptr(GError) error = NULL;
        gboolean ok = ref_scenario_run_step(scenario, i, game, actions, ask, &interactive,
                                            &error);
        if (!opts->json)
            flush_log(game, &log);
        if (!ok) {
            fflush(stdout);
            g_printerr("keyact: %s\n", error->message);
            return exit_status_of(error);
        }
    }
    if (opts->json) {
        g_autofree char *text = json_with_implementations(game, seed, registry);
        printf("%s\n", text);
    } else {
        g_autoptr(GString) zones = g_string_new("\n== Final zones\n");
        ref_report_text_zones(game, zones);
        fputs(zones->str, stdout);
    }
    return KEYACT_EXIT_OK;
}

int keyact_play_scenario(const RefScenario *scenario, const KeyactPlayOptions *opts)
{
    g_autoptr(GError) error = NULL;
    gboolean stepped;
    if (!parse_resolve(opts, &stepped, &error)) {
        g_printerr("keyact: --resolve: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    guint64 seed;
    if (!parse_seed(scenario, opts, &seed, &error)) {
        g_printerr("keyact: --seed: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    g_autoptr(RefCardDb) db = load_cards(scenario, opts, &error);
    if (db == NULL) {
        g_printerr("keyact: %s: cards: %s\n", scenario->origin, error->message);
        return KEYACT_EXIT_INPUT;
    }
    g_autoptr(RefGame) game = ref_scenario_build_game(scenario, db, seed, &error);
    if (game == NULL) {
        g_printerr("keyact: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    /* Discover is required; cascade is used when a loaded plugin has it (a
     * scenario that cascades without it stops with a rules error). */
    KeyactBoundAction discover, cascade;
    g_autoptr(KeyactRegistry) registry = keyact_cli_load_discover(
        (const char *const *)opts->plugins, opts->impl, opts->isolated, &discover, &error);
    if (registry == NULL) {
        g_printerr("keyact: cannot load the discover plugin: %s\n", error->message);
        return KEYACT_EXIT_RULES;
    }
    /* --validate asks for reports at least; KEYACT_VALIDATE=fatal stays fatal. */
    if (opts->validate && keyact_registry_get_validation(registry) == KEYACT_VALIDATION_OFF)
        keyact_registry_set_validation(registry, KEYACT_VALIDATION_REPORT);
    RefActions actions = {
        .discover = &discover,
        .cascade = keyact_registry_lookup(registry, "cascade", NULL, &cascade, NULL) ? &cascade
                                                                                     : NULL,
        .stepped = stepped,
    };
    const keyact_rules_ext *rules = keyact_plugin_get_extension(discover.plugin, KEYACT_EXT_RULES);
    if (rules != NULL && rules->struct_size >= sizeof *rules && rules->card_mana_value != NULL)
        game->rules = rules;
    return play_steps(scenario, game, &actions, registry, opts, seed);
}
