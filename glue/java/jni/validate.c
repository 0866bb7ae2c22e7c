/* SPDX-License-Identifier: MIT */
/* validate.c - the Java side of libkeyact-host's validation layer: the
 * natives that switch it, and the violation handler every registry gets.
 *
 * The handler runs on the resolving thread inside the resolve, with a lock
 * of the host library held, so it makes no JNI call: it appends the report
 * to the resolve's own buffer (found through host->host_data, the KjCall of
 * resolve.c), and once the plugin returned kj_validate_deliver hands the
 * buffer to Java as one byte[] of NUL-terminated UTF-8 fields, six per
 * report: callback, card id, card name (or ""), answer, rule, message
 * (parsed by org.keyact.ValidationReports). */
#include "keyact-jni.h"

#include <string.h>

static void field(GString *s, const char *text)
{
    const char *t = text != NULL ? text : "";
    g_string_append_len(s, t, (gssize)strlen(t) + 1);
}

static void on_violation(const keyact_host *host, const KeyactViolation *v, gpointer user_data)
{
    GString **reports = kj_call_violations(host);

    (void)user_data;
    if (*reports == NULL)
        *reports = g_string_new(NULL);
    field(*reports, v->callback);
    g_string_append_printf(*reports, "%" G_GUINT64_FORMAT, (guint64)v->card);
    g_string_append_c(*reports, '\0');
    field(*reports, v->card_name);
    field(*reports, v->answer);
    field(*reports, v->rule);
    field(*reports, v->message);
}

void kj_validate_attach(KeyactRegistry *registry)
{
    keyact_registry_set_violation_handler(registry, on_violation, NULL, NULL);
}

gboolean kj_validate_deliver(JNIEnv *env, jobject up, GString *reports)
{
    if (reports == NULL)
        return TRUE;
    jbyteArray bytes = kj_bytes(env, reports);
    g_string_free(reports, TRUE);
    if (bytes == NULL) {
        /* No room for the reports: the resolve fails with NOMEM rather than
         * pretending the host kept the contract. */
        if ((*env)->ExceptionCheck(env))
            (*env)->ExceptionClear(env);
        return FALSE;
    }
    (*env)->SetObjectField(env, up, kj_ids.up_violations, bytes);
    (*env)->DeleteLocalRef(env, bytes);
    return TRUE;
}

gboolean kj_validate_deliver_result(JNIEnv *env, jobject up,
                                    const KeyactValidationResult *validation)
{
    gboolean ok = TRUE;

    if (validation->skipped != NULL) {
        jstring skipped = (*env)->NewStringUTF(env, validation->skipped);
        if (skipped != NULL) {
            (*env)->SetObjectField(env, up, kj_ids.up_skipped, skipped);
            (*env)->DeleteLocalRef(env, skipped);
        } else {
            ok = FALSE;
        }
    }
    guint n = MIN(validation->unsettled_count, validation->unsettled_capacity);
    if (n > 0) {
        jlongArray cards = (*env)->NewLongArray(env, (jsize)(2 * n));
        if (cards != NULL) {
            for (guint i = 0; i < n; i++) {
                jlong pair[2] = { (jlong)validation->unsettled[i].card,
                                  (jlong)validation->unsettled[i].zone };
                (*env)->SetLongArrayRegion(env, cards, (jsize)(2 * i), 2, pair);
            }
            (*env)->SetObjectField(env, up, kj_ids.up_unsettled, cards);
            (*env)->DeleteLocalRef(env, cards);
        } else {
            ok = FALSE;
        }
    }
    if (!ok && (*env)->ExceptionCheck(env))
        (*env)->ExceptionClear(env);
    return ok;
}

/* Both take the wrapper's lock as readers: a resolve asks the mode after
 * the plugin returned (Registry.resolve, unsynchronized), possibly while
 * another thread closes the registry; closed, the mode reads OFF. */
static void set_validation(JNIEnv *env, jclass cls, jlong handle, jint mode)
{
    KjRegistry *r = (KjRegistry *)(intptr_t)handle;

    (void)env;
    (void)cls;
    g_rw_lock_reader_lock(&r->lock);
    if (r->registry != NULL)
        keyact_registry_set_validation(r->registry, (KeyactValidation)mode);
    g_rw_lock_reader_unlock(&r->lock);
}

static jint get_validation(JNIEnv *env, jclass cls, jlong handle)
{
    KjRegistry *r = (KjRegistry *)(intptr_t)handle;
    jint mode = KEYACT_VALIDATION_OFF;

    (void)env;
    (void)cls;
    g_rw_lock_reader_lock(&r->lock);
    if (r->registry != NULL)
        mode = (jint)keyact_registry_get_validation(r->registry);
    g_rw_lock_reader_unlock(&r->lock);
    return mode;
}

static const JNINativeMethod methods[] = {
    { "setValidation", "(JI)V", KJ_FN(set_validation) },
    { "getValidation", "(J)I", KJ_FN(get_validation) },
};

jint kj_register_validate_natives(JNIEnv *env, jclass native_class)
{
    return (*env)->RegisterNatives(env, native_class, methods, G_N_ELEMENTS(methods));
}
