/* SPDX-License-Identifier: MIT */
/* registry.c - every loaded plugin, its candidate actions, the files refused,
 * and one slot per action name serving the selected implementation.
 *
 * Everything here runs on the control thread. Only the slots' `current`
 * is shared with game threads, and only under the slot's lock (slot.c).
 */
#include <string.h>

#include "keyact-host-private.h"

#define IMPL_VARIABLE "KEYACT_IMPL"

typedef struct {
    char *path;
    GError *reason;
} Refusal;

struct _KeyactRegistry {
    GPtrArray *plugins;     /* KeyactPlugin *, one reference each, in load order */
    GArray *candidates;     /* KeyactBoundAction, in registration order */
    GPtrArray *refused;     /* Refusal *, in the order they happened */
    GPtrArray *searched;    /* "DIR (what was found)", each directory a load searched, in order */
    GHashTable *slots;      /* action name -> KeyactSlot * (owned) */
    GHashTable *env_pins;   /* action name -> selector, from KEYACT_IMPL */
    KeyactValidator *validator; /* shared with every plugin added (validate.c) */
    KeyactIsolation isolation;  /* keyact_registry_set_isolation(): its later loads */
};

static void refusal_free(gpointer data)
{
    Refusal *refusal = data;

    g_free(refusal->path);
    g_clear_error(&refusal->reason);
    g_free(refusal);
}

/* KEYACT_IMPL=discover=ID,cascade=/full/path.so */
static GHashTable *read_env_pins(void)
{
    GHashTable *pins = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    const char *value = g_getenv(IMPL_VARIABLE);

    if (value == NULL)
        return pins;
    g_auto(GStrv) entries = g_strsplit(value, ",", -1);
    for (guint i = 0; entries[i] != NULL; i++) {
        const char *entry = g_strstrip(entries[i]);
        const char *equals = strchr(entry, '=');

        if (entry[0] == '\0')
            continue;
        if (equals == NULL || equals == entry || equals[1] == '\0') {
            g_warning("ignoring \"%s\" in %s: write ACTION=IMPLEMENTATION_ID", entry,
                      IMPL_VARIABLE);
            continue;
        }
        g_hash_table_replace(pins, g_strndup(entry, (gsize)(equals - entry)),
                             g_strdup(equals + 1));
    }
    return pins;
}

KEYACT_HOST_API KeyactRegistry *keyact_registry_new(void)
{
    KeyactRegistry *registry = g_new0(KeyactRegistry, 1);

    registry->plugins = g_ptr_array_new_with_free_func((GDestroyNotify)keyact_plugin_unref);
    registry->candidates = g_array_new(FALSE, TRUE, sizeof(KeyactBoundAction));
    registry->refused = g_ptr_array_new_with_free_func(refusal_free);
    registry->searched = g_ptr_array_new_with_free_func(g_free);
    registry->slots = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
                                            (GDestroyNotify)keyact_host_slot_free);
    registry->env_pins = read_env_pins();
    registry->validator = keyact_host_validator_new();
    registry->isolation.struct_size = sizeof registry->isolation;
    return registry;
}

KEYACT_HOST_API void keyact_registry_free(KeyactRegistry *registry)
{
    if (registry == NULL)
        return;

    /* Slots and candidates point into the plugins: drop them first. */
    g_hash_table_unref(registry->slots);
    g_array_unref(registry->candidates);
    g_ptr_array_unref(registry->plugins);
    g_ptr_array_unref(registry->refused);
    g_ptr_array_unref(registry->searched);
    g_hash_table_unref(registry->env_pins);
    keyact_host_validator_unref(registry->validator);
    g_free(registry);
}

static KeyactSlot *ensure_slot(KeyactRegistry *registry, const char *name)
{
    KeyactSlot *slot = g_hash_table_lookup(registry->slots, name);

    if (slot == NULL) {
        slot = keyact_host_slot_new(name);
        g_hash_table_insert(registry->slots, slot->name, slot);
    }
    return slot;
}

