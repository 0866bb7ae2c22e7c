/* SPDX-License-Identifier: MIT */
/* selection-report.c - which implementation serves an action and why, as
 * `keyact list` and the top of `keyact run`'s log and JSON show it. One
 * wording for both, from keyact_registry_get_selection().
 */
#include "commands.h"

const char *keyact_cli_selected_by_name(KeyactSelectedBy by)
{
    switch (by) {
    case KEYACT_SELECTED_EXPLICIT:    return "explicit";
    case KEYACT_SELECTED_ENVIRONMENT: return "environment";
    case KEYACT_SELECTED_VERSION:     return "version";
    case KEYACT_SELECTED_NONE:        break;
    }
    return "none";
}

void keyact_cli_append_selection_text(KeyactRegistry *registry, const char *name, GString *out)
{
    KeyactBoundAction bound = { NULL, NULL, NULL };
    const char *reason = NULL;
    KeyactSelectedBy by = keyact_registry_get_selection(registry, name, &bound, &reason);
    if (by == KEYACT_SELECTED_NONE)
        g_string_append_printf(out, "  %-10s no implementation\n", name);
    else
        g_string_append_printf(out, "  %-10s %s %s from %s\n", name, bound.action->impl_id,
                               keyact_plugin_get_entry(bound.plugin)->plugin_version,
                               keyact_plugin_get_path(bound.plugin));
    g_string_append_printf(out, "             why: %s\n", reason);
}

static void add_string(JsonBuilder *b, const char *key, const char *value)
{
    json_builder_set_member_name(b, key);
    json_builder_add_string_value(b, value);
}

void keyact_cli_add_selection_json(JsonBuilder *b, KeyactRegistry *registry, const char *name)
{
    KeyactBoundAction bound = { NULL, NULL, NULL };
    const char *reason = NULL;
    KeyactSelectedBy by = keyact_registry_get_selection(registry, name, &bound, &reason);
    json_builder_begin_object(b);
    add_string(b, "name", name);
    add_string(b, "selected_by", keyact_cli_selected_by_name(by));
    add_string(b, "reason", reason);
    if (by != KEYACT_SELECTED_NONE) {
        add_string(b, "impl_id", bound.action->impl_id);
        add_string(b, "version", keyact_plugin_get_entry(bound.plugin)->plugin_version);
        add_string(b, "path", keyact_plugin_get_path(bound.plugin));
    }
    json_builder_end_object(b);
}
