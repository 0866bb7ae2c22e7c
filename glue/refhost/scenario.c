/* SPDX-License-Identifier: MIT */
/* scenario.c - reading a scenario file and playing its steps. */
#include "scenario.h"

#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "carddb-private.h"
#include "policy.h"

/* Scenarios are small hand-written files; anything larger is a mistake. */
#define REF_SCENARIO_MAX_BYTES ((gsize)16 * 1024 * 1024)

/* The zones a scenario may fill, by key. */
static const RefZone player_zones[] = {
    REF_ZONE_LIBRARY, REF_ZONE_HAND, REF_ZONE_EXILE, REF_ZONE_BATTLEFIELD, REF_ZONE_GRAVEYARD,
};

static void input_error(GError **error, const char *where, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

static void input_error(GError **error, const char *where, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT, "%s: %s", where, message);
}

static void step_free(gpointer data)
{
    RefStep *step = data;
    g_free(step->player);
    g_free(step->source);
    g_free(step->card);
    g_free(step->face);
    g_free(step->note);
    g_ptr_array_unref(step->choose);
    g_ptr_array_unref(step->cannot_cast);
    g_ptr_array_unref(step->cast_fails);
    g_free(step);
}

static void scenario_player_free(gpointer data)
{
    RefScenarioPlayer *player = data;
    for (guint z = 0; z < REF_N_ZONES; z++)
        if (player->zones[z] != NULL)
            g_ptr_array_unref(player->zones[z]);
    g_free(player->name);
    g_free(player);
}

void ref_scenario_free(RefScenario *scenario)
{
    if (scenario == NULL)
        return;
    g_free(scenario->origin);
    g_free(scenario->base_dir);
    g_free(scenario->description);
    g_free(scenario->cards);
    g_ptr_array_unref(scenario->players);
    g_ptr_array_unref(scenario->steps);
    g_free(scenario);
}

/* ---- typed members ---- */

static const char *type_name(JsonNode *node)
{
    if (JSON_NODE_HOLDS_OBJECT(node))
        return "an object";
    if (JSON_NODE_HOLDS_ARRAY(node))
        return "an array";
    if (JSON_NODE_HOLDS_NULL(node))
        return "null";
    GType type = json_node_get_value_type(node);
    if (type == G_TYPE_STRING)
        return "a string";
    if (type == G_TYPE_BOOLEAN)
        return "a boolean";
    return "a number";
}