static gboolean same_binding(const KeyactBoundAction *a, const KeyactBoundAction *b)
{
    return a->action == b->action && a->plugin == b->plugin;
}

/* Apply the precedence to one slot; swap when the choice changed. */
static void reselect_slot(KeyactRegistry *registry, KeyactSlot *slot)
{
    KeyactSelectedBy by = KEYACT_SELECTED_NONE;
    char *reason = NULL;
    const KeyactBoundAction *chosen = keyact_host_choose(
        registry->candidates, slot->name, slot->explicit_selector,
        g_hash_table_lookup(registry->env_pins, slot->name), &by, &reason);

    g_free(slot->reason);
    slot->reason = reason;
    slot->selected_by = by;

    /* `current` is only written on this thread, so reading it unlocked is safe. */
    if (chosen == NULL ? slot->current.action == NULL : same_binding(chosen, &slot->current))
        return;
    KeyactBoundAction old = keyact_host_slot_exchange(slot, chosen);
    keyact_plugin_unref((KeyactPlugin *)old.plugin);
}

static void reselect_all(KeyactRegistry *registry)
{
    for (guint i = 0; i < registry->candidates->len; i++)
        ensure_slot(registry, g_array_index(registry->candidates, KeyactBoundAction, i).action->name);

    GHashTableIter iter;
    gpointer slot;
    g_hash_table_iter_init(&iter, registry->slots);
    while (g_hash_table_iter_next(&iter, NULL, &slot))
        reselect_slot(registry, slot);
}

static const KeyactPlugin *find_plugin(const KeyactRegistry *registry, const char *path,
                                       guint *out_index)
{
    for (guint i = 0; i < registry->plugins->len; i++) {
        const KeyactPlugin *plugin = g_ptr_array_index(registry->plugins, i);
        if (strcmp(plugin->path, path) == 0) {
            if (out_index != NULL)
                *out_index = i;
            return plugin;
        }
    }
    return NULL;
}

/* DUPLICATE when the file is loaded already or the plugin itself uses an
 * impl id twice. Another file may provide the same impl id: that is how a
 * patched build stands next to the installed one. */
static gboolean check_unique(const KeyactRegistry *registry, const KeyactPlugin *plugin,
                             GError **error)
{
    guint n = keyact_plugin_get_n_actions(plugin);

    if (find_plugin(registry, plugin->path, NULL) != NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE,
                    "plugin %s is already loaded", plugin->path);
        return FALSE;
    }
    for (guint i = 0; i < n; i++) {
        const keyact_action *action = keyact_plugin_get_action(plugin, i);
        for (guint j = 0; j < i; j++) {
            if (strcmp(keyact_plugin_get_action(plugin, j)->impl_id, action->impl_id) == 0) {
                g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE,
                            "plugin %s: implementation id %s is used by both action "
                            "%u and action %u of the same file", plugin->path,
                            action->impl_id, j, i);
                return FALSE;
            }
        }
    }
    return TRUE;
}

KEYACT_HOST_API gboolean keyact_registry_add(KeyactRegistry *registry, KeyactPlugin *plugin,
                                             GError **error)
{
    if (registry == NULL || plugin == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            registry == NULL ? "no registry given (NULL)"
                                             : "no plugin given (NULL)");
        keyact_plugin_unref(plugin);
        return FALSE;
    }
    if (!check_unique(registry, plugin, error)) {
        keyact_plugin_unref(plugin);
        return FALSE;
    }

    g_ptr_array_add(registry->plugins, plugin);
    if (plugin->validator == NULL)
        plugin->validator = keyact_host_validator_ref(registry->validator);
    for (guint i = 0; i < keyact_plugin_get_n_actions(plugin); i++) {
        KeyactBoundAction bound = {
            .action = keyact_plugin_get_action(plugin, i),
            .plugin_ctx = plugin->ctx,
            .plugin = plugin,
        };
        g_array_append_val(registry->candidates, bound);
    }
    reselect_all(registry);
    return TRUE;
}

