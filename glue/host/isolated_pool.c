/* SPDX-License-Identifier: MIT */
/* isolated_pool.c - an isolated plugin: its proxy entry and actions, and
 * its helpers. A resolve (blocking, or stepped from begin to its end) takes
 * a helper to itself: an idle one, or one started for it; a helper that
 * was lost is never given out again, and the next resolve starts a fresh
 * one. Idle helpers are ended when the plugin is unloaded.
 */
#include <string.h>

#include "isolated.h"

/* ---- the proxy entry ---- */

static int32_t proxy_negotiate(const keyact_version *offered, uint32_t count,
                               keyact_version *out_chosen)
{
    (void)offered;
    (void)count;
    (void)out_chosen;
    /* The helpers negotiated at load; the proxy is not loaded again. */
    return KEYACT_E_NOTSUP;
}

static int32_t proxy_init(const keyact_version *chosen, const char *path, void **out_ctx)
{
    (void)chosen;
    (void)path;
    (void)out_ctx;
    return KEYACT_E_NOTSUP;
}

static void proxy_deinit(void *ctx)
{
    iso_plugin_free(ctx);
}

static const void *proxy_get_extension(void *ctx, const char *id)
{
    IsoPlugin *iso = ctx;
    /* Only the rules extension crosses: its functions' types are known. */
    if (iso->has_rules && id != NULL && strcmp(id, KEYACT_EXT_RULES) == 0)
        return &iso->rules;
    return NULL;
}

/* ---- the proxy actions: resolve and begin know their action through a
 * closure (the ABI passes them the plugin's context only) ---- */

static ffi_cif resolve_cif, begin_cif;

static gpointer prepare_cifs(gpointer unused)
{
    static ffi_type *resolve_args[4] = { &ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer,
                                         &ffi_type_pointer };
    static ffi_type *begin_args[6] = { &ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer,
                                       &ffi_type_uint32, &ffi_type_pointer, &ffi_type_uint32 };
    (void)unused;
    if (ffi_prep_cif(&resolve_cif, FFI_DEFAULT_ABI, 4, &ffi_type_sint32, resolve_args) != FFI_OK ||
        ffi_prep_cif(&begin_cif, FFI_DEFAULT_ABI, 6, &ffi_type_sint32, begin_args) != FFI_OK)
        return NULL;
    return &resolve_cif;
}

static void resolve_handler(ffi_cif *cif, void *ret, void **args, void *data)
{
    (void)cif;
    int32_t status = iso_resolve(data, *(const keyact_host **)args[1],
                                 *(const keyact_resolve_args **)args[2],
                                 *(keyact_resolve_result **)args[3]);
    *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)status;
}

static void begin_handler(ffi_cif *cif, void *ret, void **args, void *data)
{
    (void)cif;
    int32_t status = iso_begin(data, *(const keyact_host **)args[1],
                               *(const keyact_resolve_args **)args[2], *(uint32_t *)args[3],
                               *(void **)args[4], *(uint32_t *)args[5]);
    *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)status;
}

/* A closure calling `handler` with `data`; its code address in *out_code. */
static ffi_closure *make_closure(ffi_cif *cif, void (*handler)(ffi_cif *, void *, void **, void *),
                                 void *data, void **out_code)
{
    ffi_closure *closure = ffi_closure_alloc(sizeof(ffi_closure), out_code);
    if (closure != NULL && ffi_prep_closure_loc(closure, cif, handler, data, *out_code) != FFI_OK) {
        ffi_closure_free(closure);
        closure = NULL;
    }
    return closure;
}

gboolean iso_actions_init(IsoPlugin *iso, const keyact_action *const *facts,
                          const gboolean *stepped, const guint32 *state_sizes, guint n,
                          GError **error)
{
    static GOnce once = G_ONCE_INIT;
    if (g_once(&once, prepare_cifs, NULL) == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s (isolated): libffi could not prepare its proxies", iso->path);
        return FALSE;
    }
    iso->n_actions = n;
    iso->actions = g_new0(IsoAction, MAX(n, 1u));
    iso->action_list = g_new0(const keyact_action *, MAX(n, 1u));
    iso->entry.actions = iso->action_list;
    for (guint i = 0; i < n; i++) {
        IsoAction *proxy = &iso->actions[i];
        keyact_action *action = &proxy->action;
        void *code = NULL;

        proxy->plugin = iso;
        proxy->index = i;
        action->struct_size = stepped[i] ? sizeof *action : KEYACT_ACTION_SIZE_1_0;
        action->name = g_strdup(facts[i]->name);
        action->impl_id = g_strdup(facts[i]->impl_id);
        action->description = g_strdup(facts[i]->description);
        proxy->resolve_closure = make_closure(&resolve_cif, resolve_handler, proxy, &code);
        memcpy(&action->resolve, &code, sizeof code);
        if (stepped[i]) {
            proxy->plugin_state_size = state_sizes[i];
            proxy->begin_closure = make_closure(&begin_cif, begin_handler, proxy, &code);
            memcpy(&action->begin, &code, sizeof code);
            action->step = iso_step;
            action->answer = iso_answer;
            action->abandon = iso_abandon;
            action->state_size = ISO_STATE_SIZE;
            action->state_align = ISO_STATE_ALIGN;
        }
        iso->action_list[i] = action;
        if (proxy->resolve_closure == NULL || (stepped[i] && proxy->begin_closure == NULL)) {
            g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                        "plugin %s (isolated): libffi could not allocate its proxies", iso->path);
            return FALSE;
        }
    }
    return TRUE;
}