static gboolean check_keys(JsonObject *obj, const char *const *allowed, const char *where,
                           GError **error)
{
    g_autoptr(GList) members = json_object_get_members(obj);
    for (GList *l = members; l != NULL; l = l->next) {
        if (!g_strv_contains(allowed, l->data)) {
            g_autofree char *list = g_strjoinv("\", \"", (char **)allowed);
            input_error(error, where, "unknown key \"%s\" (known keys: \"%s\")",
                        (const char *)l->data, list);
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean get_string(JsonObject *obj, const char *key, gboolean required,
                           char **out, const char *where, GError **error)
{
    JsonNode *node = json_object_get_member(obj, key);
    if (node == NULL) {
        if (required) {
            input_error(error, where, "missing key \"%s\"", key);
            return FALSE;
        }
        return TRUE;
    }
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING ||
        *json_node_get_string(node) == '\0') {
        input_error(error, where, "key \"%s\" must be a non-empty string, not %s", key,
                    type_name(node));
        return FALSE;
    }
    g_free(*out);
    *out = g_strdup(json_node_get_string(node));
    return TRUE;
}

static gboolean node_is_integer(JsonNode *node)
{
    return JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == G_TYPE_INT64;
}

static gboolean get_int(JsonObject *obj, const char *key, gint64 min, gint64 max,
                        gint64 *out, const char *where, GError **error)
{
    JsonNode *node = json_object_get_member(obj, key);
    if (node == NULL)
        return TRUE;
    if (!node_is_integer(node) || json_node_get_int(node) < min || json_node_get_int(node) > max) {
        input_error(error, where, "key \"%s\" must be an integer from %" G_GINT64_FORMAT
                    " to %" G_GINT64_FORMAT, key, min, max);
        return FALSE;
    }
    *out = json_node_get_int(node);
    return TRUE;
}

static gboolean get_bool(JsonObject *obj, const char *key, gboolean *out, const char *where,
                         GError **error)
{
    JsonNode *node = json_object_get_member(obj, key);
    if (node == NULL)
        return TRUE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_BOOLEAN) {
        input_error(error, where, "key \"%s\" must be true or false, not %s", key,
                    type_name(node));
        return FALSE;
    }
    *out = json_node_get_boolean(node);
    return TRUE;
}

/* A list of non-empty strings; a single string counts as a list of one when
 * `allow_single`. */
static gboolean get_string_list(JsonObject *obj, const char *key, gboolean allow_single,
                                GPtrArray *out, const char *where, GError **error)
{
    JsonNode *node = json_object_get_member(obj, key);
    if (node == NULL)
        return TRUE;
    if (allow_single && JSON_NODE_HOLDS_VALUE(node) &&
        json_node_get_value_type(node) == G_TYPE_STRING && *json_node_get_string(node) != '\0') {
        g_ptr_array_add(out, g_strdup(json_node_get_string(node)));
        return TRUE;
    }
    if (!JSON_NODE_HOLDS_ARRAY(node)) {
        input_error(error, where, "key \"%s\" must be %s, not %s", key,
                    allow_single ? "a string or an array of strings" : "an array of strings",
                    type_name(node));
        return FALSE;
    }
    JsonArray *array = json_node_get_array(node);
    for (guint i = 0; i < json_array_get_length(array); i++) {
        JsonNode *item = json_array_get_element(array, i);
        if (!JSON_NODE_HOLDS_VALUE(item) || json_node_get_value_type(item) != G_TYPE_STRING ||
            *json_node_get_string(item) == '\0') {
            input_error(error, where, "key \"%s\", item %u: must be a non-empty string, not %s",
                        key, i + 1, type_name(item));
            return FALSE;
        }
        g_ptr_array_add(out, g_strdup(json_node_get_string(item)));
    }
    return TRUE;
}

/* ---- players and steps ---- */

static RefScenarioPlayer *parse_player(JsonNode *node, guint index, const char *origin,
                                       GError **error)
{
    g_autofree char *where = g_strdup_printf("%s: players[%u]", origin, index);
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        input_error(error, where, "must be an object, not %s", type_name(node));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(node);
    static const char *const keys[] = {
        "name", "library", "hand", "exile", "battlefield", "graveyard", NULL,
    };
    if (!check_keys(obj, keys, where, error))
        return NULL;
    RefScenarioPlayer *player = g_new0(RefScenarioPlayer, 1);
    for (guint i = 0; i < G_N_ELEMENTS(player_zones); i++)
        player->zones[player_zones[i]] = g_ptr_array_new_with_free_func(g_free);
    gboolean ok = get_string(obj, "name", TRUE, &player->name, where, error);
    for (guint i = 0; ok && i < G_N_ELEMENTS(player_zones); i++)
        ok = get_string_list(obj, ref_zone_name(player_zones[i]), FALSE,
                             player->zones[player_zones[i]], where, error);
    if (!ok) {
        scenario_player_free(player);
        return NULL;
    }
    return player;
}

static gboolean parse_discover_n(JsonObject *obj, RefStep *step, const char *where,
                                 GError **error)
{
    JsonNode *node = json_object_get_member(obj, "discover");
    if (JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == G_TYPE_STRING &&
        g_ascii_strcasecmp(json_node_get_string(node), "X") == 0) {
        step->n = -1;
        if (step->x < 0) {
            input_error(error, where, "\"discover\": \"X\" needs the key \"x\" (the value of X)");
            return FALSE;
        }
        return TRUE;
    }
    if (!node_is_integer(node) || json_node_get_int(node) < 0) {
        g_autofree char *text = json_to_string(node, FALSE);
        input_error(error, where, "key \"discover\" must be an integer >= 0 or \"X\", not %s",
                    text);
        return FALSE;
    }
    if (json_node_get_int(node) > G_MAXINT32) {
        input_error(error, where, "key \"discover\" is too large: %" G_GINT64_FORMAT
                    " (at most %d)", json_node_get_int(node), G_MAXINT32);
        return FALSE;
    }
    step->n = (gint)json_node_get_int(node);
    return TRUE;
}

/* "cascade": N, the mana value of the spell that cascades. */
static gboolean parse_cascade_n(JsonObject *obj, RefStep *step, const char *where,
                                GError **error)
{
    JsonNode *node = json_object_get_member(obj, "cascade");
    if (!node_is_integer(node) || json_node_get_int(node) < 0) {
        g_autofree char *text = json_to_string(node, FALSE);
        input_error(error, where, "key \"cascade\" must be an integer >= 0 (the mana value of "
                    "the spell with cascade), not %s", text);
        return FALSE;
    }
    if (json_node_get_int(node) > G_MAXINT32) {
        input_error(error, where, "key \"cascade\" is too large: %" G_GINT64_FORMAT
                    " (at most %d)", json_node_get_int(node), G_MAXINT32);
        return FALSE;
    }
    step->n = (gint)json_node_get_int(node);
    return TRUE;
}

/* Exactly one of the kind keys; the message names the ones present. */
static gboolean check_one_kind(JsonObject *obj, const char *where, GError **error)
{
    static const char *const kinds[] = { "discover", "cascade", "cast" };
    g_autoptr(GString) present = g_string_new(NULL);
    guint count = 0;
    for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
        if (!json_object_has_member(obj, kinds[i]))
            continue;
        g_string_append_printf(present, "%s\"%s\"", count > 0 ? " and " : "", kinds[i]);
        count++;
    }
    if (count == 1)
        return TRUE;
    input_error(error, where, "a step needs exactly one of the keys \"discover\" and \"cast\" "
                "(or \"cascade\"); it has %s", count == 0 ? "none" : present->str);
    return FALSE;
}