static void record_refusal(KeyactRegistry *registry, const char *path, const GError *reason)
{
    Refusal *refusal = g_new0(Refusal, 1);

    refusal->path = g_strdup(path != NULL ? path : "(NULL)");
    refusal->reason = g_error_copy(reason);
    g_ptr_array_add(registry->refused, refusal);
}

KEYACT_HOST_API gboolean keyact_registry_load(KeyactRegistry *registry, const char *path,
                                              KeyactLoadFlags flags, GError **error)
{
    if (registry == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "no registry given (NULL)");
        return FALSE;
    }

    g_autoptr(GError) local = NULL;
    KeyactPlugin *plugin = keyact_host_plugin_load(path, flags, &registry->isolation, &local);
    if (plugin == NULL || !keyact_registry_add(registry, plugin, &local)) {
        record_refusal(registry, path, local);
        g_propagate_error(error, g_steal_pointer(&local));
        return FALSE;
    }
    return TRUE;
}

KEYACT_HOST_API gboolean keyact_registry_unload(KeyactRegistry *registry, const char *path,
                                                GError **error)
{
    guint index = 0;

    if (registry == NULL || path == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "keyact_registry_unload needs a registry and a path");
        return FALSE;
    }
    const KeyactPlugin *plugin = find_plugin(registry, path, &index);
    if (plugin == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no plugin was loaded from %s", path);
        return FALSE;
    }

    for (guint i = registry->candidates->len; i-- > 0;) {
        if (g_array_index(registry->candidates, KeyactBoundAction, i).plugin == plugin)
            g_array_remove_index(registry->candidates, i);
    }
    /* The slots still hold references: reselect before the registry drops its own. */
    reselect_all(registry);
    g_ptr_array_remove_index(registry->plugins, index);
    return TRUE;
}

static gboolean has_candidate(const KeyactRegistry *registry, const char *name,
                              const char *selector)
{
    for (guint i = 0; i < registry->candidates->len; i++) {
        const KeyactBoundAction *c = &g_array_index(registry->candidates, KeyactBoundAction, i);
        if (strcmp(c->action->name, name) == 0 && keyact_host_selector_matches(c, selector))
            return TRUE;
    }
    return FALSE;
}

void keyact_host_registry_searched(KeyactRegistry *registry, const char *dir, const char *found)
{
    g_ptr_array_add(registry->searched, g_strdup_printf("%s (%s)", dir, found));
}

/* "; searched DIR (what), ..." for NOT_FOUND, or "" when no directory was
 * searched (a host that loads its plugins by path). */
static char *describe_searched(const KeyactRegistry *registry)
{
    if (registry->searched->len == 0)
        return g_strdup("");
    GString *text = g_string_new("; searched ");
    for (guint i = 0; i < registry->searched->len; i++)
        g_string_append_printf(text, "%s%s", i > 0 ? ", " : "",
                               (const char *)g_ptr_array_index(registry->searched, i));
    return g_string_free(text, FALSE);
}

/* "discover (org.x.y from /path/p.so), ..." or "none", for NOT_FOUND. */
static char *describe_registered(const KeyactRegistry *registry)
{
    if (registry->candidates->len == 0)
        return g_strdup("none");

    GString *text = g_string_new(NULL);
    for (guint i = 0; i < registry->candidates->len; i++) {
        const KeyactBoundAction *bound =
            &g_array_index(registry->candidates, KeyactBoundAction, i);
        g_string_append_printf(text, "%s%s (%s from %s)", i > 0 ? ", " : "",
                               bound->action->name, bound->action->impl_id,
                               bound->plugin->path);
    }
    return g_string_free(text, FALSE);
}

