/* SPDX-License-Identifier: MIT */
/* child_entry.c - the child's first steps: load (dlopen), entry (struct
 * size and ABI version), members (required entry and action members) and
 * negotiate (one item per probe); and check_child_main, which runs every
 * step in order (check_child_steps). A step whose prerequisite failed
 * reports itself as skipped, so every step always has an item.
 */
#include "check-private.h"

void check_child_skip(const CheckChild *child, const char *step, const char *reason)
{
    check_wire_item(child->wire, KEYACT_CHECK_SKIP, step, reason);
}

/* ---- load ---- */

gboolean check_child_step_load(CheckChild *child)
{
    check_wire_begin(child->wire, "load", "dlopen");
    child->module = g_module_open(child->path, G_MODULE_BIND_LOCAL);
    if (child->module == NULL) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "load", "dlopen failed: %s",
                         g_module_error());
        return FALSE;
    }
    check_wire_item(child->wire, KEYACT_CHECK_PASS, "load",
                    "dlopen with local binding, every symbol resolved");
    return TRUE;
}

/* ---- entry ---- */

void check_child_step_entry(CheckChild *child)
{
    gpointer symbol = NULL;

    check_wire_begin(child->wire, "entry", "reading keyact_plugin_entry");
    if (!g_module_symbol(child->module, KEYACT_PLUGIN_ENTRY_SYMBOL, &symbol) || symbol == NULL) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "entry", "no %s symbol to load",
                         KEYACT_PLUGIN_ENTRY_SYMBOL);
        return;
    }
    const struct keyact_plugin_entry *entry = symbol;
    child->entry = entry;
    if (entry->struct_size < KEYACT_PLUGIN_ENTRY_HEADER_SIZE) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "entry",
                         "struct_size %u is too small to hold even the version (ABI 1.0 needs %u)",
                         entry->struct_size, (unsigned)KEYACT_PLUGIN_ENTRY_SIZE_1_0);
        return;
    }
    if (entry->abi_major != KEYACT_ABI_MAJOR) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "entry",
                         "built for ABI %u.%u; this host speaks major %u (up to %u.%u)",
                         entry->abi_major, entry->abi_minor, KEYACT_ABI_MAJOR,
                         KEYACT_ABI_MAJOR, KEYACT_ABI_MINOR);
        return;
    }
    if (entry->struct_size < KEYACT_PLUGIN_ENTRY_SIZE_1_0) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "entry",
                         "struct_size %u; ABI 1.0 needs at least %u", entry->struct_size,
                         (unsigned)KEYACT_PLUGIN_ENTRY_SIZE_1_0);
        return;
    }
    child->entry_ok = TRUE;
    check_wire_itemf(child->wire, KEYACT_CHECK_PASS, "entry",
                     "struct_size %u (ABI 1.0 needs %u), built for ABI %u.%u%s",
                     entry->struct_size, (unsigned)KEYACT_PLUGIN_ENTRY_SIZE_1_0, entry->abi_major,
                     entry->abi_minor,
                     entry->abi_minor > KEYACT_ABI_MINOR ? " (a newer minor: read as 1.0)" : "");
}

/* ---- members ---- */

static const char *missing_entry_member(const struct keyact_plugin_entry *entry)
{
    if (entry->plugin_id == NULL)
        return "plugin_id";
    if (entry->plugin_version == NULL)
        return "plugin_version";
    if (entry->negotiate == NULL)
        return "negotiate";
    if (entry->init == NULL)
        return "init";
    if (entry->deinit == NULL)
        return "deinit";
    return NULL;
}

