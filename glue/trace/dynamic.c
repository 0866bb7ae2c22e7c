/* SPDX-License-Identifier: MIT */
/* dynamic.c - a typed host table whose callbacks all call one generic
 * dispatch function: how a host written in another language (through its
 * own FFI) plugs in without writing one C function per callback.
 */
#include "keyact-trace-private.h"

typedef struct {
    keyact_host table;            /* first, so the table pointer is the struct's */
    KeyactDynamicDispatch dispatch;
    gpointer user_data;
    KeyactClosureSlot slots[KEYACT_CALLBACK_COUNT];
} KeyactDynamicHost;

static void dynamic_handler(ffi_cif *cif, void *ret, void **args, void *user_data)
{
    KeyactClosureSlot *slot = user_data;
    KeyactDynamicHost *dynamic = slot->owner;
    gconstpointer pointer = NULL;
    int32_t status;

    (void)cif;
    status = dynamic->dispatch(dynamic->user_data, slot->signature, args, &pointer);
    switch (slot->signature->return_kind) {
    case KEYACT_RETURN_STATUS:
        /* A closure returns small integers widened to a full ffi_arg. */
        *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)status;
        break;
    case KEYACT_RETURN_POINTER:
        *(gconstpointer *)ret = status == KEYACT_OK ? pointer : NULL;
        break;
    case KEYACT_RETURN_VOID:
        break;
    }
}

static void dynamic_host_free(KeyactDynamicHost *dynamic)
{
    for (guint i = 0; i < G_N_ELEMENTS(dynamic->slots); i++)
        keyact_closure_slot_clear(&dynamic->slots[i]);
    g_free(dynamic);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactDynamicHost, dynamic_host_free)

KEYACT_TRACE_API keyact_host *keyact_host_new_dynamic_sized(KeyactDynamicDispatch dispatch,
                                                            gpointer user_data, gsize struct_size,
                                                            GError **error)
{
    g_autoptr(KeyactDynamicHost) dynamic = NULL;
    const KeyactCallbackSignature *signatures;
    guint n_signatures;

    if (dispatch == NULL) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID,
                    "a dynamic host needs a dispatch function");
        return NULL;
    }
    if (struct_size != KEYACT_HOST_SIZE_1_0 && struct_size != KEYACT_HOST_SIZE_1_1
        && struct_size != KEYACT_HOST_SIZE_1_2) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID,
                    "a dynamic host table is %u (ABI 1.0), %u (ABI 1.1) or %u (ABI 1.2) "
                    "bytes, not %" G_GSIZE_FORMAT, (unsigned)KEYACT_HOST_SIZE_1_0,
                    (unsigned)KEYACT_HOST_SIZE_1_1, (unsigned)KEYACT_HOST_SIZE_1_2,
                    struct_size);
        return NULL;
    }

    dynamic = g_new0(KeyactDynamicHost, 1);
    dynamic->dispatch = dispatch;
    dynamic->user_data = user_data;
    dynamic->table.struct_size = (uint32_t)struct_size;
    dynamic->table.abi_major = KEYACT_ABI_MAJOR;
    /* 1.3 and 1.4 appended nothing to the host table: a 1.2-sized table is 1.4's. */
    dynamic->table.abi_minor = struct_size == KEYACT_HOST_SIZE_1_4   ? 4u
                               : struct_size == KEYACT_HOST_SIZE_1_1 ? 1u
                                                                     : 0u;
    dynamic->table.host_data = user_data;

    /* Only the callbacks of that layout: the dispatcher answers those. */
    signatures = keyact_callback_signatures(&n_signatures);
    g_assert(n_signatures == G_N_ELEMENTS(dynamic->slots));
    for (guint i = 0; i < n_signatures; i++) {
        if (!keyact_host_has_callback(&dynamic->table, &signatures[i]))
            continue;
        if (!keyact_closure_slot_install(&dynamic->slots[i], &signatures[i], dynamic,
                                         dynamic_handler, &dynamic->table, error))
            return NULL;
    }
    return &g_steal_pointer(&dynamic)->table;
}

KEYACT_TRACE_API keyact_host *keyact_host_new_dynamic(KeyactDynamicDispatch dispatch,
                                                      gpointer user_data, GError **error)
{
    /* A dispatcher written before ABI 1.1 knows nothing of the batched
     * calls, so this one stays what it was: a 1.0 table. */
    return keyact_host_new_dynamic_sized(dispatch, user_data, KEYACT_HOST_SIZE_1_0, error);
}

KEYACT_TRACE_API void keyact_host_free_dynamic(keyact_host *host)
{
    if (host == NULL)
        return;
    /* The table is the first member of its KeyactDynamicHost. */
    dynamic_host_free((KeyactDynamicHost *)(gpointer)host);
}
