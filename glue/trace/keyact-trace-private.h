/* SPDX-License-Identifier: MIT */
/* keyact-trace-private.h - internals shared by the trace sources.
 *
 * Not installed. libffi stays out of the public header: a kind fixes its
 * C type, so the ffi types come from the kinds here.
 */
#ifndef KEYACT_TRACE_PRIVATE_H
#define KEYACT_TRACE_PRIVATE_H

#include <ffi.h>

#include "keyact-trace.h"

G_BEGIN_DECLS

/* Put on the definition of every public function, so it stays exported when
 * these sources are compiled into a library built with -fvisibility=hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define KEYACT_TRACE_API __attribute__((visibility("default")))
#else
#define KEYACT_TRACE_API
#endif

/* Number of callbacks in keyact_host: 11 in ABI 1.0, 4 more in 1.1. */
#define KEYACT_CALLBACK_COUNT 16u

/* The record's batch copy, NULL unless the call is a batched one. */
const KeyactTraceBatch *keyact_trace_record_batch(const KeyactTraceRecord *record);

/* The libffi type of a kind / of a return kind. */
ffi_type *keyact_arg_kind_ffi_type(KeyactArgKind kind);
ffi_type *keyact_return_kind_ffi_type(KeyactReturnKind kind);

/* True when a table of this struct_size has the callback at `signature`. */
gboolean keyact_host_has_callback(const keyact_host *host,
                                  const KeyactCallbackSignature *signature);

/* Any function pointer, the way ffi_call takes it. */
typedef void (*KeyactGenericFunc)(void);

/* The callback at signature->offset of `host`; NULL when unset or past
 * struct_size. */
KeyactGenericFunc keyact_host_get_callback(const keyact_host *host,
                                           const KeyactCallbackSignature *signature);

/* ---- closures: one per callback, shared by tracers and dynamic hosts ---- */

typedef void (*KeyactClosureHandler)(ffi_cif *cif, void *ret, void **args, void *slot);

/* One callback of a generated table. Must not move once installed: the
 * closure points at `cif` and passes the slot itself as user data. */
typedef struct {
    const KeyactCallbackSignature *signature;
    gpointer owner;                 /* the tracer or dynamic host */
    ffi_type *arg_types[KEYACT_CALLBACK_MAX_ARGS];
    ffi_cif cif;
    ffi_closure *closure;           /* NULL when not installed */
} KeyactClosureSlot;

/* Prepare slot's call interface for `signature`, allocate a closure that
 * calls `handler` with the slot as user data, and store its code address in
 * `table` at signature->offset. */
gboolean keyact_closure_slot_install(KeyactClosureSlot *slot,
                                     const KeyactCallbackSignature *signature,
                                     gpointer owner, KeyactClosureHandler handler,
                                     keyact_host *table, GError **error);

/* Free the slot's closure, if any. */
void keyact_closure_slot_clear(KeyactClosureSlot *slot);

/* ---- records ---- */

/* Fill `record` from a call about to be forwarded: argument values and
 * copies of what the input pointers point to. */
void keyact_trace_record_capture_args(KeyactTraceRecord *record,
                                      const KeyactCallbackSignature *signature,
                                      void *const *args);

/* After the call: the out values (only when status is 0). */
void keyact_trace_record_capture_outs(KeyactTraceRecord *record);

/* Free what a record owns (not the record). */
void keyact_trace_record_clear(KeyactTraceRecord *record);

/* The record as one line without '\n'. */
gchar *keyact_trace_record_format(const KeyactTraceRecord *record);

/* The same line appended to `out`. */
void keyact_trace_record_append(GString *out, const KeyactTraceRecord *record);

G_END_DECLS

#endif /* KEYACT_TRACE_PRIVATE_H */