static RefStep *parse_step(JsonNode *node, guint index, const char *origin, GError **error)
{
    g_autofree char *where = g_strdup_printf("%s: step %u", origin, index + 1);
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        input_error(error, where, "must be an object, not %s", type_name(node));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(node);
    static const char *const keys[] = {
        "discover", "cascade", "cast", "player", "source", "face", "x", "targets_illegal",
        "note", "choose", "cannot_cast", "cast_fails", NULL,
    };
    if (!check_keys(obj, keys, where, error) || !check_one_kind(obj, where, error))
        return NULL;
    gboolean has_discover = json_object_has_member(obj, "discover");
    gboolean has_cascade = json_object_has_member(obj, "cascade");
    gboolean has_cast = json_object_has_member(obj, "cast");

    g_autoptr(GPtrArray) guard = g_ptr_array_new_with_free_func(step_free);
    RefStep *step = g_new0(RefStep, 1);
    g_ptr_array_add(guard, step);
    step->kind = has_discover ? REF_STEP_DISCOVER : has_cascade ? REF_STEP_CASCADE : REF_STEP_CAST;
    step->x = -1;
    step->choose = g_ptr_array_new_with_free_func(g_free);
    step->cannot_cast = g_ptr_array_new_with_free_func(g_free);
    step->cast_fails = g_ptr_array_new_with_free_func(g_free);

    gint64 x = -1;
    if (!get_int(obj, "x", 0, G_MAXINT32, &x, where, error))
        return NULL;
    step->x = (gint)x;
    if (has_discover && !parse_discover_n(obj, step, where, error))
        return NULL;
    if (has_cascade && !parse_cascade_n(obj, step, where, error))
        return NULL;
    if (has_cast && !get_string(obj, "cast", TRUE, &step->card, where, error))
        return NULL;
    if (!has_cast && json_object_has_member(obj, "face")) {
        input_error(error, where, "key \"face\" belongs to \"cast\" steps");
        return NULL;
    }
    if (has_cast && json_object_has_member(obj, "source")) {
        input_error(error, where, "key \"source\" belongs to \"discover\" and \"cascade\" steps");
        return NULL;
    }
    /* A cascade is a trigger of a spell already cast: no targets of its own. */
    if (has_cascade && json_object_has_member(obj, "targets_illegal")) {
        input_error(error, where, "key \"targets_illegal\" belongs to \"cast\" and \"discover\" "
                    "steps");
        return NULL;
    }
    if (!get_string(obj, "player", FALSE, &step->player, where, error) ||
        !get_string(obj, "source", FALSE, &step->source, where, error) ||
        !get_string(obj, "face", FALSE, &step->face, where, error) ||
        !get_string(obj, "note", FALSE, &step->note, where, error) ||
        !get_bool(obj, "targets_illegal", &step->targets_illegal, where, error) ||
        !get_string_list(obj, "choose", TRUE, step->choose, where, error) ||
        !get_string_list(obj, "cannot_cast", FALSE, step->cannot_cast, where, error) ||
        !get_string_list(obj, "cast_fails", FALSE, step->cast_fails, where, error))
        return NULL;
    for (guint i = 0; i < step->choose->len; i++) {
        const char *choice = g_ptr_array_index(step->choose, i);
        if (!ref_policy_choice_valid(choice)) {
            input_error(error, where, "key \"choose\": \"%s\" is not \"cast\", \"hand\", "
                        "\"bottom\" or \"face:NAME\"", choice);
            return NULL;
        }
    }
    if (step->targets_illegal && step->kind == REF_STEP_DISCOVER && step->source == NULL) {
        input_error(error, where, "\"targets_illegal\" needs the key \"source\" (the spell)");
        return NULL;
    }
    return g_ptr_array_steal_index(guard, 0);
}

