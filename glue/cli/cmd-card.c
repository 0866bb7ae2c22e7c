/* SPDX-License-Identifier: MIT */
/* cmd-card.c - `keyact card NAME`: what the Discover plugin sees of a card
 * (layout, faces and their mana values, the card's value in library and
 * exile, land or not) and, with --discover N, whether discover N stops on it
 * and which faces the rules let the player cast.
 */
#include <stdio.h>
#include <string.h>

#include "carddb.h"
#include "commands.h"

/* Suggestions for an unknown name: at most this many, at most this far
 * (edit distance) from what was typed. */
#define SUGGEST_MAX 5u
#define SUGGEST_MAX_DISTANCE 3u

typedef struct {
    char *cards;    /* --cards FILE, or NULL for the built-in set */
    char *discover; /* --discover N as typed, or NULL */
    char *plugin;   /* --plugin PATH, or NULL for the search path */
} CardOptions;

static void card_options_clear(CardOptions *opts)
{
    g_clear_pointer(&opts->cards, g_free);
    g_clear_pointer(&opts->discover, g_free);
    g_clear_pointer(&opts->plugin, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CardOptions, card_options_clear)

/* Levenshtein distance of two byte strings, stopping early once every path
 * is past `limit` (the answer is then limit + 1). */
static guint edit_distance(const char *a, const char *b, guint limit)
{
    gsize la = strlen(a), lb = strlen(b);
    if ((la > lb ? la - lb : lb - la) > limit)
        return limit + 1;
    g_autofree guint *row = g_new(guint, lb + 1);
    for (gsize j = 0; j <= lb; j++)
        row[j] = (guint)j;
    for (gsize i = 1; i <= la; i++) {
        guint diagonal = row[0], best = (guint)i;
        row[0] = (guint)i;
        for (gsize j = 1; j <= lb; j++) {
            guint above = row[j];
            guint cost = a[i - 1] == b[j - 1] ? 0u : 1u;
            row[j] = MIN(MIN(above + 1, row[j - 1] + 1), diagonal + cost);
            diagonal = above;
            best = MIN(best, row[j]);
        }
        if (best > limit)
            return limit + 1;
    }
    return MIN(row[lb], limit + 1);
}

typedef struct {
    const char *name;
    guint score; /* 0: contains what was typed; else 1 + edit distance */
} Suggestion;

static gint compare_suggestions(gconstpointer a, gconstpointer b)
{
    const Suggestion *x = a, *y = b;
    if (x->score != y->score)
        return x->score < y->score ? -1 : 1;
    return g_strcmp0(x->name, y->name);
}

/* Print up to SUGGEST_MAX names close to `wanted` (case-folded): names that
 * contain it first, then the nearest by edit distance. */
static void print_suggestions(const RefCardDb *db, const char *wanted)
{
    g_autofree char *folded = g_utf8_casefold(wanted, -1);
    g_autoptr(GArray) found = g_array_new(FALSE, FALSE, sizeof(Suggestion));
    for (guint i = 0; i < ref_carddb_size(db); i++) {
        const RefCard *card = ref_carddb_get(db, i);
        g_autofree char *name = g_utf8_casefold(card->name, -1);
        Suggestion s = { card->name, 0 };
        if (strstr(name, folded) == NULL) {
            guint distance = SUGGEST_MAX_DISTANCE + 1;
            for (guint f = 0; f < card->n_faces; f++) {
                g_autofree char *face = g_utf8_casefold(card->faces[f].name, -1);
                distance = MIN(distance, edit_distance(folded, face, SUGGEST_MAX_DISTANCE));
            }
            distance = MIN(distance, edit_distance(folded, name, SUGGEST_MAX_DISTANCE));
            if (distance > SUGGEST_MAX_DISTANCE)
                continue;
            s.score = 1 + distance;
        }
        g_array_append_val(found, s);
    }
    if (found->len == 0)
        return;
    g_array_sort(found, compare_suggestions);
    g_printerr("Did you mean:\n");
    for (guint i = 0; i < found->len && i < SUGGEST_MAX; i++)
        g_printerr("  %s\n", g_array_index(found, Suggestion, i).name);
    if (found->len > SUGGEST_MAX)
        g_printerr("  ... and %u more\n", found->len - SUGGEST_MAX);
}

static gboolean parse_n(const char *text, gint32 *out, GError **error)
{
    guint64 n = 0;
    if (!g_ascii_string_to_unsigned(text, 10, 0, G_MAXINT32, &n, error))
        return FALSE;
    *out = (gint32)n;
    return TRUE;
}

/* One line per face; FALSE when the plugin refuses a face's cost. */
static gboolean print_faces(const RefCard *card, const keyact_rules_ext *rules)
{
    gboolean all_parse = TRUE;
    for (guint f = 0; f < card->n_faces; f++) {
        const keyact_face_desc *face = card->desc.faces[f];
        const char *cost = face->mana_cost != NULL ? face->mana_cost : "";
        guint32 halves = 0, offset = 0;
        int32_t rc = rules->mana_value(cost, &halves, &offset);
        g_autofree char *value = rc == KEYACT_OK ? keyact_cli_format_halves(halves)
                                 : rc == KEYACT_E_BADCOST ? keyact_cli_describe_bad_cost(cost, offset)
                                 : g_strdup_printf("mana_value failed with status %d", rc);
        printf("  face %u: %s\n", f, face->name);
        printf("          cost %s, mana value %s%s\n", cost[0] != '\0' ? cost : "(none)",
               value, (face->flags & KEYACT_FACE_LAND) != 0 ? ", land" : "");
        all_parse = all_parse && rc == KEYACT_OK;
    }
    return all_parse;
}

static int print_discover(const RefCard *card, const keyact_rules_ext *rules, gint32 n,
                          guint32 card_halves, guint32 is_land)
{
    guint32 hit = 0, faces = 0;
    int32_t rc = rules->discover_options(&card->desc, n, &hit, &faces);
    if (rc != KEYACT_OK) {
        g_printerr("keyact card: the plugin's discover_options failed with status %d\n", rc);
        return KEYACT_EXIT_RULES;
    }
    if (!hit) {
        g_autofree char *value = keyact_cli_format_halves(card_halves);
        if (is_land)
            printf("  discover %d: not a hit (a land)\n", n);
        else
            printf("  discover %d: not a hit (mana value %s > %d)\n", n, value, n);
        return KEYACT_EXIT_OK;
    }
    g_autoptr(GString) castable = g_string_new(NULL);
    for (guint f = 0; f < card->n_faces; f++) {
        if ((faces & (1u << f)) != 0)
            g_string_append_printf(castable, "%s%s (face %u)", castable->len > 0 ? ", " : "",
                                   card->faces[f].name, f);
    }
    printf("  discover %d: hit; the rules let the player cast %s\n", n,
           castable->len > 0 ? castable->str : "no face");
    return KEYACT_EXIT_OK;
}

int keyact_cmd_card(int argc, char **argv)
{
    g_auto(CardOptions) opts = { 0 };
    const GOptionEntry entries[] = {
        { "cards", 0, 0, G_OPTION_ARG_FILENAME, &opts.cards,
          "Look the card up in FILE (Scryfall or MTGJSON, plain or gzip) "
          "instead of the built-in set", "FILE" },
        { "discover", 0, 0, G_OPTION_ARG_STRING, &opts.discover,
          "Also show whether discover N stops on the card and which faces may be cast", "N" },
        { "plugin", 0, 0, G_OPTION_ARG_FILENAME, &opts.plugin,
          "Use the discover plugin at PATH (default: the one selected from KEYACT_PLUGIN_PATH and the install dir)",
          "PATH" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) context = g_option_context_new("NAME");
    g_option_context_set_summary(context,
        "Show what the Discover plugin sees of a card: its layout, each face's cost and\n"
        "mana value, the card's mana value in library and exile, and whether it is a land.\n"
        "NAME is the full name or a face's name, any case (\"Fire // Ice\", \"ice\").\n\n"
        "Exit status: 0 ok, 1 plugin error, 2 unknown card or bad input.");
    g_option_context_add_main_entries(context, entries, NULL);
    keyact_command_set_prgname("card");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact card: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc < 2) {
        g_printerr("keyact card: give a card name (see keyact card --help)\n");
        return KEYACT_EXIT_INPUT;
    }
    /* Unquoted words make one name: keyact card Geological Appraiser. */
    g_autoptr(GString) name = g_string_new(argv[1]);
    for (int i = 2; i < argc; i++)
        g_string_append_printf(name, " %s", argv[i]);
    const char *wanted = name->str;
    gint32 n = -1;
    if (opts.discover != NULL && !parse_n(opts.discover, &n, &error)) {
        g_printerr("keyact card: --discover: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }

    g_autoptr(RefCardDb) db = opts.cards != NULL ? ref_carddb_load_file(opts.cards, &error)
                                                 : ref_carddb_load_builtin(&error);
    if (db == NULL) {
        g_printerr("keyact card: cards: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    const RefCard *card = ref_carddb_lookup(db, wanted);
    if (card == NULL) {
        g_printerr("keyact card: no card named \"%s\" in %s\n", wanted,
                   opts.cards != NULL ? opts.cards : "the built-in set (use --cards FILE for others)");
        print_suggestions(db, wanted);
        return KEYACT_EXIT_INPUT;
    }

    const keyact_rules_ext *rules = NULL;
    g_autoptr(KeyactRegistry) registry = keyact_cli_load_rules(opts.plugin, &rules, &error);
    if (registry == NULL) {
        g_printerr("keyact card: cannot load the discover plugin: %s\n", error->message);
        return KEYACT_EXIT_RULES;
    }

    printf("%s\n", card->name);
    const char *rules_layout = ref_layout_name(card->layout);
    if (g_strcmp0(card->layout_name, rules_layout) == 0)
        printf("  layout: %s\n", card->layout_name);
    else
        printf("  layout: %s (the plugin treats it as %s)\n", card->layout_name, rules_layout);
    gboolean faces_parse = print_faces(card, rules);

    guint32 halves = 0, is_land = 0;
    int32_t rc = rules->card_mana_value(&card->desc, &halves, &is_land);
    if (rc != KEYACT_OK) {
        g_printerr("keyact card: the plugin cannot value \"%s\": %s (status %d)\n", card->name,
                   faces_parse ? "an unusable card description" : "a cost it does not know", rc);
        return KEYACT_EXIT_RULES;
    }
    g_autofree char *value = keyact_cli_format_halves(halves);
    printf("  in library / exile: mana value %s, %s\n", value, is_land ? "a land" : "not a land");
    if (n < 0)
        return KEYACT_EXIT_OK;
    return print_discover(card, rules, n, halves, is_land);
}
