/* SPDX-License-Identifier: MIT */
/* bare-upcall.c - the benchmark's yardstick (libkeyact-bench-jni, not
 * installed): C calling a Java int method through CallIntMethod with a
 * method id cached at load time, followed by the ExceptionCheck JNI requires
 * before any other call, and nothing else: no local frame, no field read.
 * BareUpcall.run times it in the same JVM as the binding's resolves.
 * JNI_OnLoad here registers the natives of both yardsticks (c-resolve.c). */
#include <jni.h>

jint kb_register_c_resolve(JNIEnv *env);

static jmethodID library_size;

/* count calls of target.librarySize(1, 1); their sum, or -1 if one threw. */
static jlong run(JNIEnv *env, jclass cls, jobject target, jint count)
{
    jlong sum = 0;

    (void)cls;
    for (jint i = 0; i < count; i++) {
        sum += (*env)->CallIntMethod(env, target, library_size, (jlong)1, (jlong)1);
        if ((*env)->ExceptionCheck(env))
            return -1;
    }
    return sum;
}

static const JNINativeMethod methods[] = {
    { "run", "(Lorg/keyact/bench/BareUpcall$Target;I)J", (__extension__ (void *)(run)) },
};

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    jclass bare, target;

    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK)
        return JNI_ERR;
    if ((bare = (*env)->FindClass(env, "org/keyact/bench/BareUpcall")) == NULL ||
        (target = (*env)->FindClass(env, "org/keyact/bench/BareUpcall$Target")) == NULL ||
        (library_size = (*env)->GetMethodID(env, target, "librarySize", "(JJ)I")) == NULL ||
        (*env)->RegisterNatives(env, bare, methods, 1) != 0 ||
        kb_register_c_resolve(env) != JNI_OK)
        return JNI_ERR;
    (*env)->DeleteLocalRef(env, bare);
    (*env)->DeleteLocalRef(env, target);
    return JNI_VERSION_1_8;
}
