/* SPDX-License-Identifier: MIT */
/* child_lifecycle.c - the "lifecycle" step: init and deinit twice with the
 * negotiated version, then dlclose. The second cycle is measured with
 * glibc's mallinfo2: a deinit that does not free what init made shows as
 * heap left behind.
 */
#ifdef KEYACT_CHECK_HAVE_MALLINFO2
#include <malloc.h>
#endif

#include "check-private.h"

/* ---- lifecycle ---- */

static gssize heap_in_use(void)
{
#ifdef KEYACT_CHECK_HAVE_MALLINFO2
    return (gssize)mallinfo2().uordblks;
#else
    return -1;
#endif
}

void check_child_step_lifecycle(CheckChild *child)
{
    const struct keyact_plugin_entry *entry = child->entry;

    if (!child->entry_ok || entry->init == NULL || entry->deinit == NULL || !child->negotiated) {
        check_child_skip(child, "lifecycle",
                         "not run: no usable entry, init/deinit or negotiated version");
        return;
    }

    /* Cycle 1 warms up whatever a first call does once (lazy binding). */
    void *ctx = NULL;
    check_wire_begin(child->wire, "lifecycle", "init #1");
    int32_t status = entry->init(&child->chosen, child->path, &ctx);
    if (status != KEYACT_OK) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "lifecycle",
                         "init with version %u.%u returned %s", child->chosen.major,
                         child->chosen.minor, keyact_status_name(status));
        return;
    }
    check_wire_begin(child->wire, "lifecycle", "deinit #1");
    entry->deinit(ctx);

    /* Cycle 2 is measured: nothing but the plugin allocates in between. */
    check_wire_begin(child->wire, "lifecycle", "init/deinit #2");
    gssize before = heap_in_use();
    ctx = NULL;
    status = entry->init(&child->chosen, child->path, &ctx);
    if (status == KEYACT_OK)
        entry->deinit(ctx);
    gssize after = heap_in_use();
    if (status != KEYACT_OK) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "lifecycle",
                         "init worked once, then returned %s the second time",
                         keyact_status_name(status));
        return;
    }
    if (before >= 0 && after != before) {
        check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "lifecycle",
                         "unbalanced: an init/deinit cycle left %" G_GSSIZE_FORMAT
                         " bytes of heap behind", after - before);
        return;
    }
    check_wire_begin(child->wire, "lifecycle", "dlclose");
    g_module_close(child->module);
    child->module = NULL;
    check_wire_itemf(child->wire, KEYACT_CHECK_PASS, "lifecycle",
                     "init/deinit twice with %u.%u%s, then dlclose", child->chosen.major,
                     child->chosen.minor,
                     before >= 0 ? "; the heap was the same after a cycle as before" : "");
}

