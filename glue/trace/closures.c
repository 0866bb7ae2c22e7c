/* SPDX-License-Identifier: MIT */
/* closures.c - one libffi closure per callback of a generated host table.
 *
 * The closure's code address is a real C function pointer with the
 * callback's exact signature; calling it runs `handler` with libffi-style
 * arguments and the slot as user data.
 */
#include <string.h>

#include "keyact-trace-private.h"

gboolean keyact_closure_slot_install(KeyactClosureSlot *slot,
                                     const KeyactCallbackSignature *signature,
                                     gpointer owner, KeyactClosureHandler handler,
                                     keyact_host *table, GError **error)
{
    void *code = NULL;
    ffi_status status;

    g_assert(slot->closure == NULL);
    g_assert(signature->n_args <= KEYACT_CALLBACK_MAX_ARGS);

    slot->signature = signature;
    slot->owner = owner;
    for (guint i = 0; i < signature->n_args; i++)
        slot->arg_types[i] = keyact_arg_kind_ffi_type(signature->args[i].kind);

    status = ffi_prep_cif(&slot->cif, FFI_DEFAULT_ABI, signature->n_args,
                          keyact_return_kind_ffi_type(signature->return_kind),
                          slot->arg_types);
    if (status != FFI_OK) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_FFI,
                    "libffi could not prepare the call interface of %s (ffi_status %d)",
                    signature->name, (int)status);
        return FALSE;
    }

    slot->closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
    if (slot->closure == NULL) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_FFI,
                    "libffi could not allocate a closure for %s", signature->name);
        return FALSE;
    }

    status = ffi_prep_closure_loc(slot->closure, &slot->cif, handler, slot, code);
    if (status != FFI_OK) {
        keyact_closure_slot_clear(slot);
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_FFI,
                    "libffi could not prepare the closure for %s (ffi_status %d)",
                    signature->name, (int)status);
        return FALSE;
    }

    /* `code` is the executable address of the closure; ISO C has no cast
     * from data to function pointers, so its bytes go into the member. */
    memcpy((char *)table + signature->offset, &code, sizeof code);
    return TRUE;
}

void keyact_closure_slot_clear(KeyactClosureSlot *slot)
{
    if (slot->closure != NULL) {
        ffi_closure_free(slot->closure);
        slot->closure = NULL;
    }
}