KEYACT_HOST_API gboolean keyact_registry_select(KeyactRegistry *registry, const char *name,
                                                const char *selector, GError **error)
{
    if (registry == NULL || name == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "keyact_registry_select needs a registry and an action name");
        return FALSE;
    }
    if (selector != NULL && !has_candidate(registry, name, selector)) {
        g_autofree char *registered = describe_registered(registry);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no loaded plugin provides action \"%s\" as %s; registered: %s", name,
                    selector, registered);
        return FALSE;
    }

    KeyactSlot *slot = ensure_slot(registry, name);
    g_free(slot->explicit_selector);
    slot->explicit_selector = g_strdup(selector);
    reselect_slot(registry, slot);
    return TRUE;
}

KEYACT_HOST_API KeyactSlot *keyact_registry_get_slot(KeyactRegistry *registry, const char *name)
{
    g_return_val_if_fail(registry != NULL && name != NULL, NULL);

    KeyactSlot *slot = g_hash_table_lookup(registry->slots, name);
    if (slot == NULL) {
        slot = ensure_slot(registry, name);
        reselect_slot(registry, slot);
    }
    return slot;
}

KEYACT_HOST_API KeyactSelectedBy keyact_registry_get_selection(KeyactRegistry *registry,
                                                               const char *name,
                                                               KeyactBoundAction *out,
                                                               const char **out_reason)
{
    g_return_val_if_fail(registry != NULL && name != NULL, KEYACT_SELECTED_NONE);

    KeyactSlot *slot = keyact_registry_get_slot(registry, name);
    if (out != NULL && slot->current.action != NULL)
        *out = slot->current;
    if (out_reason != NULL)
        *out_reason = slot->reason;
    return slot->selected_by;
}

KEYACT_HOST_API gboolean keyact_registry_lookup(const KeyactRegistry *registry,
                                                const char *name, const char *impl_id,
                                                KeyactBoundAction *out, GError **error)
{
    if (registry == NULL || name == NULL || out == NULL) {
        g_set_error_literal(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID,
                            "keyact_registry_lookup needs a registry, a name and an output");
        return FALSE;
    }

    const KeyactBoundAction *found = NULL;
    if (impl_id == NULL) {
        const KeyactSlot *slot = g_hash_table_lookup(registry->slots, name);
        if (slot != NULL && slot->current.action != NULL)
            found = &slot->current;
    } else {
        KeyactSelectedBy by;
        g_autofree char *reason = NULL;
        found = keyact_host_choose(registry->candidates, name, impl_id, NULL, &by, &reason);
    }
    if (found != NULL) {
        *out = *found;
        return TRUE;
    }

    g_autofree char *registered = describe_registered(registry);
    g_autofree char *searched = describe_searched(registry);
    if (impl_id != NULL)
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no implementation \"%s\" of action \"%s\" is registered; registered: %s%s",
                    impl_id, name, registered, searched);
    else if (g_hash_table_contains(registry->slots, name))
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "action \"%s\" has no implementation: %s; registered: %s%s", name,
                    ((const KeyactSlot *)g_hash_table_lookup(registry->slots, name))->reason,
                    registered, searched);
    else
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "no action \"%s\" is registered; registered: %s%s", name, registered, searched);
    return FALSE;
}

KEYACT_HOST_API const KeyactBoundAction *keyact_registry_list(const KeyactRegistry *registry,
                                                              guint *n_actions)
{
    guint n = registry != NULL ? registry->candidates->len : 0;

    if (n_actions != NULL)
        *n_actions = n;
    if (n == 0)
        return NULL;
    return (const KeyactBoundAction *)(gconstpointer)registry->candidates->data;
}

KEYACT_HOST_API guint keyact_registry_get_n_plugins(const KeyactRegistry *registry)
{
    g_return_val_if_fail(registry != NULL, 0);
    return registry->plugins->len;
}