static RefScenario *parse_root(JsonNode *root, const char *origin, const char *base_dir,
                               GError **error)
{
    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        input_error(error, origin, "the scenario must be a JSON object, not %s", type_name(root));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(root);
    static const char *const keys[] = {
        "seed", "cards", "description", "players", "steps", NULL,
    };
    if (!check_keys(obj, keys, origin, error))
        return NULL;

    g_autoptr(RefScenario) scenario = g_new0(RefScenario, 1);
    scenario->origin = g_strdup(origin);
    scenario->base_dir = g_strdup(base_dir);
    scenario->players = g_ptr_array_new_with_free_func(scenario_player_free);
    scenario->steps = g_ptr_array_new_with_free_func(step_free);

    gint64 seed = 1;
    scenario->has_seed = json_object_has_member(obj, "seed");
    if (!get_int(obj, "seed", 0, G_MAXINT64, &seed, origin, error) ||
        !get_string(obj, "cards", FALSE, &scenario->cards, origin, error) ||
        !get_string(obj, "description", FALSE, &scenario->description, origin, error))
        return NULL;
    scenario->seed = (guint64)seed;

    JsonNode *players = json_object_get_member(obj, "players");
    JsonNode *steps = json_object_get_member(obj, "steps");
    if (players == NULL || steps == NULL) {
        input_error(error, origin, "missing key \"%s\"", players == NULL ? "players" : "steps");
        return NULL;
    }
    if (!JSON_NODE_HOLDS_ARRAY(players) || json_array_get_length(json_node_get_array(players)) == 0) {
        input_error(error, origin, "key \"players\" must be a non-empty array");
        return NULL;
    }
    if (!JSON_NODE_HOLDS_ARRAY(steps)) {
        input_error(error, origin, "key \"steps\" must be an array, not %s", type_name(steps));
        return NULL;
    }
    JsonArray *player_array = json_node_get_array(players);
    for (guint i = 0; i < json_array_get_length(player_array); i++) {
        RefScenarioPlayer *player = parse_player(json_array_get_element(player_array, i), i,
                                                 origin, error);
        if (player == NULL)
            return NULL;
        for (guint j = 0; j < scenario->players->len; j++) {
            const RefScenarioPlayer *other = g_ptr_array_index(scenario->players, j);
            if (g_str_equal(other->name, player->name)) {
                input_error(error, origin, "players[%u]: the name \"%s\" is used twice", i,
                            player->name);
                scenario_player_free(player);
                return NULL;
            }
        }
        g_ptr_array_add(scenario->players, player);
    }
    JsonArray *step_array = json_node_get_array(steps);
    for (guint i = 0; i < json_array_get_length(step_array); i++) {
        RefStep *step = parse_step(json_array_get_element(step_array, i), i, origin, error);
        if (step == NULL)
            return NULL;
        g_ptr_array_add(scenario->steps, step);
    }
    return g_steal_pointer(&scenario);
}

