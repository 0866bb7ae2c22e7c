/* SPDX-License-Identifier: MIT */
/* cmd-list.c - `keyact list`: every plugin found, its actions and
 * implementation ids, which implementation serves each action and why, and
 * every file refused with the reason.
 */
#include <stdio.h>

#include <json-glib/json-glib.h>

#include "commands.h"

static void print_text(KeyactRegistry *registry, char **dirs)
{
    guint n_plugins = keyact_registry_get_n_plugins(registry);
    guint n_refused = keyact_registry_get_n_refused(registry);
    g_auto(GStrv) names = keyact_registry_get_action_names(registry);

    printf("Search path (in order):\n");
    for (guint i = 0; dirs[i] != NULL; i++)
        printf("  %s\n", dirs[i]);

    printf("\nPlugins (%u):\n", n_plugins);
    for (guint i = 0; i < n_plugins; i++) {
        KeyactPlugin *plugin = keyact_registry_get_plugin(registry, i);
        const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(plugin);
        keyact_version abi = keyact_plugin_get_version(plugin);
        printf("  %s\n    %s %s, ABI %u.%u\n", keyact_plugin_get_path(plugin),
               entry->plugin_id, entry->plugin_version, abi.major, abi.minor);
        for (guint a = 0; a < keyact_plugin_get_n_actions(plugin); a++) {
            const keyact_action *action = keyact_plugin_get_action(plugin, a);
            printf("    action %-10s implementation %s\n", action->name, action->impl_id);
        }
    }

    printf("\nRefused (%u):\n", n_refused);
    for (guint i = 0; i < n_refused; i++) {
        const GError *reason = NULL;
        const char *path = keyact_registry_get_refused(registry, i, &reason);
        printf("  %s\n    %s\n", path, reason->message);
    }

    printf("\nActions (%u):\n", g_strv_length(names));
    g_autoptr(GString) actions = g_string_new(NULL);
    for (guint i = 0; names[i] != NULL; i++)
        keyact_cli_append_selection_text(registry, names[i], actions);
    fputs(actions->str, stdout);
}

static void add_string(JsonBuilder *b, const char *key, const char *value)
{
    json_builder_set_member_name(b, key);
    json_builder_add_string_value(b, value);
}

static void add_plugins(JsonBuilder *b, KeyactRegistry *registry)
{
    json_builder_set_member_name(b, "plugins");
    json_builder_begin_array(b);
    for (guint i = 0; i < keyact_registry_get_n_plugins(registry); i++) {
        KeyactPlugin *plugin = keyact_registry_get_plugin(registry, i);
        const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(plugin);
        keyact_version abi = keyact_plugin_get_version(plugin);
        g_autofree char *abi_text = g_strdup_printf("%u.%u", abi.major, abi.minor);
        json_builder_begin_object(b);
        add_string(b, "path", keyact_plugin_get_path(plugin));
        add_string(b, "plugin_id", entry->plugin_id);
        add_string(b, "version", entry->plugin_version);
        add_string(b, "abi", abi_text);
        json_builder_set_member_name(b, "actions");
        json_builder_begin_array(b);
        for (guint a = 0; a < keyact_plugin_get_n_actions(plugin); a++) {
            const keyact_action *action = keyact_plugin_get_action(plugin, a);
            json_builder_begin_object(b);
            add_string(b, "name", action->name);
            add_string(b, "impl_id", action->impl_id);
            json_builder_end_object(b);
        }
        json_builder_end_array(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_refused(JsonBuilder *b, KeyactRegistry *registry)
{
    json_builder_set_member_name(b, "refused");
    json_builder_begin_array(b);
    for (guint i = 0; i < keyact_registry_get_n_refused(registry); i++) {
        const GError *reason = NULL;
        const char *path = keyact_registry_get_refused(registry, i, &reason);
        json_builder_begin_object(b);
        add_string(b, "path", path);
        add_string(b, "reason", reason->message);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

static void add_actions(JsonBuilder *b, KeyactRegistry *registry)
{
    g_auto(GStrv) names = keyact_registry_get_action_names(registry);

    json_builder_set_member_name(b, "actions");
    json_builder_begin_array(b);
    for (guint i = 0; names[i] != NULL; i++)
        keyact_cli_add_selection_json(b, registry, names[i]);
    json_builder_end_array(b);
}

static void print_json(KeyactRegistry *registry, char **dirs)
{
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "search_path");
    json_builder_begin_array(b);
    for (guint i = 0; dirs[i] != NULL; i++)
        json_builder_add_string_value(b, dirs[i]);
    json_builder_end_array(b);
    add_plugins(b, registry);
    add_refused(b, registry);
    add_actions(b, registry);
    json_builder_end_object(b);

    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autofree char *text = json_to_string(root, TRUE);
    printf("%s\n", text);
}

int keyact_cmd_list(int argc, char **argv)
{
    g_auto(GStrv) plugins = NULL;
    g_autofree char *impl = NULL;
    gboolean json = FALSE;
    const GOptionEntry entries[] = {
        { "plugin", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugins,
          "Also load PATH and choose it for its actions (may be repeated)", "PATH" },
        { "impl", 0, 0, G_OPTION_ARG_STRING, &impl,
          "Choose implementation ID for its action", "ID" },
        { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of text", NULL },
        { NULL, 0, 0, 0, NULL, NULL, NULL },
    };
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_option_context_set_summary(context,
        "List the plugins found on the search path (KEYACT_PLUGIN_PATH, then the install\n"
        "directory), their actions and implementation ids, which implementation serves each\n"
        "action and why (explicit choice > KEYACT_IMPL=ACTION=ID > highest version), and\n"
        "every file refused with the reason.\n\n"
        "Exit status: 0 listed, 2 bad command line or a --plugin/--impl that cannot be used.");
    g_option_context_add_main_entries(context, entries, NULL);
    keyact_command_set_prgname("list");

    g_autoptr(GError) error = NULL;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        g_printerr("keyact list: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    if (argc != 1) {
        g_printerr("keyact list: no arguments expected (see keyact list --help)\n");
        return KEYACT_EXIT_INPUT;
    }

    /* The Refused section says why each file was skipped: no warning too. */
    keyact_cli_warnings_hold();
    g_autoptr(KeyactRegistry) registry =
        keyact_cli_load_registry((const char *const *)plugins, impl, FALSE, &error);
    keyact_cli_warnings_release(registry);
    if (registry == NULL) {
        g_printerr("keyact list: %s\n", error->message);
        return KEYACT_EXIT_INPUT;
    }
    g_auto(GStrv) dirs = keyact_registry_get_search_dirs();
    if (json)
        print_json(registry, dirs);
    else
        print_text(registry, dirs);
    return KEYACT_EXIT_OK;
}
