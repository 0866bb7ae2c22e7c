/* SPDX-License-Identifier: MIT */
/* tracer.c - a host table that records every plugin->host call and
 * forwards it to the wrapped table.
 *
 * Each callback of the traced table is a libffi closure built from the
 * signature table; the one handler below serves them all: it swaps the
 * traced table for the wrapped one in the host argument, forwards the call
 * with ffi_call through the same call interface, and appends a record.
 * A record's text line is formatted lazily, when the records are read.
 */
#include <stddef.h>

#include "keyact-trace-private.h"

struct _KeyactTracer {
    keyact_host table;            /* what the plugin gets */
    const keyact_host *inner;     /* what the calls go to */
    KeyactClosureSlot slots[KEYACT_CALLBACK_COUNT];
    GMutex lock;                  /* guards records */
    GArray *records;              /* of KeyactTraceRecord */
};

/* Call `callback` through the closure's own call interface and pass its
 * return value back to the plugin. */
static void forward_call(ffi_cif *cif, KeyactGenericFunc callback, void **args, void *ret,
                         KeyactTraceRecord *record)
{
    switch (record->signature->return_kind) {
    case KEYACT_RETURN_STATUS: {
        /* libffi widens small integer returns to a full ffi_arg, both from
         * ffi_call and into a closure's return slot. */
        ffi_arg status = 0;

        ffi_call(cif, callback, &status, args);
        *(ffi_arg *)ret = status;
        record->status = (int32_t)status;
        break;
    }
    case KEYACT_RETURN_POINTER: {
        void *result = NULL;

        ffi_call(cif, callback, &result, args);
        *(void **)ret = result;
        record->result = result;
        break;
    }
    case KEYACT_RETURN_VOID:
        ffi_call(cif, callback, NULL, args);
        break;
    }
}

/* The wrapped table dropped the callback after the tracer was made: answer
 * as a host without it would, instead of calling NULL. */
static void answer_missing(void *ret, KeyactTraceRecord *record)
{
    if (record->signature->return_kind == KEYACT_RETURN_STATUS) {
        *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)KEYACT_E_NOTSUP;
        record->status = KEYACT_E_NOTSUP;
    } else if (record->signature->return_kind == KEYACT_RETURN_POINTER) {
        *(void **)ret = NULL;
    }
}

static void trace_handler(ffi_cif *cif, void *ret, void **args, void *user_data)
{
    KeyactClosureSlot *slot = user_data;
    KeyactTracer *tracer = slot->owner;
    const KeyactCallbackSignature *signature = slot->signature;
    const keyact_host *inner = tracer->inner;
    KeyactGenericFunc callback = keyact_host_get_callback(inner, signature);
    KeyactTraceRecord record;

    keyact_trace_record_capture_args(&record, signature, args);
    if (callback != NULL) {
        void *forward_args[KEYACT_CALLBACK_MAX_ARGS];

        /* The inner callbacks reach their state through host->host_data,
         * so they must see their own table, not the traced one. */
        for (guint i = 0; i < signature->n_args; i++)
            forward_args[i] = signature->args[i].kind == KEYACT_ARG_HOST ? (void *)&inner
                                                                         : args[i];
        forward_call(cif, callback, forward_args, ret, &record);
        keyact_trace_record_capture_outs(&record);
    } else {
        answer_missing(ret, &record);
    }
    /* record.text stays NULL: the line is made when the records are read
     * (keyact_tracer_get_records, keyact_tracer_format), not inside the
     * traced call, which a trace should slow down as little as it can. */

    g_mutex_lock(&tracer->lock);
    g_array_append_val(tracer->records, record);
    g_mutex_unlock(&tracer->lock);
}

static void record_array_clear(gpointer record)
{
    keyact_trace_record_clear(record);
}

