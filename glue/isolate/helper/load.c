/* SPDX-License-Identifier: MIT */
/* load.c - OPEN, NEGOTIATE and INIT: the steps of keyact_plugin_load() that
 * run plugin code, each on the parent's word, each answered with the facts
 * the parent checks as it would check an entry in its own process
 * (glue/host/isolated_load.c reads them). */
#define _GNU_SOURCE

#include <dlfcn.h>

#include "helper.h"
#include "ki_facts.h"

const char *helper_startup_failure(int *out_errno);

static void put_action(KiWriter *w, const keyact_action *action)
{
    ki_put_u8(w, action != NULL);
    if (action == NULL)
        return;
    ki_put_u32(w, action->struct_size);
    if (action->struct_size < KEYACT_ACTION_SIZE_1_0)
        return;
    ki_put_string(w, action->name);
    ki_put_string(w, action->impl_id);
    ki_put_string(w, action->description);
    ki_put_u8(w, action->resolve != NULL);
    gboolean stepped = KEYACT_ACTION_HAS(action, abandon);
    ki_put_u8(w, stepped);
    if (!stepped)
        return;
    ki_put_u32(w, action->state_size);
    ki_put_u32(w, action->state_align);
    ki_put_u8(w, (guint8)((action->begin != NULL ? KI_FACT_BEGIN : 0u) |
                          (action->step != NULL ? KI_FACT_STEP : 0u) |
                          (action->answer != NULL ? KI_FACT_ANSWER : 0u) |
                          (action->abandon != NULL ? KI_FACT_ABANDON : 0u)));
}

/* What keyact_host_check_entry() reads, in its order; nothing past what an
 * in-process check would read (another major's layout is not read). */
static void put_entry(KiWriter *w, const struct keyact_plugin_entry *entry)
{
    ki_put_u32(w, entry->struct_size);
    ki_put_u32(w, entry->abi_major);
    ki_put_u32(w, entry->abi_minor);
    gboolean whole = entry->struct_size >= KEYACT_PLUGIN_ENTRY_SIZE_1_0 &&
                     entry->abi_major == KEYACT_ABI_MAJOR;
    ki_put_u8(w, whole);
    if (!whole)
        return;
    ki_put_u32(w, entry->action_count);
    ki_put_string(w, entry->plugin_id);
    ki_put_string(w, entry->plugin_version);
    ki_put_u8(w, (guint8)((entry->negotiate != NULL ? KI_FACT_NEGOTIATE : 0u) |
                          (entry->init != NULL ? KI_FACT_INIT : 0u) |
                          (entry->deinit != NULL ? KI_FACT_DEINIT : 0u) |
                          (entry->actions != NULL ? KI_FACT_ACTIONS : 0u) |
                          (entry->get_extension != NULL ? KI_FACT_GET_EXTENSION : 0u)));
    if (entry->actions == NULL || entry->action_count > KI_FACT_MAX_ACTIONS)
        return;
    for (guint32 i = 0; i < entry->action_count; i++)
        put_action(w, entry->actions[i]);
}

void helper_open(Helper *helper, KiReader *request)
{
    gboolean present;
    const char *file = ki_get_string(request, &present);
    if (!ki_reader_done(request) || !present)
        helper_exit();

    ki_writer_start(&helper->out, KI_MSG_DONE);
    ki_put_u32(&helper->out, KI_MSG_OPEN);
    int error = 0;
    const char *step = helper_startup_failure(&error);
    if (step != NULL) {
        ki_put_u32(&helper->out, KI_OPEN_STARTUP_FAILED);
        ki_put_string(&helper->out, step);
        ki_put_i32(&helper->out, error);
        helper_send(helper);
        helper_exit();
    }
    const char *landlock_step = NULL;
    int landlocked = helper_landlock(file, &landlock_step);
    if (landlocked < 0) {
        ki_put_u32(&helper->out, KI_OPEN_STARTUP_FAILED);
        ki_put_string(&helper->out, landlock_step);
        ki_put_i32(&helper->out, -landlocked);
        helper_send(helper);
        helper_exit();
    }
    /* As GModule opens it in-process: lazy binding, local symbols. */
    helper->module = dlopen(file, RTLD_LAZY | RTLD_LOCAL);
    if (helper->module == NULL) {
        const char *why = dlerror();
        ki_put_u32(&helper->out, KI_OPEN_DLOPEN_FAILED);
        ki_put_string(&helper->out, why != NULL ? why : "unknown error");
        helper_send(helper);
        helper_exit();
    }
    helper->entry = dlsym(helper->module, KEYACT_PLUGIN_ENTRY_SYMBOL);
    if (helper->entry == NULL) {
        ki_put_u32(&helper->out, KI_OPEN_NO_ENTRY);
        helper_send(helper);
        helper_exit();
    }
    ki_put_u32(&helper->out, KI_OPEN_OK);
    ki_put_u8(&helper->out, landlocked == 0);
    put_entry(&helper->out, helper->entry);
    helper_send(helper);
}

void helper_negotiate(Helper *helper, KiReader *request)
{
    guint32 n = ki_get_count(request, 64u, 2u * sizeof(guint32));
    keyact_version offered[64];
    for (guint32 i = 0; i < n; i++) {
        offered[i].major = ki_get_u32(request);
        offered[i].minor = ki_get_u32(request);
    }
    if (!ki_reader_done(request) || helper->entry == NULL)
        helper_exit();

    keyact_version chosen = { 0u, 0u };
    int32_t status = helper->entry->negotiate(offered, n, &chosen);
    ki_writer_start(&helper->out, KI_MSG_DONE);
    ki_put_u32(&helper->out, KI_MSG_NEGOTIATE);
    ki_put_i32(&helper->out, status);
    ki_put_u32(&helper->out, chosen.major);
    ki_put_u32(&helper->out, chosen.minor);
    helper_send(helper);
}

void helper_init(Helper *helper, KiReader *request)
{
    gboolean present;
    helper->chosen.major = ki_get_u32(request);
    helper->chosen.minor = ki_get_u32(request);
    const char *path = ki_get_string(request, &present);
    if (!ki_reader_done(request) || !present || helper->entry == NULL)
        helper_exit();

    void *ctx = NULL;
    int32_t status = helper->entry->init(&helper->chosen, path, &ctx);
    helper->ctx = ctx;
    ki_writer_start(&helper->out, KI_MSG_DONE);
    ki_put_u32(&helper->out, KI_MSG_INIT);
    ki_put_i32(&helper->out, status);
    helper_send(helper);
}
