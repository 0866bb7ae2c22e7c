/* SPDX-License-Identifier: MIT */
/* demo.c - the demo scenario, read from this library's GResource. */
#include "demo.h"

#include <gio/gio.h>

#include "ref-demo-resources.h"

#define REF_DEMO_PATH "/org/keyact/refhost/demo/demo.json"

RefScenario *ref_demo_scenario(GError **error)
{
    /* Looking it up in our own resource (not the global registry) keeps the
     * resource object linked in from the static library. */
    g_autoptr(GBytes) bytes = g_resource_lookup_data(ref_demo_get_resource(), REF_DEMO_PATH,
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, error);
    if (bytes == NULL)
        return NULL;
    gsize length = 0;
    const char *data = g_bytes_get_data(bytes, &length);
    return ref_scenario_load_data(data, (gssize)length, "built-in demo", NULL, error);
}
