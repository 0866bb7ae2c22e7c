/* SPDX-License-Identifier: MIT */
/* cmd-mv.c - `keyact mv COST`: the mana value of a printed cost as the
 * Discover plugin computes it. Also the rules-extension lookup `keyact card`
 * shares (keyact_cli_load_rules, declared in commands.h).
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"

KeyactRegistry *keyact_cli_load_rules(const char *plugin_path,
                                      const keyact_rules_ext **out_rules,
                                      GError **error)
{
    KeyactBoundAction action;
    const char *const plugin_paths[] = { plugin_path, NULL };
    g_autoptr(KeyactRegistry) registry =
        keyact_cli_load_discover(plugin_paths, NULL, FALSE, &action, error);
    if (registry == NULL)
        return NULL;
    const keyact_rules_ext *rules = keyact_plugin_get_extension(action.plugin, KEYACT_EXT_RULES);
    if (rules == NULL || rules->struct_size < sizeof *rules || rules->mana_value == NULL
        || rules->card_mana_value == NULL || rules->discover_options == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "%s has no rules extension (%s)",
                    keyact_plugin_get_path(action.plugin), KEYACT_EXT_RULES);
        return NULL;
    }
    *out_rules = rules;
    return g_steal_pointer(&registry);
}

char *keyact_cli_format_halves(guint32 halves)
{
    return halves % 2u == 0u ? g_strdup_printf("%u", halves / 2u)
                             : g_strdup_printf("%u.5", halves / 2u);
}

/* A generic mana symbol's body: digits, no leading zero ("0" itself is
 * fine). The plugin refuses such a symbol only when the number is too large. */
static gboolean is_generic(const char *body, gsize len)
{
    if (len == 0 || (len > 1 && body[0] == '0'))
        return FALSE;
    for (gsize i = 0; i < len; i++)
        if (!g_ascii_isdigit(body[i]))
            return FALSE;
    return TRUE;
}

char *keyact_cli_describe_bad_cost(const char *cost, guint32 offset)
{
    gsize len = strlen(cost);
    if (offset >= len)
        return g_strdup_printf("the cost ends inside a symbol (byte %u)", offset);
    const char *start = cost + offset;
    if (*start != '{') {
        /* A stray character; show the whole of it, not half a UTF-8 sequence. */
        gsize char_len = g_utf8_validate(start, -1, NULL)
                             ? (gsize)(g_utf8_next_char(start) - start) : 1u;
        g_autofree char *stray = g_strndup(start, char_len);
        return g_strdup_printf("stray \"%s\" at byte %u (every symbol is written in braces)",
                               stray, offset);
    }
    const char *close = strchr(start + 1, '}');
    const char *reopen = strchr(start + 1, '{');
    if (close == NULL || (reopen != NULL && reopen < close)) {
        gsize open_len = reopen != NULL && (close == NULL || reopen < close)
                             ? (gsize)(reopen - start) : len - offset;
        g_autofree char *symbol = g_strndup(start, open_len);
        return g_strdup_printf("unclosed mana symbol \"%s\" at byte %u", symbol, offset);
    }
    g_autofree char *symbol = g_strndup(start, (gsize)(close - start) + 1);
    gsize body_len = (gsize)(close - start) - 1;
    if (is_generic(start + 1, body_len)) {
        /* Mana values count in halves in 32 bits: too large alone, or
         * together with the symbols before it. */
        if (body_len > 10 || g_ascii_strtoull(start + 1, NULL, 10) * 2u > G_MAXUINT32)
            return g_strdup_printf("the number in \"%s\" at byte %u is too large", symbol,
                                   offset);
        return g_strdup_printf("the total mana value is too large once \"%s\" at byte %u "
                               "is added",
                               symbol, offset);
    }
    return g_strdup_printf("unknown mana symbol \"%s\" at byte %u", symbol, offset);
}

/* The cost again with a caret under the bad symbol. */
static void print_caret(const char *cost, guint32 offset)
{
    glong column = g_utf8_validate(cost, offset, NULL) ? g_utf8_strlen(cost, offset) : offset;
    g_printerr("  %s\n  %*s^\n", cost, (int)column, "");
}

int keyact_cmd_mv(int argc, char **argv)
{
    g_autofree char *plugin = NULL;
    const GOptionEntry entries[] = {
        { "plugin", 0, 0, G_OPTION_ARG_FILENAME, &plugin,
          "Use the discover plugin at PATH (default: the one selected from KEYACT_PLUGIN_PATH and the install dir)",
          "PATH" },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) context = g_option_context_new("COST");
    g_option_context_set_summary(context,
        "Print the mana value of a printed mana cost as the Discover plugin computes it:\n"
        "\"{2}{U/P}{X}\" is 3, \"{HW}\" is 0.5, \"\" is 0. Quote the cost for the shell.\n\n"
        "Exit status: 0 ok, 1 plugin error, 2 bad cost or command line.");
    g_option_context_add_main_entries(context, entries, NULL);
    keyact_command_set_prgname("mv");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact mv: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc != 2) {
        g_printerr("keyact mv: give exactly one cost, e.g. keyact mv '{2}{U}' (see keyact mv --help)\n");
        return KEYACT_EXIT_INPUT;
    }
    const char *cost = argv[1];

    const keyact_rules_ext *rules = NULL;
    g_autoptr(KeyactRegistry) registry = keyact_cli_load_rules(plugin, &rules, &error);
    if (registry == NULL) {
        g_printerr("keyact mv: cannot load the discover plugin: %s\n", error->message);
        return KEYACT_EXIT_RULES;
    }

    guint32 halves = 0, offset = 0;
    int32_t rc = rules->mana_value(cost, &halves, &offset);
    if (rc == KEYACT_E_BADCOST) {
        g_autofree char *why = keyact_cli_describe_bad_cost(cost, offset);
        g_printerr("keyact mv: \"%s\": %s\n", cost, why);
        print_caret(cost, offset);
        return KEYACT_EXIT_INPUT;
    }
    if (rc != KEYACT_OK) {
        g_printerr("keyact mv: the plugin's mana_value failed with status %d\n", rc);
        return KEYACT_EXIT_RULES;
    }
    g_autofree char *value = keyact_cli_format_halves(halves);
    printf("%s\n", value);
    return KEYACT_EXIT_OK;
}
