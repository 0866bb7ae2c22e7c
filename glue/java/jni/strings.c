/* SPDX-License-Identifier: MIT */
/* strings.c - UTF-8 across the boundary as byte arrays: the Java side
 * encodes and decodes with StandardCharsets.UTF_8, so no string ever goes
 * through JNI's modified UTF-8 (which mangles NUL and 4-byte characters). */
#include "keyact-jni.h"

char *kj_utf8_dup(JNIEnv *env, jbyteArray bytes)
{
    if (bytes == NULL)
        return NULL;
    jsize n = (*env)->GetArrayLength(env, bytes);
    char *s = g_malloc((gsize)n + 1);
    (*env)->GetByteArrayRegion(env, bytes, 0, n, (jbyte *)s);
    if ((*env)->ExceptionCheck(env)) {
        g_free(s);
        return NULL;
    }
    s[n] = '\0';
    return s;
}

jbyteArray kj_bytes(JNIEnv *env, const GString *s)
{
    jbyteArray out = (*env)->NewByteArray(env, (jsize)s->len);
    if (out == NULL)
        return NULL;
    (*env)->SetByteArrayRegion(env, out, 0, (jsize)s->len, (const jbyte *)s->str);
    return out;
}