static void actions_clear(IsoPlugin *iso)
{
    for (guint i = 0; iso->actions != NULL && i < iso->n_actions; i++) {
        IsoAction *proxy = &iso->actions[i];
        g_free((char *)proxy->action.name);
        g_free((char *)proxy->action.impl_id);
        g_free((char *)proxy->action.description);
        if (proxy->resolve_closure != NULL)
            ffi_closure_free(proxy->resolve_closure);
        if (proxy->begin_closure != NULL)
            ffi_closure_free(proxy->begin_closure);
    }
    g_free(iso->actions);
    g_free(iso->action_list);
}

/* ---- the plugin ---- */

void iso_plugin_free(IsoPlugin *iso)
{
    if (iso == NULL)
        return;
    if (iso->idle != NULL)
        g_ptr_array_unref(iso->idle);
    actions_clear(iso);
    iso_rules_clear(iso);
    g_mutex_clear(&iso->lock);
    if (iso->facts != NULL)
        g_bytes_unref(iso->facts);
    if (iso->rules_facts != NULL)
        g_bytes_unref(iso->rules_facts);
    g_free(iso->plugin_id);
    g_free(iso->plugin_version);
    g_free(iso->helper_path);
    g_free(iso->open_path);
    g_free(iso->path);
    g_free(iso);
}

KeyactPlugin *iso_plugin_load(const char *path, const char *open_path, const IsoLimits *limits,
                              GError **error)
{
    IsoPlugin *iso = g_new0(IsoPlugin, 1);

    iso->path = g_strdup(path);
    iso->open_path = g_strdup(open_path);
    iso->limits = *limits;
    g_mutex_init(&iso->lock);
    iso->idle = g_ptr_array_new_with_free_func((GDestroyNotify)iso_helper_free);
    iso->entry.negotiate = proxy_negotiate;
    iso->entry.init = proxy_init;
    iso->entry.deinit = proxy_deinit;
    iso->entry.get_extension = proxy_get_extension;

    iso->helper_path = iso_find_helper(error);
    IsoHelper *first = iso->helper_path != NULL ? iso_plugin_start_helper(iso, error) : NULL;
    if (first == NULL) {
        if (error != NULL && *error != NULL && (*error)->code == KEYACT_HOST_ERROR_ISOLATION &&
            iso->helper_path == NULL)
            g_prefix_error(error, "plugin %s: ", path);
        iso_plugin_free(iso);
        return NULL;
    }
    g_ptr_array_add(iso->idle, first);

    KeyactPlugin *plugin = g_new0(KeyactPlugin, 1);
    plugin->ref_count = 1;
    plugin->path = g_strdup(path);
    plugin->entry = &iso->entry;
    plugin->version = iso->version;
    plugin->ctx = iso;
    plugin->initialized = TRUE;
    plugin->isolated = iso;
    return plugin;
}

IsoHelper *iso_plugin_lease(IsoPlugin *iso, char **out_why)
{
    for (;;) {
        IsoHelper *helper = NULL;
        g_mutex_lock(&iso->lock);
        if (iso->idle->len > 0)
            helper = g_ptr_array_steal_index_fast(iso->idle, iso->idle->len - 1u);
        g_mutex_unlock(&iso->lock);
        if (helper == NULL)
            break;
        /* One that ended while idle (killed from outside, say) or spoke
         * unasked is not handed to a resolve: the next one is. */
        if (iso_helper_quiet(helper))
            return helper;
        iso_helper_kill(helper, "ended or spoke while idle");
        iso_helper_free(helper);
    }

    g_autoptr(GError) error = NULL;
    IsoHelper *helper = iso_plugin_start_helper(iso, &error);
    if (helper == NULL)
        *out_why = g_strdup_printf("no helper could be started for it (%s)", error->message);
    return helper;
}

void iso_plugin_release(IsoPlugin *iso, IsoHelper *helper)
{
    /* Half its CPU time used: replace it between resolves rather than let
     * the limit kill it in the middle of one. */
    guint64 half = (guint64)iso->limits.cpu_seconds * 500000000u;

    if (helper == NULL)
        return;
    if (!helper->lost && helper->cpu_ns < half) {
        g_mutex_lock(&iso->lock);
        if (iso->idle->len < ISO_MAX_IDLE) {
            g_ptr_array_add(iso->idle, helper);
            helper = NULL;
        }
        g_mutex_unlock(&iso->lock);
    }
    iso_helper_free(helper);
}
