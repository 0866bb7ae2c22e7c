/* SPDX-License-Identifier: MIT */
/* fixture_host.c - a minimal host built from the frozen 1.1 or 2.0 headers
 * (whichever <keyact/keyact.h> is on the include path): dlopen, validate
 * the entry, negotiate, init, resolve once in the compat game, deinit.
 *
 * Usage: keyact-compat-host-vX_Y PLUGIN.so
 * Prints one line and exits 0 when it loaded the plugin, 1 when it refused:
 *   OK 1.1 resolve=HAND reveal=callback extras=entry,action,result
 *   REFUSED ABI_MAJOR: plugin built for 1.0; this host speaks 2.x
 * The refusal names (COMPAT_REFUSED_*) follow libkeyact-host's error codes,
 * so the matrix reads the same for every host.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <keyact/keyact.h>

#include "compat_game.h"

#define SIZE_THROUGH(type, member) (offsetof(type, member) + sizeof(((type *)0)->member))

#define ENTRY_HEADER_SIZE SIZE_THROUGH(struct keyact_plugin_entry, abi_minor)
/* The sizes in the first minor of this major (x.0): they never grow. In
 * 2.0 the entry still ends with get_extension, the action with description. */
#define ENTRY_MIN_SIZE SIZE_THROUGH(struct keyact_plugin_entry, get_extension)
#if KEYACT_ABI_MAJOR == 1
#define ACTION_MIN_SIZE SIZE_THROUGH(keyact_action, resolve)
#else
#define ACTION_MIN_SIZE SIZE_THROUGH(keyact_action, description)
#endif

#if KEYACT_ABI_MAJOR == 1 && KEYACT_ABI_MINOR >= 1
#define HOST_1_1 1
static const keyact_version offered[] = { { 1u, 1u }, { 1u, 0u } };
#else
#define HOST_1_1 0
static const keyact_version offered[] = { { KEYACT_ABI_MAJOR, KEYACT_ABI_MINOR } };
#endif
#define N_OFFERED ((uint32_t)(sizeof offered / sizeof offered[0]))

static int refuse(const char *code, const char *format, ...)
{
    va_list args;
    printf("REFUSED %s: ", code);
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    printf("\n");
    return 1;
}

static const char *missing_member(const struct keyact_plugin_entry *entry)
{
    if (entry->plugin_id == NULL || entry->plugin_version == NULL)
        return "plugin_id/plugin_version";
    if (entry->negotiate == NULL || entry->init == NULL || entry->deinit == NULL)
        return "negotiate/init/deinit";
    if (entry->action_count == 0 || entry->actions == NULL)
        return "actions";
    for (uint32_t i = 0; i < entry->action_count; i++) {
        const keyact_action *action = entry->actions[i];
        if (action == NULL || action->struct_size < ACTION_MIN_SIZE || action->name == NULL
            || action->impl_id == NULL || action->resolve == NULL)
            return "an action's name/impl_id/resolve";
    }
    return NULL;
}

static int was_offered(keyact_version chosen)
{
    for (uint32_t i = 0; i < N_OFFERED; i++)
        if (offered[i].major == chosen.major && offered[i].minor == chosen.minor)
            return 1;
    return 0;
}

/* The 1.1 members this host read, each only when the other side has it. */
static void describe_extras(const struct keyact_plugin_entry *entry, keyact_version chosen,
                            const keyact_resolve_result *result, char *out, size_t size)
{
    out[0] = '\0';
#if HOST_1_1
    if (chosen.minor < 1) {
        snprintf(out, size, " extras=none");
        return;
    }
    const keyact_action *action = entry->actions[0];
    int has_entry = entry->struct_size >= SIZE_THROUGH(struct keyact_plugin_entry, description)
                    && entry->description != NULL;
    int has_action = action->struct_size >= SIZE_THROUGH(keyact_action, flags)
                     && (action->flags & KEYACT_ACTION_REVEALS);
    int has_result = result->revealed_count == 1;
    snprintf(out, size, " extras=%s%s%s%s%s", has_entry ? "entry" : "",
             has_entry && (has_action || has_result) ? "," : "", has_action ? "action" : "",
             has_action && has_result ? "," : "", has_result ? "result" : "");
    if (!has_entry && !has_action && !has_result)
        snprintf(out, size, " extras=none");
#else
    (void)entry;
    (void)chosen;
    (void)result;
    (void)size;
#endif
}

static int run(void *module, const char *path)
{
    const struct keyact_plugin_entry *entry = dlsym(module, KEYACT_PLUGIN_ENTRY_SYMBOL);
    if (entry == NULL)
        return refuse("NO_ENTRY", "%s has no %s", path, KEYACT_PLUGIN_ENTRY_SYMBOL);
    if (entry->struct_size < ENTRY_HEADER_SIZE)
        return refuse("STRUCT_SIZE", "entry struct_size %u", entry->struct_size);
    if (entry->abi_major != KEYACT_ABI_MAJOR)
        return refuse("ABI_MAJOR", "plugin built for %u.%u; this host speaks %u.x",
                      entry->abi_major, entry->abi_minor, KEYACT_ABI_MAJOR);
    if (entry->struct_size < ENTRY_MIN_SIZE)
        return refuse("STRUCT_SIZE", "entry struct_size %u < %u", entry->struct_size,
                      (unsigned)ENTRY_MIN_SIZE);
    const char *missing = missing_member(entry);
    if (missing != NULL)
        return refuse("MISSING_MEMBER", "no %s", missing);

    keyact_version chosen = { 0u, 0u };
    int32_t status = entry->negotiate(offered, N_OFFERED, &chosen);
    if (status != KEYACT_OK)
        return refuse("NEGOTIATE", "negotiate returned %s", keyact_status_name(status));
    if (!was_offered(chosen))
        return refuse("NEGOTIATE", "answered %u.%u, not offered", chosen.major, chosen.minor);

    void *ctx = NULL;
    status = entry->init(&chosen, path, &ctx);
    if (status != KEYACT_OK)
        return refuse("INIT", "init returned %s", keyact_status_name(status));

    CompatGame game;
    keyact_host table;
    keyact_resolve_args args;
    keyact_resolve_result result;
    compat_game_init(&game, &table);
    compat_game_prepare(&game, &args, &result);
    status = entry->actions[0]->resolve(ctx, &table, &args, &result);
    entry->deinit(ctx);

    char verdict[96], extras[64];
    compat_game_verdict(&game, status, &result, verdict, sizeof verdict);
    describe_extras(entry, chosen, &result, extras, sizeof extras);
    printf("OK %u.%u %s%s\n", chosen.major, chosen.minor, verdict, extras);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
        return 2;
    }
    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (module == NULL)
        return refuse("OPEN", "%s", dlerror());
    int status = run(module, argv[1]);
    dlclose(module);
    return status;
}
