/* SPDX-License-Identifier: MIT */
/* keyact-jni.h - what the files of libkeyact-jni share: the class and
 * member ids cached by JNI_OnLoad, the registry wrapper, and the upcall
 * discipline every host callback follows.
 *
 * Exceptions: after every call into Java the caller checks ExceptionCheck
 * before any other JNI call; a pending throwable is taken (ExceptionOccurred
 * + ExceptionClear), kept as the resolve's failure (first one wins) and
 * turned into a failing status. Local references: a callback deletes every
 * one it makes (see resolve.c). */
#ifndef KEYACT_JNI_H
#define KEYACT_JNI_H

#include <jni.h>
#include <glib.h>
#include <keyact-host.h>

/* Ids cached once in JNI_OnLoad; classes pinned by global references. */
typedef struct {
    jclass upcalls_class;
    jclass keyact_exception_class;
    jfieldID keyact_exception_status;  /* KeyactException.status (Status) */
    jfieldID status_code;              /* Status.code (int) */
    jfieldID up_failure;               /* Upcalls.failure (Throwable) */
    jmethodID up_reserve;              /* Upcalls.reserve: grows the shared buffer */
    jmethodID up_library_size, up_library_card, up_move_card, up_describe_card;
    jmethodID up_can_cast_face, up_choose, up_cast_free, up_random_below;
    jmethodID up_notify, up_log;
    jmethodID up_library_cards, up_describe_cards, up_apply_steps, up_random_below_each;
    jmethodID up_card_zone;            /* Upcalls.cardZone (ABI 1.2, validation) */
    jfieldID up_violations;            /* Upcalls.violations (byte[]), see validate.c */
    jfieldID up_skipped;               /* Upcalls.skipped (String), see validate.c */
    jfieldID up_unsettled;             /* Upcalls.unsettled (long[]), see validate.c */
} KjIds;

extern KjIds kj_ids;

/* A KeyactRegistry behind a lock that close() takes as writer, so a resolve
 * never acquires from a slot that is being freed. Freed by the Java
 * Registry's Cleaner, once nothing can reach it. */
typedef struct {
    GRWLock lock;
    KeyactRegistry *registry; /* NULL once closed */
} KjRegistry;

/* A native's function as JNINativeMethod.fnPtr wants it (void *): ISO C has
 * no function-to-object pointer conversion, POSIX and every JVM rely on it. */
#define KJ_FN(f) (__extension__ (void *)(f))

/* The natives of org.keyact.Native, by file. */
jint kj_register_registry_natives(JNIEnv *env, jclass native_class);
jint kj_register_resolve_natives(JNIEnv *env, jclass native_class);
jint kj_register_describe_natives(JNIEnv *env, jclass native_class);
jint kj_register_validate_natives(JNIEnv *env, jclass native_class);

/* validate.c: give a new registry the handler that collects violation
 * reports into the resolve's buffer; after the resolve, hand the buffer to
 * Java (Upcalls.violations) and free it. FALSE (nothing pending) when the
 * JVM had no room for it. */
void kj_validate_attach(KeyactRegistry *registry);
gboolean kj_validate_deliver(JNIEnv *env, jobject up, GString *reports);
/* validate.c: what the layer said of the resolve beyond its reports: the
 * checks skipped (Upcalls.skipped) and, under FATAL, the unsettled cards
 * (Upcalls.unsettled, card and zone in turn). FALSE when the JVM had no
 * room for them. */
gboolean kj_validate_deliver_result(JNIEnv *env, jobject up,
                                    const KeyactValidationResult *validation);
/* resolve.c: the report buffer of the resolve `host` belongs to (NULL
 * until the first report). */
GString **kj_call_violations(const keyact_host *host);

/* Java byte[] (UTF-8, may be NULL) to a NUL-terminated g_malloc'ed string
 * (NULL for NULL or when an exception is pending). */
char *kj_utf8_dup(JNIEnv *env, jbyteArray bytes);
/* A GString's bytes as a new byte[] (NULL with OutOfMemoryError pending). */
jbyteArray kj_bytes(JNIEnv *env, const GString *s);

/* The number of JNI upcalls made by this thread's resolves. */
guint64 kj_upcalls_count(void);

#endif /* KEYACT_JNI_H */
