/* SPDX-License-Identifier: MIT */
/* host.c - the host table the plugin is handed in the helper: a dynamic
 * host (keyact-trace.h) whose one dispatcher sends each call to the parent
 * as a CALL and waits for its REPLY, cut to the shape of the engine's own
 * table for each request, so the plugin sees the same size, version and
 * optional members as in-process and makes the same calls. */
#include <stddef.h>
#include <string.h>

#include "helper.h"

static int32_t dispatch(gpointer user_data, const KeyactCallbackSignature *signature,
                        void *const *args, gconstpointer *out_pointer)
{
    Helper *helper = user_data;
    const KeyactCallbackSignature *all = keyact_callback_signatures(NULL);
    guint index = (guint)(signature - all);

    ki_encode_call(&helper->out, index, args);
    helper_send(helper);
    if (ki_call_is_one_way(signature)) {
        /* get_extension: a host's extension tables live in its process. */
        *out_pointer = NULL;
        return KEYACT_OK;
    }
    KiReader reader;
    for (helper_receive(helper); helper->header.type == KI_MSG_RULES; helper_receive(helper)) {
        ki_reader_init(&reader, helper->payload, helper->header.length);
        helper_serve_rules(helper, &reader);
    }
    if (helper->header.type != KI_MSG_REPLY)
        helper_exit();
    int32_t status = KEYACT_E_HOST;
    ki_reader_init(&reader, helper->payload, helper->header.length);
    if (!ki_decode_reply(&reader, index, args, helper->arena, &status))
        helper_exit();
    return status;
}

gboolean helper_host_prepare(Helper *helper)
{
    /* The closures are made here, before the sandbox: libffi may need to
     * map new executable memory for them, which the sandbox forbids. */
    helper->dynamic = keyact_host_new_dynamic_sized(dispatch, helper, KEYACT_HOST_SIZE_1_2, NULL);
    return helper->dynamic != NULL;
}

gboolean helper_host_shape(Helper *helper, KiReader *request)
{
    gboolean present;
    guint32 size = ki_get_u32(request);
    guint32 major = ki_get_u32(request);
    guint32 minor = ki_get_u32(request);
    guint32 reserved = ki_get_u32(request);
    guint32 members = ki_get_u32(request);
    const char *name = ki_get_string(request, &present);

    if (request->failed || (size != KEYACT_HOST_SIZE_1_0 && size != KEYACT_HOST_SIZE_1_1 &&
                            size != KEYACT_HOST_SIZE_1_2))
        return FALSE;
    helper->table = *helper->dynamic;
    helper->table.struct_size = size;
    helper->table.abi_major = major;
    helper->table.abi_minor = minor;
    helper->table.reserved0 = reserved;
    helper->table.host_data = NULL;
    if (!present || helper->host_name == NULL || strcmp(name, helper->host_name) != 0) {
        g_free(helper->host_name);
        helper->host_name = g_strdup(name);
    }
    helper->table.host_name = helper->host_name;

    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);
    for (guint i = 0; i < n; i++) {
        gboolean inside = signatures[i].offset + sizeof(void (*)(void)) <= size;
        if (!inside || !(members & (1u << i)))
            memset((char *)&helper->table + signatures[i].offset, 0, sizeof(void (*)(void)));
    }
    return TRUE;
}