KEYACT_HOST_API KeyactPlugin *keyact_registry_get_plugin(const KeyactRegistry *registry,
                                                         guint index)
{
    g_return_val_if_fail(registry != NULL, NULL);
    g_return_val_if_fail(index < registry->plugins->len, NULL);
    return g_ptr_array_index(registry->plugins, index);
}

KEYACT_HOST_API guint keyact_registry_get_n_refused(const KeyactRegistry *registry)
{
    g_return_val_if_fail(registry != NULL, 0);
    return registry->refused->len;
}

KEYACT_HOST_API const char *keyact_registry_get_refused(const KeyactRegistry *registry,
                                                        guint index,
                                                        const GError **out_reason)
{
    g_return_val_if_fail(registry != NULL, NULL);
    g_return_val_if_fail(index < registry->refused->len, NULL);

    const Refusal *refusal = g_ptr_array_index(registry->refused, index);
    if (out_reason != NULL)
        *out_reason = refusal->reason;
    return refusal->path;
}

static int compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

KEYACT_HOST_API char **keyact_registry_get_action_names(const KeyactRegistry *registry)
{
    g_return_val_if_fail(registry != NULL, NULL);

    g_autoptr(GPtrArray) names = g_ptr_array_new();
    GHashTableIter iter;
    gpointer name;
    g_hash_table_iter_init(&iter, registry->slots);
    while (g_hash_table_iter_next(&iter, &name, NULL))
        g_ptr_array_add(names, g_strdup(name));
    g_ptr_array_sort(names, compare_names);
    g_ptr_array_add(names, NULL);
    return (char **)g_ptr_array_free(g_steal_pointer(&names), FALSE);
}

KEYACT_HOST_API void keyact_registry_set_validation(KeyactRegistry *registry,
                                                    KeyactValidation mode)
{
    g_return_if_fail(registry != NULL);
    g_return_if_fail(mode == KEYACT_VALIDATION_OFF || mode == KEYACT_VALIDATION_REPORT ||
                     mode == KEYACT_VALIDATION_FATAL);
    g_atomic_int_set(&registry->validator->mode, (gint)mode);
}

KEYACT_HOST_API KeyactValidation keyact_registry_get_validation(const KeyactRegistry *registry)
{
    g_return_val_if_fail(registry != NULL, KEYACT_VALIDATION_OFF);
    return (KeyactValidation)g_atomic_int_get(&registry->validator->mode);
}

KEYACT_HOST_API void keyact_registry_set_violation_handler(KeyactRegistry *registry,
                                                           KeyactViolationFunc func,
                                                           gpointer user_data,
                                                           GDestroyNotify destroy)
{
    g_return_if_fail(registry != NULL);

    KeyactValidator *validator = registry->validator;
    GDestroyNotify old_destroy;
    gpointer old_data;

    g_rw_lock_writer_lock(&validator->lock);
    old_destroy = validator->destroy;
    old_data = validator->user_data;
    validator->func = func;
    validator->user_data = func != NULL ? user_data : NULL;
    validator->destroy = func != NULL ? destroy : NULL;
    g_rw_lock_writer_unlock(&validator->lock);
    if (old_destroy != NULL)
        old_destroy(old_data);
}

KEYACT_HOST_API void keyact_registry_set_isolation(KeyactRegistry *registry,
                                                   const KeyactIsolation *isolation)
{
    g_return_if_fail(registry != NULL);
    g_return_if_fail(isolation != NULL && isolation->struct_size >= sizeof *isolation);

    registry->isolation = *isolation;
    registry->isolation.struct_size = sizeof registry->isolation;
}

KEYACT_HOST_API void keyact_registry_get_isolation(const KeyactRegistry *registry,
                                                   KeyactIsolation *out)
{
    g_return_if_fail(registry != NULL);
    g_return_if_fail(out != NULL && out->struct_size >= sizeof *out);

    *out = registry->isolation;
}
