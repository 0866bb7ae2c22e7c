/* SPDX-License-Identifier: MIT */
/* c-resolve.c - the other yardstick of libkeyact-bench-jni: the same
 * discover 3 on the same 60-card deck resolved in C alone (the plugin
 * through libkeyact-host, on the C benchmark's fake host as a 1.1 host, a
 * fresh library order each time: tests/bench/bench_game.h), timed inside
 * the JVM that times the binding, in the same thread CPU time. What a JNI resolve costs over this is the
 * binding's (and the Java host's) share. */
#include <jni.h>

#include "bench_clock.h"
#include "bench_deck.h"
#include "bench_game.h"
#include "bench_plugin.h"

/* Time `count` resolves (after as many to warm up) and `count` order
 * restores: out[0] and out[1], in ns. -1 when the plugin does not load or a
 * resolve fails, else 0. */
static jint run(JNIEnv *env, jclass cls, jbyteArray path, jint count, jlongArray out)
{
    BenchPlugin plugin;
    g_autoptr(GError) error = NULL;
    jsize n = (*env)->GetArrayLength(env, path);
    g_autofree char *file = g_malloc((gsize)n + 1);
    int32_t statuses = 0;

    (void)cls;
    (*env)->GetByteArrayRegion(env, path, 0, n, (jbyte *)file);
    file[n] = '\0';
    if (!bench_plugin_load(&plugin, file, &error)) {
        g_printerr("c-resolve: %s\n", error->message);
        return -1;
    }
    g_autoptr(BenchGame) game = bench_game_new(1, 256, BENCH_DISCOVER_N);
    const keyact_host *table = &game->hosts[BENCH_HOST_1_1];
    keyact_resolve_args *args = &game->call.args;
    keyact_resolve_result *result = &game->call.result;

    for (jint i = 0; i < count; i++) {
        bench_game_prepare(game, (guint)i);
        int32_t status = keyact_bound_action_resolve(&plugin.discover, table, args, result);
        if (status != 0) {
            g_printerr("c-resolve: resolve %d returned %d\n", (int)i, (int)status);
            bench_plugin_unload(&plugin);
            return -1;
        }
    }
    uint64_t t0 = bench_thread_cpu_ns();
    for (jint i = 0; i < count; i++) {
        bench_game_prepare(game, (guint)i);
        statuses |= keyact_bound_action_resolve(&plugin.discover, table, args, result);
    }
    uint64_t t1 = bench_thread_cpu_ns();
    for (jint i = 0; i < count; i++)
        bench_game_prepare(game, (guint)i);
    uint64_t t2 = bench_thread_cpu_ns();
    bench_plugin_unload(&plugin);
    if (statuses != 0) {
        g_printerr("c-resolve: a resolve failed\n");
        return -1;
    }
    jlong ns[2] = { (jlong)(t1 - t0), (jlong)(t2 - t1) };
    (*env)->SetLongArrayRegion(env, out, 0, 2, ns);
    return 0;
}

static const JNINativeMethod methods[] = {
    { "run", "([BI[J)I", (__extension__ (void *)(run)) },
};

jint kb_register_c_resolve(JNIEnv *env)
{
    jclass c = (*env)->FindClass(env, "org/keyact/bench/CResolve");
    if (c == NULL || (*env)->RegisterNatives(env, c, methods, 1) != 0)
        return JNI_ERR;
    (*env)->DeleteLocalRef(env, c);
    return JNI_OK;
}
