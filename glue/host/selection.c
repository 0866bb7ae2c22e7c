/* SPDX-License-Identifier: MIT */
/* selection.c - the pieces of "which implementation serves an action":
 * matching a selector and ordering plugin versions.
 */
#define _GNU_SOURCE /* strverscmp */
#include <string.h>

#include "keyact-host-private.h"

gboolean keyact_host_selector_matches(const KeyactBoundAction *candidate, const char *selector)
{
    /* Paths are full paths (the loader refuses others), ids never start with '/'. */
    if (selector[0] == '/')
        return strcmp(candidate->plugin->path, selector) == 0;
    return strcmp(candidate->action->impl_id, selector) == 0;
}

int keyact_host_compare_versions(const KeyactPlugin *a, const KeyactPlugin *b)
{
    /* strverscmp orders "1.10.0" after "1.9.2", as people expect. */
    return strverscmp(a->entry->plugin_version, b->entry->plugin_version);
}

/* The best of the candidates for `name` that match `selector` (NULL: all):
 * the highest version, the first loaded among equals. Also counts them. */
static const KeyactBoundAction *best_candidate(const GArray *candidates, const char *name,
                                               const char *selector, guint *out_count)
{
    const KeyactBoundAction *best = NULL;

    *out_count = 0;
    for (guint i = 0; i < candidates->len; i++) {
        const KeyactBoundAction *c = &g_array_index(candidates, KeyactBoundAction, i);
        if (strcmp(c->action->name, name) != 0)
            continue;
        if (selector != NULL && !keyact_host_selector_matches(c, selector))
            continue;
        (*out_count)++;
        if (best == NULL || keyact_host_compare_versions(c->plugin, best->plugin) > 0)
            best = c;
    }
    return best;
}

/* Whether another candidate matching `selector` has `chosen`'s version,
 * so that the search path order decided. */
static gboolean version_tied(const GArray *candidates, const char *name, const char *selector,
                             const KeyactBoundAction *chosen)
{
    for (guint i = 0; i < candidates->len; i++) {
        const KeyactBoundAction *c = &g_array_index(candidates, KeyactBoundAction, i);
        if (c != chosen && strcmp(c->action->name, name) == 0
            && (selector == NULL || keyact_host_selector_matches(c, selector))
            && keyact_host_compare_versions(c->plugin, chosen->plugin) == 0)
            return TRUE;
    }
    return FALSE;
}

/* ", over 1.0.0 (/a.so), 0.9 (/b.so)": the candidates `chosen` won against. */
static void append_losers(GString *text, const GArray *candidates, const char *name,
                          const char *selector, const KeyactBoundAction *chosen)
{
    const char *separator = ", over ";

    for (guint i = 0; i < candidates->len; i++) {
        const KeyactBoundAction *c = &g_array_index(candidates, KeyactBoundAction, i);
        if (c == chosen || strcmp(c->action->name, name) != 0)
            continue;
        if (selector != NULL && !keyact_host_selector_matches(c, selector))
            continue;
        g_string_append_printf(text, "%s%s %s (%s)", separator, c->action->impl_id,
                               c->plugin->entry->plugin_version, c->plugin->path);
        separator = ", ";
    }
}

const KeyactBoundAction *keyact_host_choose(const GArray *candidates, const char *name,
                                            const char *explicit_selector,
                                            const char *env_selector,
                                            KeyactSelectedBy *out_by, char **out_reason)
{
    const char *selector = explicit_selector != NULL ? explicit_selector : env_selector;
    g_autoptr(GString) text = g_string_new(NULL);
    guint count = 0;
    const KeyactBoundAction *chosen = best_candidate(candidates, name, selector, &count);

    if (explicit_selector != NULL) {
        *out_by = KEYACT_SELECTED_EXPLICIT;
        g_string_append_printf(text, "chosen explicitly (%s)", explicit_selector);
    } else if (env_selector != NULL) {
        *out_by = KEYACT_SELECTED_ENVIRONMENT;
        g_string_append_printf(text, "chosen by KEYACT_IMPL=%s=%s", name, env_selector);
    } else {
        *out_by = KEYACT_SELECTED_VERSION;
        g_string_append(text, count > 1 ? "the highest version on the search path"
                                        : "the only implementation");
    }

    if (chosen == NULL) {
        *out_by = KEYACT_SELECTED_NONE;
        if (selector != NULL)
            g_string_append(text, ", but no loaded plugin provides it");
        else
            g_string_assign(text, "no loaded plugin provides it");
    } else if (count > 1) {
        if (version_tied(candidates, name, selector, chosen))
            g_string_append(text, " (loaded first among equal versions)");
        g_string_append_printf(text, ": %s %s", chosen->action->impl_id,
                               chosen->plugin->entry->plugin_version);
        append_losers(text, candidates, name, selector, chosen);
    }
    *out_reason = g_string_free(g_steal_pointer(&text), FALSE);
    return chosen;
}
