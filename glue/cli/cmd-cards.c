/* SPDX-License-Identifier: MIT */
/* cmd-cards.c - `keyact cards`: the cards of the built-in set (or of a card
 * file), one per line: name, layout, mana value as the Discover plugin
 * computes it (as `keyact card` shows it), and the keyword action each card
 * has (discover N, cascade). --layout and --discover narrow the list.
 */
#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "carddb.h"
#include "commands.h"

typedef struct {
    char *cards;    /* --cards FILE, or NULL for the built-in set */
    char *layout;   /* --layout L, or NULL for every layout */
    gboolean discover;
    gboolean json;
    char *plugin;   /* --plugin PATH, or NULL for the search path */
} CardsOptions;

static void cards_options_clear(CardsOptions *opts)
{
    g_clear_pointer(&opts->cards, g_free);
    g_clear_pointer(&opts->layout, g_free);
    g_clear_pointer(&opts->plugin, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CardsOptions, cards_options_clear)

/* One card as listed. */
typedef struct {
    const RefCard *card;
    gboolean valued;  /* FALSE when the plugin cannot value the card (a cost it does not know) */
    guint32 halves;   /* mana value x2 in library and exile */
    guint32 is_land;
    guint cascade;    /* instances of cascade on the front face */
} Row;

static const char *discover_kind_name(RefDiscoverKind kind)
{
    switch (kind) {
    case REF_DISCOVER_ON_RESOLVE:  return "on_resolve";
    case REF_DISCOVER_ETB_IF_CAST: return "etb_if_cast";
    case REF_DISCOVER_ETB:         return "etb";
    case REF_DISCOVER_OTHER:       return "other";
    case REF_DISCOVER_NONE:        break;
    }
    return "none";
}

/* "discover 3", "discover X", "cascade", "cascade x2", joined by ", "; ""
 * for a card with neither. */
static char *actions_text(const Row *row)
{
    g_autoptr(GString) text = g_string_new(NULL);
    if (row->card->discover_kind != REF_DISCOVER_NONE) {
        if (row->card->discover_n < 0)
            g_string_append(text, "discover X");
        else
            g_string_append_printf(text, "discover %d", row->card->discover_n);
    }
    if (row->cascade > 0) {
        g_string_append_printf(text, "%scascade", text->len > 0 ? ", " : "");
        if (row->cascade > 1)
            g_string_append_printf(text, " x%u", row->cascade);
    }
    return g_string_free(g_steal_pointer(&text), FALSE);
}

static guint cascade_instances(const RefCard *card)
{
    guint n = 0;
    for (guint f = 0; f < card->n_faces; f++)
        n = MAX(n, card->faces[f].cascade);
    return n;
}

static gboolean wanted(const RefCard *card, const CardsOptions *opts)
{
    if (opts->layout != NULL && g_ascii_strcasecmp(card->layout_name, opts->layout) != 0)
        return FALSE;
    return !opts->discover || card->discover_kind != REF_DISCOVER_NONE;
}

static void print_text(const GArray *rows, const char *source)
{
    int name_width = 4, layout_width = 6;
    for (guint i = 0; i < rows->len; i++) {
        const Row *row = &g_array_index(rows, Row, i);
        name_width = MAX(name_width, (int)g_utf8_strlen(row->card->name, -1));
        layout_width = MAX(layout_width, (int)strlen(row->card->layout_name));
    }
    printf("%u card%s in %s\n", rows->len, rows->len == 1 ? "" : "s", source);
    if (rows->len == 0)
        return;
    printf("%-*s  %-*s  %-10s  %s\n", name_width, "NAME", layout_width, "LAYOUT", "MANA VALUE",
           "ACTION");
    for (guint i = 0; i < rows->len; i++) {
        const Row *row = &g_array_index(rows, Row, i);
        g_autofree char *mv = row->valued ? keyact_cli_format_halves(row->halves) : g_strdup("?");
        g_autofree char *value = row->is_land ? g_strdup_printf("%s (land)", mv) : g_strdup(mv);
        g_autofree char *actions = actions_text(row);
        /* Pad by characters, not bytes: names may hold UTF-8. */
        int pad = name_width - (int)g_utf8_strlen(row->card->name, -1);
        g_autoptr(GString) line = g_string_new(NULL);
        g_string_append_printf(line, "%s%*s  %-*s  %-10s  %s", row->card->name, pad, "",
                               layout_width, row->card->layout_name, value, actions);
        while (line->len > 0 && line->str[line->len - 1] == ' ')
            g_string_truncate(line, line->len - 1);
        printf("%s\n", line->str);
    }
}

static void add_mana_value(JsonBuilder *b, guint32 halves)
{
    if (halves % 2 == 0)
        json_builder_add_int_value(b, halves / 2);
    else
        json_builder_add_double_value(b, halves / 2.0);
}

static void print_json(const GArray *rows, const char *source)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "source");
    json_builder_add_string_value(b, source);
    json_builder_set_member_name(b, "cards");
    json_builder_begin_array(b);
    for (guint i = 0; i < rows->len; i++) {
        const Row *row = &g_array_index(rows, Row, i);
        const RefCard *card = row->card;
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "name");
        json_builder_add_string_value(b, card->name);
        json_builder_set_member_name(b, "layout");
        json_builder_add_string_value(b, card->layout_name);
        json_builder_set_member_name(b, "faces");
        json_builder_begin_array(b);
        for (guint f = 0; f < card->n_faces; f++)
            json_builder_add_string_value(b, card->faces[f].name);
        json_builder_end_array(b);
        json_builder_set_member_name(b, "mana_value");
        if (row->valued)
            add_mana_value(b, row->halves);
        else
            json_builder_add_null_value(b);
        json_builder_set_member_name(b, "land");
        json_builder_add_boolean_value(b, row->is_land != 0);
        json_builder_set_member_name(b, "discover");
        if (card->discover_kind == REF_DISCOVER_NONE) {
            json_builder_add_null_value(b);
        } else {
            json_builder_begin_object(b);
            json_builder_set_member_name(b, "n");
            if (card->discover_n < 0)
                json_builder_add_string_value(b, "X");
            else
                json_builder_add_int_value(b, card->discover_n);
            json_builder_set_member_name(b, "kind");
            json_builder_add_string_value(b, discover_kind_name(card->discover_kind));
            json_builder_end_object(b);
        }
        json_builder_set_member_name(b, "cascade");
        json_builder_add_int_value(b, row->cascade);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autofree char *text = json_to_string(root, TRUE);
    printf("%s\n", text);
}

