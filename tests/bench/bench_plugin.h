/* SPDX-License-Identifier: MIT */
/* bench_plugin.h - the Discover plugin loaded through libkeyact-host. */
#ifndef KEYACT_BENCH_PLUGIN_H
#define KEYACT_BENCH_PLUGIN_H

#include <keyact-host.h>

G_BEGIN_DECLS

typedef struct {
    KeyactRegistry *registry;
    KeyactBoundAction discover;
} BenchPlugin;

/* The load flags for `path`: the default (with the ownership and permission
 * check), unless that check refuses the build tree, then ALLOW_UNSAFE with a
 * note on stderr (a build dir in a group-writable directory is common). */
KeyactLoadFlags bench_load_flags(const char *path);

/* keyact_registry_load + lookup "discover". */
gboolean bench_plugin_load(BenchPlugin *plugin, const char *path, GError **error);
/* The same file loaded isolated (keyact_registry_set_isolation: its
 * resolves run in a keyact-plugin-helper process). */
gboolean bench_plugin_load_isolated(BenchPlugin *plugin, const char *path, GError **error);
void bench_plugin_unload(BenchPlugin *plugin);

G_END_DECLS

#endif /* KEYACT_BENCH_PLUGIN_H */
