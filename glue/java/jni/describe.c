/* SPDX-License-Identifier: MIT */
/* describe.c - C copies of CardDescription objects. The Java side keeps one
 * per distinct description object per thread (identity-keyed) and hands its
 * address to describe_card, so a card is converted once, not per call. One
 * g_malloc'ed block per description: the keyact_card_desc, its faces and
 * their strings, freed together. */
#include "keyact-jni.h"

#include <string.h>

typedef struct {
    keyact_card_desc desc;
    keyact_face_desc faces[KEYACT_MAX_FACES];
    char strings[]; /* names and costs, NUL-terminated, back to back */
} KjDescBlock;

static jlong new_description(JNIEnv *env, jclass cls, jint layout, jintArray flags,
                             jobjectArray names, jobjectArray costs)
{
    jint f[KEYACT_MAX_FACES];
    jbyteArray name_arr[KEYACT_MAX_FACES] = { 0 }, cost_arr[KEYACT_MAX_FACES] = { 0 };
    jsize name_len[KEYACT_MAX_FACES], cost_len[KEYACT_MAX_FACES];
    jsize n = (*env)->GetArrayLength(env, flags);
    gsize total = 0;
    KjDescBlock *b = NULL;

    (void)cls;
    if (n < 1 || n > (jsize)KEYACT_MAX_FACES)
        return 0;
    (*env)->GetIntArrayRegion(env, flags, 0, n, f);
    if ((*env)->ExceptionCheck(env))
        return 0;
    for (jsize i = 0; i < n; i++) {
        name_arr[i] = (*env)->GetObjectArrayElement(env, names, i);
        if ((*env)->ExceptionCheck(env))
            goto out;
        cost_arr[i] = (*env)->GetObjectArrayElement(env, costs, i);
        if ((*env)->ExceptionCheck(env))
            goto out;
        name_len[i] = (*env)->GetArrayLength(env, name_arr[i]);
        cost_len[i] = (*env)->GetArrayLength(env, cost_arr[i]);
        total += (gsize)name_len[i] + (gsize)cost_len[i] + 2;
    }
    b = g_try_malloc0(sizeof(KjDescBlock) + total);
    if (b == NULL)
        goto out;
    b->desc.struct_size = sizeof(keyact_card_desc);
    b->desc.layout = (uint32_t)layout;
    b->desc.face_count = (uint32_t)n;
    char *p = b->strings;
    for (jsize i = 0; i < n; i++) {
        keyact_face_desc *face = &b->faces[i];
        face->struct_size = sizeof(keyact_face_desc);
        face->flags = (uint32_t)f[i];
        face->name = p;
        (*env)->GetByteArrayRegion(env, name_arr[i], 0, name_len[i], (jbyte *)p);
        p += name_len[i] + 1;
        face->mana_cost = p;
        (*env)->GetByteArrayRegion(env, cost_arr[i], 0, cost_len[i], (jbyte *)p);
        p += cost_len[i] + 1;
        b->desc.faces[i] = face;
    }
out:
    for (jsize i = 0; i < n; i++) {
        if (name_arr[i] != NULL)
            (*env)->DeleteLocalRef(env, name_arr[i]);
        if (cost_arr[i] != NULL)
            (*env)->DeleteLocalRef(env, cost_arr[i]);
    }
    return (jlong)(intptr_t)b;
}

static void free_descriptions(JNIEnv *env, jclass cls, jlongArray blocks, jint count)
{
    jlong *p = (*env)->GetLongArrayElements(env, blocks, NULL);

    (void)cls;
    if (p == NULL)
        return;
    for (jint i = 0; i < count; i++)
        g_free((void *)(intptr_t)p[i]);
    (*env)->ReleaseLongArrayElements(env, blocks, p, JNI_ABORT);
}

/* The bytes C holds for face `face` of a block: its name, or its cost when
 * `cost` is set. For tests that check what crossed (UTF-8, not modified). */
static jbyteArray described_string(JNIEnv *env, jclass cls, jlong block, jint face, jboolean cost)
{
    const keyact_card_desc *desc = (const keyact_card_desc *)(intptr_t)block;

    (void)cls;
    if (desc == NULL || face < 0 || (uint32_t)face >= desc->face_count)
        return NULL;
    const char *s = cost ? desc->faces[face]->mana_cost : desc->faces[face]->name;
    jsize n = (jsize)strlen(s);
    jbyteArray out = (*env)->NewByteArray(env, n);
    if (out != NULL)
        (*env)->SetByteArrayRegion(env, out, 0, n, (const jbyte *)s);
    return out;
}

static const JNINativeMethod methods[] = {
    { "describedString", "(JIZ)[B", KJ_FN(described_string) },
    { "newDescription", "(I[I[[B[[B)J", KJ_FN(new_description) },
    { "freeDescriptions", "([JI)V", KJ_FN(free_descriptions) },
};

jint kj_register_describe_natives(JNIEnv *env, jclass native_class)
{
    return (*env)->RegisterNatives(env, native_class, methods, G_N_ELEMENTS(methods));
}
