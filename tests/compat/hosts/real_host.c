/* SPDX-License-Identifier: MIT */
/* real_host.c - the matrix's 1.0 host: the real libkeyact-host loads the
 * plugin, then one resolve in the compat game through
 * keyact_bound_action_resolve.
 *
 * Usage: keyact-compat-host-real PLUGIN.so
 * Prints one line, like the fixture hosts: "OK 1.0 resolve=HAND reveal=flag"
 * (exit 0) or "REFUSED <KEYACT_HOST_ERROR_* without the prefix>: message"
 * (exit 1).
 */
#include <stdio.h>

#include "compat_game.h"
#include "keyact-host.h"

static const char *error_code_name(const GError *error)
{
    static const char *const names[] = {
        "OPEN", "NO_ENTRY", "STRUCT_SIZE", "ABI_MAJOR", "NEGOTIATE", "MISSING_MEMBER",
        "INIT", "DUPLICATE", "NOT_FOUND", "UNSAFE_FILE", "INVALID", "RESOLVE",
    };
    if (error->domain != KEYACT_HOST_ERROR || error->code < 0
        || (gsize)error->code >= G_N_ELEMENTS(names))
        return "UNKNOWN";
    return names[error->code];
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
        return 2;
    }
    g_autoptr(GError) error = NULL;
    g_autoptr(KeyactPlugin) plugin = keyact_plugin_load(argv[1], KEYACT_LOAD_DEFAULT, &error);
    if (plugin == NULL) {
        printf("REFUSED %s: %s\n", error_code_name(error), error->message);
        return 1;
    }

    CompatGame game;
    keyact_host table;
    keyact_resolve_args args;
    keyact_resolve_result result;
    compat_game_init(&game, &table);
    compat_game_prepare(&game, &args, &result);
    KeyactBoundAction bound = {
        .action = keyact_plugin_get_action(plugin, 0),
        .plugin_ctx = keyact_plugin_get_context(plugin),
        .plugin = plugin,
    };
    int32_t status = keyact_bound_action_resolve(&bound, &table, &args, &result);

    char verdict[96];
    compat_game_verdict(&game, status, &result, verdict, sizeof verdict);
    keyact_version version = keyact_plugin_get_version(plugin);
    printf("OK %u.%u %s\n", version.major, version.minor, verdict);
    return 0;
}