RefScenario *ref_scenario_load_data(const char *data, gssize length, const char *origin,
                                    const char *base_dir, GError **error)
{
    g_autoptr(JsonParser) parser = json_parser_new_immutable();
    g_autoptr(GError) parse_error = NULL;
    gsize size = length < 0 ? strlen(data) : (gsize)length;
    if (!ref_json_prescan(data, size, origin, &parse_error)) {
        /* Already "ORIGIN:LINE:COLUMN: what", e.g. nesting too deep for json-glib. */
        g_set_error_literal(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT, parse_error->message);
        return NULL;
    }
    if (!json_parser_load_from_data(parser, data, length, &parse_error)) {
        /* json-glib says "<data>:LINE:COLUMN: Parse error: ..."; name the
         * file and the position, and say what was wrong in our words. */
        const char *message = parse_error->message;
        guint line = 0, column = 0;
        if (sscanf(message, "<data>:%u:%u:", &line, &column) != 2)
            line = column = 0;
        g_autofree char *what = ref_json_describe_error(message);
        if (line > 0)
            input_error(error, origin, "not valid JSON at %u:%u: %s", line, column, what);
        else
            input_error(error, origin, "not valid JSON: %s", what);
        return NULL;
    }
    JsonNode *root = json_parser_get_root(parser);
    if (root == NULL) {
        input_error(error, origin, "the file is empty");
        return NULL;
    }
    return parse_root(root, origin, base_dir, error);
}

RefScenario *ref_scenario_load_file(const char *path, GError **error)
{
    g_autofree char *data = NULL;
    gsize length = 0;
    g_autoptr(GError) io_error = NULL;
    if (!g_file_get_contents(path, &data, &length, &io_error)) {
        input_error(error, path, "cannot read the scenario: %s", io_error->message);
        return NULL;
    }
    if (length > REF_SCENARIO_MAX_BYTES) {
        input_error(error, path, "the scenario is larger than %" G_GSIZE_FORMAT " bytes",
                    REF_SCENARIO_MAX_BYTES);
        return NULL;
    }
    /* Relative "cards" paths start at the scenario's own directory. */
    g_autofree char *absolute = g_canonicalize_filename(path, NULL);
    g_autofree char *base_dir = g_path_get_dirname(absolute);
    return ref_scenario_load_data(data, (gssize)length, path, base_dir, error);
}

/* ---- building the game ---- */

static const RefCard *lookup_card(const RefCardDb *db, const char *name, const char *where,
                                  GError **error)
{
    const RefCard *card = ref_carddb_lookup(db, name);
    if (card == NULL)
        input_error(error, where, "unknown card \"%s\" (not in the card database)", name);
    return card;
}

static gboolean check_names(const RefCardDb *db, const GPtrArray *names, const char *key,
                            const char *where, GError **error)
{
    for (guint i = 0; i < names->len; i++) {
        g_autofree char *at = g_strdup_printf("%s, key \"%s\"", where, key);
        if (lookup_card(db, g_ptr_array_index(names, i), at, error) == NULL)
            return FALSE;
    }
    return TRUE;
}

static gint face_index(const RefCard *card, const char *face)
{
    for (guint i = 0; i < card->n_faces; i++)
        if (g_ascii_strcasecmp(card->faces[i].name, face) == 0)
            return (gint)i;
    return -1;
}

static gboolean check_step(const RefScenario *scenario, const RefCardDb *db,
                           const RefGame *game, guint index, GError **error)
{
    const RefStep *step = g_ptr_array_index(scenario->steps, index);
    g_autofree char *where = g_strdup_printf("%s: step %u", scenario->origin, index + 1);
    if (step->player != NULL && ref_game_find_player(game, step->player) < 0) {
        input_error(error, where, "key \"player\": no player is named \"%s\"", step->player);
        return FALSE;
    }
    if (!check_names(db, step->cannot_cast, "cannot_cast", where, error) ||
        !check_names(db, step->cast_fails, "cast_fails", where, error))
        return FALSE;
    for (guint i = 0; i < step->choose->len; i++) {
        const char *choice = g_ptr_array_index(step->choose, i);
        g_autofree char *at = g_strdup_printf("%s, key \"choose\"", where);
        if (g_str_has_prefix(choice, "face:") && lookup_card(db, choice + 5, at, error) == NULL)
            return FALSE;
    }
    g_autofree char *source_where = g_strdup_printf("%s, key \"source\"", where);
    if (step->source != NULL && lookup_card(db, step->source, source_where, error) == NULL)
        return FALSE;
    if (step->kind == REF_STEP_CAST) {
        g_autofree char *at = g_strdup_printf("%s, key \"cast\"", where);
        const RefCard *card = lookup_card(db, step->card, at, error);
        if (card == NULL)
            return FALSE;
        if (step->face != NULL && face_index(card, step->face) < 0) {
            input_error(error, where, "key \"face\": \"%s\" has no face named \"%s\"", card->name,
                        step->face);
            return FALSE;
        }
    }
    return TRUE;
}

