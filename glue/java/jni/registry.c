/* SPDX-License-Identifier: MIT */
/* registry.c - the registry natives: load, unload, list, select, slots.
 * The Java Registry serialises these calls (the C registry's control-thread
 * rule); only close also excludes resolves, through the wrapper's lock.
 * Answers are UTF-8 fields, each NUL-terminated, in one byte[]. */
#include "keyact-jni.h"

static KeyactRegistry *registry_of(jlong handle)
{
    return ((KjRegistry *)(intptr_t)handle)->registry;
}

static void field(GString *s, const char *text)
{
    g_string_append_len(s, text != NULL ? text : "", (gssize)strlen(text != NULL ? text : "") + 1);
}

static void field_u(GString *s, guint64 value)
{
    g_string_append_printf(s, "%" G_GUINT64_FORMAT, value);
    g_string_append_c(s, '\0');
}

/* NULL (success) or "code\0message\0". */
static jbyteArray refusal(JNIEnv *env, GError *error)
{
    if (error == NULL)
        return NULL;
    g_autoptr(GString) s = g_string_new(NULL);
    field_u(s, (guint64)error->code);
    field(s, error->message);
    g_error_free(error);
    return kj_bytes(env, s);
}

static jlong registry_new(JNIEnv *env, jclass cls)
{
    (void)env;
    (void)cls;
    KjRegistry *r = g_new0(KjRegistry, 1);
    g_rw_lock_init(&r->lock);
    r->registry = keyact_registry_new();
    kj_validate_attach(r->registry);
    return (jlong)(intptr_t)r;
}

static void registry_close(JNIEnv *env, jclass cls, jlong handle)
{
    KjRegistry *r = (KjRegistry *)(intptr_t)handle;
    KeyactRegistry *old;

    (void)env;
    (void)cls;
    /* Waits for resolves that are acquiring from a slot, never for running
     * ones: they hold their plugin and finish on it. */
    g_rw_lock_writer_lock(&r->lock);
    old = r->registry;
    r->registry = NULL;
    g_rw_lock_writer_unlock(&r->lock);
    keyact_registry_free(old);
}

static void registry_destroy(JNIEnv *env, jclass cls, jlong handle)
{
    KjRegistry *r = (KjRegistry *)(intptr_t)handle;

    (void)env;
    (void)cls;
    g_rw_lock_clear(&r->lock);
    g_free(r);
}

static jbyteArray load(JNIEnv *env, jclass cls, jlong handle, jbyteArray path)
{
    g_autofree char *p = kj_utf8_dup(env, path);
    GError *error = NULL;

    (void)cls;
    if (p == NULL)
        return NULL;
    keyact_registry_load(registry_of(handle), p, KEYACT_LOAD_DEFAULT, &error);
    return refusal(env, error);
}

static jint load_search_path(JNIEnv *env, jclass cls, jlong handle)
{
    (void)env;
    (void)cls;
    return (jint)keyact_registry_load_search_path(registry_of(handle), KEYACT_LOAD_DEFAULT);
}

static jbyteArray unload(JNIEnv *env, jclass cls, jlong handle, jbyteArray path)
{
    g_autofree char *p = kj_utf8_dup(env, path);
    GError *error = NULL;

    (void)cls;
    if (p == NULL)
        return NULL;
    keyact_registry_unload(registry_of(handle), p, &error);
    return refusal(env, error);
}

/* Isolation for the registry's later loads. Java checked the values; a
 * negative one here would be a bug of the binding, and takes the default. */
static void set_isolation(JNIEnv *env, jclass cls, jlong handle, jboolean isolate,
                          jint deadline_ms, jlong memory_bytes, jint cpu_seconds)
{
    KeyactIsolation isolation = {
        .struct_size = sizeof isolation,
        .isolate = isolate == JNI_TRUE,
        .deadline_ms = deadline_ms > 0 ? (guint)deadline_ms : 0u,
        .memory_bytes = memory_bytes > 0 ? (guint64)memory_bytes : 0u,
        .cpu_seconds = cpu_seconds > 0 ? (guint)cpu_seconds : 0u,
    };

    (void)env;
    (void)cls;
    keyact_registry_set_isolation(registry_of(handle), &isolation);
}