int keyact_cmd_cards(int argc, char **argv)
{
    g_auto(CardsOptions) opts = { 0 };
    const GOptionEntry entries[] = {
        { "cards", 0, 0, G_OPTION_ARG_FILENAME, &opts.cards,
          "List the cards in FILE (Scryfall or MTGJSON, plain or gzip) instead of the "
          "built-in set", "FILE" },
        { "layout", 0, 0, G_OPTION_ARG_STRING, &opts.layout,
          "Only cards of layout L (normal, split, aftermath, adventure, modal_dfc, transform, "
          "flip, ...)", "L" },
        { "discover", 0, 0, G_OPTION_ARG_NONE, &opts.discover, "Only cards that discover", NULL },
        { "json", 0, 0, G_OPTION_ARG_NONE, &opts.json, "Print JSON instead of text", NULL },
        { "plugin", 0, 0, G_OPTION_ARG_FILENAME, &opts.plugin,
          "Compute mana values with the discover plugin at PATH (default: the one selected "
          "from KEYACT_PLUGIN_PATH and the install dir)", "PATH" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_option_context_set_summary(context,
        "List the cards of the built-in set (or of --cards FILE), one per line: name,\n"
        "layout, mana value in library and exile as the Discover plugin computes it, and\n"
        "the card's keyword action (discover N, cascade). `keyact card NAME` shows one.\n\n"
        "Exit status: 0 ok, 1 plugin error, 2 bad card file or command line.");
    g_option_context_add_main_entries(context, entries, NULL);
    keyact_command_set_prgname("cards");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact cards: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc != 1) {
        g_printerr("keyact cards: no arguments expected (see keyact cards --help)\n");
        return KEYACT_EXIT_INPUT;
    }
    g_autoptr(RefCardDb) db = opts.cards != NULL ? ref_carddb_load_file(opts.cards, &error)
                                                 : ref_carddb_load_builtin(&error);
    if (db == NULL) {
        g_printerr("keyact cards: cards: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    const keyact_rules_ext *rules = NULL;
    g_autoptr(KeyactRegistry) registry = keyact_cli_load_rules(opts.plugin, &rules, &error);
    if (registry == NULL) {
        g_printerr("keyact cards: cannot load the discover plugin: %s\n", error->message);
        return KEYACT_EXIT_RULES;
    }

    g_autoptr(GArray) rows = g_array_new(FALSE, FALSE, sizeof(Row));
    for (guint i = 0; i < ref_carddb_size(db); i++) {
        Row row = { ref_carddb_get(db, i), FALSE, 0, 0, 0 };
        if (!wanted(row.card, &opts))
            continue;
        /* A cost the plugin does not know shows as "?" (null); `keyact card
         * NAME` names the symbol. */
        row.valued = rules->card_mana_value(&row.card->desc, &row.halves, &row.is_land) ==
                     KEYACT_OK;
        row.cascade = cascade_instances(row.card);
        g_array_append_val(rows, row);
    }
    if (opts.json)
        print_json(rows, opts.cards != NULL ? opts.cards : "builtin");
    else
        print_text(rows, opts.cards != NULL ? opts.cards : "the built-in set");
    return KEYACT_EXIT_OK;
}