RefGame *ref_scenario_build_game(const RefScenario *scenario, const RefCardDb *db,
                                 guint64 seed, GError **error)
{
    g_autoptr(RefGame) game = ref_game_new(db, seed);
    for (guint i = 0; i < scenario->players->len; i++) {
        const RefScenarioPlayer *sp = g_ptr_array_index(scenario->players, i);
        guint player = ref_game_add_player(game, sp->name);
        for (guint z = 0; z < G_N_ELEMENTS(player_zones); z++) {
            const GPtrArray *names = sp->zones[player_zones[z]];
            for (guint c = 0; c < names->len; c++) {
                g_autofree char *where = g_strdup_printf("%s: players[%u] (%s), %s[%u]",
                                                         scenario->origin, i, sp->name,
                                                         ref_zone_name(player_zones[z]), c);
                const RefCard *card = lookup_card(db, g_ptr_array_index(names, c), where, error);
                if (card == NULL)
                    return NULL;
                ref_game_add_card(game, player, card, player_zones[z]);
            }
        }
    }
    for (guint i = 0; i < scenario->steps->len; i++)
        if (!check_step(scenario, db, game, i, error))
            return NULL;
    return g_steal_pointer(&game);
}

/* ---- playing ---- */

static guint step_player(const RefStep *step, const RefGame *game)
{
    return step->player != NULL ? (guint)ref_game_find_player(game, step->player) : 0;
}

char *ref_scenario_describe_step(const RefScenario *scenario, guint index)
{
    const RefStep *step = g_ptr_array_index(scenario->steps, index);
    const RefScenarioPlayer *player = g_ptr_array_index(scenario->players, 0);
    const char *name = step->player != NULL ? step->player : player->name;
    if (step->kind == REF_STEP_CAST)
        return g_strdup_printf("%s casts %s%s%s", name, step->face != NULL ? step->face : step->card,
                               step->face != NULL ? " from " : "",
                               step->face != NULL ? step->card : "");
    if (step->kind == REF_STEP_CASCADE)
        return g_strdup_printf("%s cascades (mana value %d%s%s)", name, step->n,
                               step->source != NULL ? ", source: " : "",
                               step->source != NULL ? step->source : "");
    g_autofree char *n = step->n >= 0 ? g_strdup_printf("%d", step->n)
                                      : g_strdup_printf("X (X = %d)", step->x);
    if (step->source != NULL)
        return g_strdup_printf("%s discovers %s (source: %s)", name, n, step->source);
    return g_strdup_printf("%s discovers %s", name, n);
}

static void copy_list(GPtrArray *to, const GPtrArray *from)
{
    g_ptr_array_set_size(to, 0);
    for (guint i = 0; i < from->len; i++)
        g_ptr_array_add(to, g_strdup(g_ptr_array_index(from, i)));
}

static void set_policy(RefGame *game, const RefStep *step)
{
    ref_policy_clear(&game->policy);
    copy_list(game->policy.choose, step->choose);
    copy_list(game->policy.cannot_cast, step->cannot_cast);
    copy_list(game->policy.cast_fails, step->cast_fails);
    game->policy.x = step->x;
}

/* The source of a discover step: that card in one of the player's zones
 * (battlefield first), else a new card in no zone, named only. */
static guint find_source(RefGame *game, guint player, const char *name)
{
    static const RefZone search[] = {
        REF_ZONE_BATTLEFIELD, REF_ZONE_STACK, REF_ZONE_HAND, REF_ZONE_GRAVEYARD, REF_ZONE_EXILE,
    };
    for (guint i = 0; i < G_N_ELEMENTS(search); i++) {
        guint id = ref_game_find_in_zone(game, player, search[i], name);
        if (id != 0)
            return id;
    }
    return ref_game_add_card(game, player, ref_carddb_lookup(game->db, name), REF_ZONE_NONE);
}