static jbyteArray plugins(JNIEnv *env, jclass cls, jlong handle)
{
    KeyactRegistry *reg = registry_of(handle);
    g_autoptr(GString) s = g_string_new(NULL);

    (void)cls;
    for (guint i = 0; i < keyact_registry_get_n_plugins(reg); i++) {
        KeyactPlugin *plugin = keyact_registry_get_plugin(reg, i);
        const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(plugin);
        keyact_version v = keyact_plugin_get_version(plugin);
        guint n = keyact_plugin_get_n_actions(plugin);

        field(s, keyact_plugin_get_path(plugin));
        field(s, entry->plugin_id);
        field(s, entry->plugin_version);
        field_u(s, v.major);
        field_u(s, v.minor);
        field_u(s, keyact_plugin_is_isolated(plugin) ? 1u : 0u);
        field_u(s, n);
        for (guint k = 0; k < n; k++) {
            const keyact_action *a = keyact_plugin_get_action(plugin, k);
            field(s, a->name);
            field(s, a->impl_id);
            field(s, a->description);
        }
    }
    return kj_bytes(env, s);
}

static jbyteArray refused(JNIEnv *env, jclass cls, jlong handle)
{
    KeyactRegistry *reg = registry_of(handle);
    g_autoptr(GString) s = g_string_new(NULL);

    (void)cls;
    for (guint i = 0; i < keyact_registry_get_n_refused(reg); i++) {
        const GError *reason = NULL;
        field(s, keyact_registry_get_refused(reg, i, &reason));
        field(s, reason != NULL ? reason->message : "");
    }
    return kj_bytes(env, s);
}

static jbyteArray select_impl(JNIEnv *env, jclass cls, jlong handle, jbyteArray action,
                              jbyteArray selector)
{
    g_autofree char *name = kj_utf8_dup(env, action);
    g_autofree char *sel = kj_utf8_dup(env, selector);
    GError *error = NULL;

    (void)cls;
    if (name == NULL || (*env)->ExceptionCheck(env))
        return NULL;
    keyact_registry_select(registry_of(handle), name, sel, &error);
    return refusal(env, error);
}

static jbyteArray selection(JNIEnv *env, jclass cls, jlong handle, jbyteArray action)
{
    g_autofree char *name = kj_utf8_dup(env, action);
    g_autoptr(GString) s = g_string_new(NULL);
    KeyactBoundAction bound = { NULL, NULL, NULL };
    const char *reason = NULL;
    KeyactSelectedBy by;

    (void)cls;
    if (name == NULL)
        return NULL;
    by = keyact_registry_get_selection(registry_of(handle), name, &bound, &reason);
    field_u(s, (guint64)by);
    field(s, reason);
    if (by != KEYACT_SELECTED_NONE && bound.action != NULL) {
        field(s, bound.action->name);
        field(s, bound.action->impl_id);
        field(s, bound.action->description);
        field(s, keyact_plugin_get_path(bound.plugin));
        field(s, keyact_plugin_get_entry(bound.plugin)->plugin_version);
    }
    return kj_bytes(env, s);
}

static jlong slot(JNIEnv *env, jclass cls, jlong handle, jbyteArray action)
{
    g_autofree char *name = kj_utf8_dup(env, action);

    (void)cls;
    if (name == NULL)
        return 0;
    return (jlong)(intptr_t)keyact_registry_get_slot(registry_of(handle), name);
}

/* The directories keyact_registry_load_search_path searches, in order (the
 * install directory last), as fields. */
static jbyteArray search_dirs(JNIEnv *env, jclass cls)
{
    g_auto(GStrv) dirs = keyact_registry_get_search_dirs();
    g_autoptr(GString) s = g_string_new(NULL);

    (void)cls;
    for (guint i = 0; dirs[i] != NULL; i++)
        field(s, dirs[i]);
    return kj_bytes(env, s);
}

static const JNINativeMethod methods[] = {
    { "registryNew", "()J", KJ_FN(registry_new) },
    { "registryClose", "(J)V", KJ_FN(registry_close) },
    { "registryDestroy", "(J)V", KJ_FN(registry_destroy) },
    { "load", "(J[B)[B", KJ_FN(load) },
    { "loadSearchPath", "(J)I", KJ_FN(load_search_path) },
    { "unload", "(J[B)[B", KJ_FN(unload) },
    { "plugins", "(J)[B", KJ_FN(plugins) },
    { "refused", "(J)[B", KJ_FN(refused) },
    { "select", "(J[B[B)[B", KJ_FN(select_impl) },
    { "selection", "(J[B)[B", KJ_FN(selection) },
    { "slot", "(J[B)J", KJ_FN(slot) },
    { "setIsolation", "(JZIJI)V", KJ_FN(set_isolation) },
    { "searchDirs", "()[B", KJ_FN(search_dirs) },
};

jint kj_register_registry_natives(JNIEnv *env, jclass native_class)
{
    return (*env)->RegisterNatives(env, native_class, methods, G_N_ELEMENTS(methods));
}