KEYACT_TRACE_API KeyactTracer *keyact_tracer_new(const keyact_host *inner, GError **error)
{
    g_autoptr(KeyactTracer) tracer = NULL;
    const KeyactCallbackSignature *signatures;
    guint n_signatures;

    if (inner == NULL) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID,
                    "no host table to trace");
        return NULL;
    }
    if (inner->struct_size < offsetof(keyact_host, library_size)) {
        g_set_error(error, KEYACT_TRACE_ERROR, KEYACT_TRACE_ERROR_INVALID,
                    "the host table to trace has struct_size %u, too small for a keyact_host",
                    (unsigned)inner->struct_size);
        return NULL;
    }

    tracer = g_new0(KeyactTracer, 1);
    tracer->inner = inner;
    g_mutex_init(&tracer->lock);
    tracer->records = g_array_new(FALSE, TRUE, sizeof(KeyactTraceRecord));
    g_array_set_clear_func(tracer->records, record_array_clear);

    /* The header as the wrapped host has it, minus members a newer minor
     * appended: those cannot be traced, so the plugin must not see them. */
    tracer->table.struct_size = MIN(inner->struct_size, (uint32_t)sizeof(keyact_host));
    tracer->table.abi_major = inner->abi_major;
    tracer->table.abi_minor = inner->abi_minor;
    tracer->table.host_data = tracer;
    tracer->table.host_name = inner->host_name;

    signatures = keyact_callback_signatures(&n_signatures);
    g_assert(n_signatures == G_N_ELEMENTS(tracer->slots));
    for (guint i = 0; i < n_signatures; i++) {
        if (keyact_host_get_callback(inner, &signatures[i]) == NULL)
            continue;
        if (!keyact_closure_slot_install(&tracer->slots[i], &signatures[i], tracer,
                                         trace_handler, &tracer->table, error))
            return NULL;
    }
    return g_steal_pointer(&tracer);
}

KEYACT_TRACE_API void keyact_tracer_free(KeyactTracer *tracer)
{
    if (tracer == NULL)
        return;
    for (guint i = 0; i < G_N_ELEMENTS(tracer->slots); i++)
        keyact_closure_slot_clear(&tracer->slots[i]);
    g_clear_pointer(&tracer->records, g_array_unref);
    g_mutex_clear(&tracer->lock);
    g_free(tracer);
}

KEYACT_TRACE_API const keyact_host *keyact_tracer_get_host(KeyactTracer *tracer)
{
    g_return_val_if_fail(tracer != NULL, NULL);
    return &tracer->table;
}

KEYACT_TRACE_API const KeyactTraceRecord *keyact_tracer_get_records(KeyactTracer *tracer,
                                                                   guint *n_records)
{
    const KeyactTraceRecord *records;

    g_return_val_if_fail(tracer != NULL, NULL);
    g_mutex_lock(&tracer->lock);
    /* Readers see every record's text, as if it had been made at the call. */
    for (guint i = 0; i < tracer->records->len; i++) {
        KeyactTraceRecord *record = &g_array_index(tracer->records, KeyactTraceRecord, i);

        if (record->text == NULL)
            record->text = keyact_trace_record_format(record);
    }
    records = (const KeyactTraceRecord *)(gconstpointer)tracer->records->data;
    if (n_records != NULL)
        *n_records = tracer->records->len;
    g_mutex_unlock(&tracer->lock);
    return records;
}

KEYACT_TRACE_API guint keyact_tracer_get_n_records(KeyactTracer *tracer)
{
    guint n;

    g_return_val_if_fail(tracer != NULL, 0);
    g_mutex_lock(&tracer->lock);
    n = tracer->records->len;
    g_mutex_unlock(&tracer->lock);
    return n;
}

KEYACT_TRACE_API void keyact_tracer_clear(KeyactTracer *tracer)
{
    g_return_if_fail(tracer != NULL);
    g_mutex_lock(&tracer->lock);
    g_array_set_size(tracer->records, 0);
    g_mutex_unlock(&tracer->lock);
}

KEYACT_TRACE_API char *keyact_tracer_format(KeyactTracer *tracer)
{
    GString *out;

    g_return_val_if_fail(tracer != NULL, NULL);
    out = g_string_new(NULL);
    g_mutex_lock(&tracer->lock);
    for (guint i = 0; i < tracer->records->len; i++) {
        const KeyactTraceRecord *record = &g_array_index(tracer->records, KeyactTraceRecord, i);

        if (record->text != NULL)
            g_string_append(out, record->text);
        else
            keyact_trace_record_append(out, record);
        g_string_append_c(out, '\n');
    }
    g_mutex_unlock(&tracer->lock);
    return g_string_free(out, FALSE);
}