/* NULL when action `index` is complete, else why not. */
static char *action_defect(const struct keyact_plugin_entry *entry, guint index)
{
    const keyact_action *action = entry->actions[index];

    if (action == NULL)
        return g_strdup_printf("action %u is NULL", index);
    if (action->struct_size < KEYACT_ACTION_SIZE_1_0)
        return g_strdup_printf("action %u has struct_size %u; ABI 1.0 needs at least %u", index,
                               action->struct_size, (unsigned)KEYACT_ACTION_SIZE_1_0);
    const char *name = action->name != NULL ? action->name : "unnamed";
    if (action->name == NULL)
        return g_strdup_printf("action %u has no name (required)", index);
    if (action->impl_id == NULL)
        return g_strdup_printf("action %u (%s) has no impl_id (required)", index, name);
    if (action->resolve == NULL)
        return g_strdup_printf("action %u (%s) has no resolve (required)", index, name);
    if (action->reserved0 != 0)
        return g_strdup_printf("action %u (%s) has reserved0 = %u; it must be 0", index, name,
                               action->reserved0);
    for (guint other = 0; other < index; other++) {
        if (g_strcmp0(entry->actions[other]->impl_id, action->impl_id) == 0)
            return g_strdup_printf("actions %u and %u share the impl_id %s", other, index,
                                   action->impl_id);
    }
    return NULL;
}

void check_child_step_members(CheckChild *child)
{
    const struct keyact_plugin_entry *entry = child->entry;

    if (!child->entry_ok) {
        check_child_skip(child, "members", "not read: the entry check failed");
        return;
    }
    check_wire_begin(child->wire, "members", "reading the entry's members");
    const char *missing = missing_entry_member(entry);
    if (missing != NULL) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "members",
                         "the entry has no %s (required)", missing);
        return;
    }
    if (entry->action_count > CHECK_MAX_ACTIONS) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "members",
                         "action_count %u is more than the %u a host accepts",
                         entry->action_count, CHECK_MAX_ACTIONS);
        return;
    }
    if (entry->action_count > 0 && entry->actions == NULL) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "members",
                         "action_count %u but actions is NULL", entry->action_count);
        return;
    }
    for (guint i = 0; i < entry->action_count; i++) {
        g_autofree char *defect = action_defect(entry, i);
        if (defect != NULL) {
            check_wire_item(child->wire, KEYACT_CHECK_FAIL, "members", defect);
            return;
        }
    }

    g_autoptr(GString) names = g_string_new(NULL);
    for (guint i = 0; i < entry->action_count; i++)
        g_string_append_printf(names, "%s%s (%s)", i > 0 ? ", " : "", entry->actions[i]->name,
                               entry->actions[i]->impl_id);
    check_wire_itemf(child->wire, KEYACT_CHECK_PASS, "members",
                     "%s %s: %u action%s%s%s", entry->plugin_id, entry->plugin_version,
                     entry->action_count, entry->action_count == 1 ? "" : "s",
                     entry->action_count > 0 ? ": " : "", names->str);
}

/* ---- negotiate ---- */

void check_child_step_negotiate(CheckChild *child)
{
    if (!child->entry_ok || child->entry->negotiate == NULL) {
        check_child_skip(child, "negotiate", "not run: the entry or its negotiate is unusable");
        return;
    }
    guint n_probes;
    const CheckProbe *probes = check_negotiate_probes(&n_probes);
    for (guint i = 0; i < n_probes; i++) {
        keyact_version chosen;
        g_autofree char *reason = NULL;
        check_wire_begin(child->wire, "negotiate", probes[i].name);
        gboolean ok = check_negotiate_probe(child->entry, &probes[i], &chosen, &reason);
        check_wire_item(child->wire, ok ? KEYACT_CHECK_PASS : KEYACT_CHECK_FAIL,
                        probes[i].name, reason);
        if (ok && probes[i].host_offer) {
            child->negotiated = TRUE;
            child->chosen = chosen;
        }
    }
}

void check_child_main(const CheckWire *wire, const char *path, gboolean isolated)
{
    CheckChild child = { .wire = wire, .path = path, .isolated = isolated };

    if (!check_child_step_load(&child)) {
        for (guint i = 1; check_child_steps[i] != NULL; i++)
            check_child_skip(&child, check_child_steps[i], "not run: dlopen failed");
        return;
    }
    check_child_step_entry(&child);
    check_child_step_members(&child);
    check_child_step_negotiate(&child);
    check_child_step_lifecycle(&child);
    check_child_step_host_load(&child);
    check_child_step_conformance(&child);
}