static gboolean run_discover_step(const RefStep *step, RefGame *game, guint player,
                                  const RefActions *actions, GError **error)
{
    gint n = step->n >= 0 ? step->n : step->x;
    if (step->source == NULL)
        return ref_engine_discover(game, actions, player, n, 0, error);

    guint source = find_source(game, player, step->source);
    const RefCard *card = ref_game_card(game, source)->card;
    if (ref_engine_face_is_permanent(card, 0)) {
        if (step->targets_illegal) {
            g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT,
                        "key \"targets_illegal\" needs an instant or sorcery source, and %s is "
                        "a permanent", card->name);
            return FALSE;
        }
        return ref_engine_discover(game, actions, player, n, source, error);
    }
    /* An instant or sorcery source discovers as it resolves: put it on the
     * stack as a cast spell, then let the stack resolve it. The step's N
     * stands for the spell's. */
    ref_engine_put_spell(game, player, source, 0, FALSE, step->x, step->targets_illegal);
    RefStackItem *item = &g_array_index(game->stack, RefStackItem, game->stack->len - 1);
    item->n = n;
    return TRUE;
}

static gboolean run_cast_step(const RefStep *step, RefGame *game, guint player,
                              GError **error)
{
    guint id = ref_game_find_in_zone(game, player, REF_ZONE_HAND, step->card);
    const RefPlayer *p = ref_game_player(game, player);
    if (id == 0) {
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT,
                    "%s has no \"%s\" in hand to cast", p->name, step->card);
        return FALSE;
    }
    const RefCard *card = ref_game_card(game, id)->card;
    gint face = step->face != NULL ? face_index(card, step->face) : 0;
    if (card->faces[face].is_land) {
        g_set_error(error, REF_GAME_ERROR, REF_GAME_ERROR_INPUT,
                    "%s is a land: it is played, not cast", card->faces[face].name);
        return FALSE;
    }
    ref_engine_cast_spell(game, player, id, (guint)face, FALSE, step->x, step->targets_illegal);
    RefEvent event = ref_event_init(REF_EVENT_CAST, player, id);
    event.face = (guint)face;
    ref_game_add_event(game, &event);
    return TRUE;
}

/* The cascade of a step: the source is only named (a spell cast earlier
 * whose trigger now resolves, or a card in no zone); N is the step's. */
static gboolean run_cascade_step(const RefStep *step, RefGame *game, guint player,
                                 const RefActions *actions, GError **error)
{
    guint source = step->source != NULL ? find_source(game, player, step->source) : 0;
    return ref_engine_cascade(game, actions, player, step->n, source, error);
}

/* The engine's loop until the stack is empty: a choice goes to the player
 * between two turns, and the resolve steps on at the next. */
static gboolean play_turns(RefGame *game, const RefActions *actions, RefAskPlayer ask,
                           gpointer ask_data, GError **error)
{
    for (;;) {
        RefChoice choice;
        switch (ref_engine_turn(game, actions, error)) {
        case REF_ENGINE_IDLE:
            return TRUE;
        case REF_ENGINE_FAILED:
            return FALSE;
        case REF_ENGINE_ASKING:
            ref_engine_get_choice(game, &choice);
            if (!ref_engine_choose(game, ask != NULL ? ask(game, &choice, ask_data) : -1, error))
                return FALSE;
            break;
        case REF_ENGINE_BUSY:
            break;
        }
    }
}

gboolean ref_scenario_run_step(const RefScenario *scenario, guint index, RefGame *game,
                               const RefActions *actions, RefAskPlayer ask, gpointer ask_data,
                               GError **error)
{
    const RefStep *step = g_ptr_array_index(scenario->steps, index);
    guint player = step_player(step, game);
    g_autoptr(GError) local = NULL;
    set_policy(game, step);
    gboolean ok;
    switch (step->kind) {
    case REF_STEP_CAST:
        ok = run_cast_step(step, game, player, &local);
        break;
    case REF_STEP_CASCADE:
        ok = run_cascade_step(step, game, player, actions, &local);
        break;
    case REF_STEP_DISCOVER:
    default:
        ok = run_discover_step(step, game, player, actions, &local);
        break;
    }
    if (ok)
        ok = play_turns(game, actions, ask, ask_data, &local);
    if (!ok) {
        g_set_error(error, REF_GAME_ERROR, local->code, "%s: step %u: %s", scenario->origin,
                    index + 1, local->message);
        return FALSE;
    }
    return TRUE;
}
