/* SPDX-License-Identifier: MIT */
/* fuzz_plugin.c - load the Discover plugin once and keep it for the
 * process's lifetime (a fuzzer runs millions of inputs against it). */
#include "fuzz_plugin.h"

#include "fuzz_target.h"

#ifndef KEYACT_FUZZ_DISCOVER_MODULE
#error "KEYACT_FUZZ_DISCOVER_MODULE must come from the build"
#endif

static KeyactRegistry *fuzz_registry;
static KeyactBoundAction fuzz_bound;

const KeyactBoundAction *fuzz_discover(void)
{
    if (fuzz_registry != NULL)
        return &fuzz_bound;

    const char *path = g_getenv("KEYACT_DISCOVER_MODULE");
    if (path == NULL || *path == '\0')
        path = KEYACT_FUZZ_DISCOVER_MODULE;
    g_autoptr(GError) error = NULL;
    KeyactRegistry *registry = keyact_registry_new();
    /* The build tree's permissions are not what is being fuzzed. */
    if (!keyact_registry_load(registry, path, KEYACT_LOAD_ALLOW_UNSAFE, &error)
        || !keyact_registry_lookup(registry, "discover", NULL, &fuzz_bound, &error))
        fuzz_fail("cannot load discover from %s: %s", path, error->message);
    fuzz_registry = registry;
    return &fuzz_bound;
}
