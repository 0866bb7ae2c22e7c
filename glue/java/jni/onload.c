/* SPDX-License-Identifier: MIT */
/* onload.c - JNI_OnLoad: cache every class, field and method id once and
 * register the natives of org.keyact.Native (so no Java_* symbol is
 * exported: JNI_OnLoad and JNI_OnUnload are the library's only exports). */
#include "keyact-jni.h"

KjIds kj_ids;

static jclass global_class(JNIEnv *env, const char *name)
{
    jclass local = (*env)->FindClass(env, name);
    if (local == NULL)
        return NULL;
    jclass global = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    return global;
}

/* Each lookup returns NULL with an exception pending on failure; the first
 * failure makes JNI_OnLoad fail, and the JVM throws that exception from
 * System.load. */
#define FIELD(cls, var, name, sig) \
    if ((kj_ids.var = (*env)->GetFieldID(env, cls, name, sig)) == NULL) goto fail
#define METHOD(cls, var, name, sig) \
    if ((kj_ids.var = (*env)->GetMethodID(env, cls, name, sig)) == NULL) goto fail

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    jclass status = NULL, native = NULL;
    jclass up;

    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK)
        return JNI_ERR;

    if ((kj_ids.upcalls_class = global_class(env, "org/keyact/Upcalls")) == NULL ||
        (kj_ids.keyact_exception_class = global_class(env, "org/keyact/KeyactException")) == NULL ||
        (status = (*env)->FindClass(env, "org/keyact/Status")) == NULL ||
        (native = (*env)->FindClass(env, "org/keyact/Native")) == NULL)
        goto fail;
    up = kj_ids.upcalls_class;

    FIELD(kj_ids.keyact_exception_class, keyact_exception_status, "status", "Lorg/keyact/Status;");
    FIELD(status, status_code, "code", "I");
    FIELD(up, up_failure, "failure", "Ljava/lang/Throwable;");
    /* Every upcall but log takes its arguments from the shared buffer (see resolve.c). */
    METHOD(up, up_reserve, "reserve", "()J");
    METHOD(up, up_library_size, "librarySize", "()I");
    METHOD(up, up_library_card, "libraryCard", "()J");
    METHOD(up, up_move_card, "moveCard", "()V");
    METHOD(up, up_describe_card, "describeCard", "()J");
    METHOD(up, up_can_cast_face, "canCastFace", "()Z");
    METHOD(up, up_choose, "choose", "()I");
    METHOD(up, up_cast_free, "castFree", "()Z");
    METHOD(up, up_random_below, "randomBelow", "()I");
    METHOD(up, up_notify, "event", "()V");
    METHOD(up, up_log, "log", "(I[B)V");
    METHOD(up, up_library_cards, "libraryCards", "()V");
    METHOD(up, up_describe_cards, "describeCards", "()V");
    METHOD(up, up_apply_steps, "applySteps", "()Ljava/lang/Throwable;");
    METHOD(up, up_random_below_each, "randomBelowEach", "()V");
    METHOD(up, up_card_zone, "cardZone", "()I");
    FIELD(up, up_violations, "violations", "[B");
    FIELD(up, up_skipped, "skipped", "Ljava/lang/String;");
    FIELD(up, up_unsettled, "unsettled", "[J");

    if (kj_register_registry_natives(env, native) != JNI_OK ||
        kj_register_resolve_natives(env, native) != JNI_OK ||
        kj_register_describe_natives(env, native) != JNI_OK ||
        kj_register_validate_natives(env, native) != JNI_OK)
        goto fail;

    (*env)->DeleteLocalRef(env, status);
    (*env)->DeleteLocalRef(env, native);
    return JNI_VERSION_1_8;

fail:
    return JNI_ERR;
}

JNIEXPORT void JNICALL JNI_OnUnload(JavaVM *vm, void *reserved)
{
    JNIEnv *env;

    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK)
        return;
    if (kj_ids.upcalls_class != NULL)
        (*env)->DeleteGlobalRef(env, kj_ids.upcalls_class);
    if (kj_ids.keyact_exception_class != NULL)
        (*env)->DeleteGlobalRef(env, kj_ids.keyact_exception_class);
    kj_ids = (KjIds){ 0 };
}
