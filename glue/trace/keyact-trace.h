/* SPDX-License-Identifier: MIT */
/* keyact-trace.h - call traces of plugin->host calls, and host tables for
 * hosts written in other languages, both from one table of callback
 * signatures and libffi closures.
 *
 * Part of libkeyact-host (pkg-config: keyact-host-1), installed next to
 * keyact-host.h. GLib style: failures are GErrors in KEYACT_TRACE_ERROR.
 *
 *  - The signature table describes every keyact_host callback: its name, its
 *    offset in keyact_host and, per argument, a name and a KeyactArgKind. A
 *    kind fixes the argument's C type (see KeyactArgKind), so the table is
 *    all a generic caller needs to build or forward a call.
 *  - KeyactTracer wraps a host table: the plugin gets a table of closures
 *    that record each call (arguments, status, values written through out
 *    pointers) and forward it to the wrapped table.
 *  - keyact_host_new_dynamic() makes a typed host table whose callbacks all
 *    land in ONE generic dispatch function: the way a Python, Java or Lua
 *    host plugs in without writing C callbacks.
 */
#ifndef KEYACT_TRACE_H
#define KEYACT_TRACE_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

#define KEYACT_TRACE_ERROR (keyact_trace_error_quark())
GQuark keyact_trace_error_quark(void);

typedef enum {
    KEYACT_TRACE_ERROR_INVALID, /* a bad argument: NULL table or dispatcher, struct_size too small */
    KEYACT_TRACE_ERROR_FFI,     /* libffi could not prepare a call or allocate a closure */
} KeyactTraceError;

/* ---- the signature table ---- */

/* What an argument is. The C type each kind stands for (args[i] in a
 * dispatcher points to a value of that type):
 *   HOST                                      const keyact_host *
 *   GAME, PLAYER, CARD                        uint64_t (keyact_*_id)
 *   U32, ZONE, LIBRARY_INDEX, MOVE_FLAGS,
 *   FACE, BOUND, OPTION_COUNT                 uint32_t
 *   LOG_LEVEL                                 int32_t
 *   OUT_U32                                   uint32_t *        (written by the host)
 *   OUT_CARD                                  keyact_card_id *  (written by the host)
 *   DESC_OUT                                  keyact_card_desc * (filled by the host)
 *   OPTIONS                                   const keyact_option * (OPTION_COUNT entries)
 *   EVENT                                     const keyact_event *
 *   STRING                                    const char * (UTF-8, NUL-terminated)
 * Kinds of the ABI 1.1 batched callbacks (each array has COUNT entries):
 *   COUNT                                     uint32_t (the entries of the call's arrays)
 *   CARDS                                     const keyact_card_id *
 *   OUT_CARDS                                 keyact_card_id *  (written by the host)
 *   DESCS_OUT                                 keyact_card_desc *const * (filled by the host)
 *   STEPS                                     const keyact_step *
 *   BOUNDS                                    const uint32_t *
 *   OUT_VALUES                                uint32_t *        (written by the host)
 *   OUT_DONE                                  uint32_t *        (written by the host, also
 *                                                                on failure: apply_steps)
 * The finer uint32_t kinds (ZONE, FACE, COUNT, ...) only change how a trace
 * prints the value. */
typedef enum {
    KEYACT_ARG_HOST,
    KEYACT_ARG_GAME,
    KEYACT_ARG_PLAYER,
    KEYACT_ARG_CARD,
    KEYACT_ARG_U32,
    KEYACT_ARG_I32,
    KEYACT_ARG_ZONE,
    KEYACT_ARG_LIBRARY_INDEX,
    KEYACT_ARG_MOVE_FLAGS,
    KEYACT_ARG_FACE,
    KEYACT_ARG_BOUND,
    KEYACT_ARG_LOG_LEVEL,
    KEYACT_ARG_OUT_U32,
    KEYACT_ARG_OUT_CARD,
    KEYACT_ARG_DESC_OUT,
    KEYACT_ARG_OPTIONS,
    KEYACT_ARG_OPTION_COUNT,
    KEYACT_ARG_EVENT,
    KEYACT_ARG_STRING,
    /* ABI 1.1 */
    KEYACT_ARG_COUNT,
    KEYACT_ARG_CARDS,
    KEYACT_ARG_OUT_CARDS,
    KEYACT_ARG_DESCS_OUT,
    KEYACT_ARG_STEPS,
    KEYACT_ARG_BOUNDS,
    KEYACT_ARG_OUT_VALUES,
    KEYACT_ARG_OUT_DONE,
} KeyactArgKind;

/* What a callback returns. */
typedef enum {
    KEYACT_RETURN_STATUS,  /* int32_t: 0 or a negative KEYACT_E_* */
    KEYACT_RETURN_VOID,    /* notify, log */
    KEYACT_RETURN_POINTER, /* const void *: get_extension */
} KeyactReturnKind;

/* The most arguments any callback takes (choose: 7). */
#define KEYACT_CALLBACK_MAX_ARGS 7u

typedef struct {
    const char *name;      /* as in host.h, e.g. "to_zone" */
    KeyactArgKind kind;
} KeyactCallbackArg;

/* One keyact_host callback. Static; argument 0 is always the host table. */
typedef struct {
    const char *name;                  /* member name, e.g. "move_card" */
    gsize offset;                      /* offsetof(keyact_host, <name>) */
    KeyactReturnKind return_kind;
    guint n_args;
    KeyactCallbackArg args[KEYACT_CALLBACK_MAX_ARGS];
} KeyactCallbackSignature;

/* Every callback of the keyact_host this library was built against, in
 * member order. Static. Thread: any. */
const KeyactCallbackSignature *keyact_callback_signatures(guint *n_signatures);

/* The signature named `name`, or NULL. */
const KeyactCallbackSignature *keyact_callback_signature_lookup(const char *name);

/* A short static name for a kind ("OUT_U32"). */
const char *keyact_arg_kind_name(KeyactArgKind kind);

/* Read argument `index` from a dispatcher's `args` (args[i] points to the
 * value, as in libffi). Typed helpers for languages that cannot
 * dereference void ** themselves; the caller picks the one that matches
 * the argument's kind. */
guint64 keyact_call_arg_id(void *const *args, guint index);           /* GAME, PLAYER, CARD */
guint32 keyact_call_arg_u32(void *const *args, guint index);          /* every uint32_t kind, COUNT */
gint32 keyact_call_arg_i32(void *const *args, guint index);           /* I32, LOG_LEVEL */
gpointer keyact_call_arg_pointer(void *const *args, guint index);     /* HOST, OUT_*, DESC_OUT, OPTIONS, EVENT, STRING,
                                                                       * CARDS, DESCS_OUT, STEPS, BOUNDS */

/* ---- tracing ---- */

/* A value as a callback saw it. */
typedef union {
    guint64 id;            /* GAME, PLAYER, CARD, OUT_CARD results */
    guint32 u32;           /* uint32_t kinds, OUT_U32 results */
    gint32 i32;            /* I32, LOG_LEVEL */
    gconstpointer pointer; /* pointer kinds */
} KeyactCallValue;

/* Most options a record copies from one choose call. */
#define KEYACT_TRACE_MAX_OPTIONS 16u

/* Most entries a record copies from the arrays of one batched call (ABI
 * 1.1); a trace shows the rest as "...". */
#define KEYACT_TRACE_MAX_BATCH 64u

/* One entry of a batched call, as far as that call has it. */
typedef struct {
    keyact_card_id card;   /* library_cards: the card written back; describe_cards:
                            * the card asked about; apply_steps: the step's card */
    guint32 to_zone;       /* apply_steps: the step's move, as move_card takes it */
    guint32 library_index;
    guint32 flags;
    guint32 bound;         /* random_below_each: the bound asked for */
    guint32 value;         /* random_below_each: the value written back */
    guint32 layout;        /* describe_cards: the layout written back */
    gboolean has_event;    /* apply_steps: the step had an event, copied below */
    keyact_event event;    /* its fields the plugin set (others 0) */
    gchar **face_names;    /* describe_cards: one per described face, NULL-terminated */
    gchar **face_costs;    /* describe_cards: mana cost per face ("" for none) */
} KeyactTraceEntry;

/* What a record keeps of a batched call's arrays (ABI 1.1 callbacks:
 * library_cards, describe_cards, apply_steps, random_below_each). Owned by
 * the record, one block with its strings. */
typedef struct {
    guint32 count;             /* the call's COUNT argument */
    guint n_entries;           /* entries copied: MIN(count, KEYACT_TRACE_MAX_BATCH) */
    /* The values the host wrote back are in the entries: for library_cards,
     * describe_cards and random_below_each only when the call returned 0
     * (has_out); for apply_steps `done` is *out_done, which the host writes
     * on failure too (has_done). */
    gboolean has_out;
    gboolean has_done;
    guint32 done;
    KeyactTraceEntry *entries; /* n_entries of them */
} KeyactTraceBatch;

/* One recorded call. Everything a pointer argument pointed to and that
 * lives only during the call is copied here (for the batched callbacks of
 * ABI 1.1, into the KeyactTraceBatch that `result` points to: this struct
 * travels in arrays, so it never grows). */
typedef struct {
    const KeyactCallbackSignature *signature;
    /* args[i] for i < signature->n_args, as the plugin passed them
     * (args[0] is the traced table, not the wrapped one). */
    KeyactCallValue args[KEYACT_CALLBACK_MAX_ARGS];
    int32_t status;            /* RETURN_STATUS callbacks; 0 for the others */
    gconstpointer result;      /* RETURN_POINTER callbacks: what the call returned;
                                * batched callbacks (ABI 1.1): the record's
                                * const KeyactTraceBatch copy of their arrays;
                                * NULL for the others */
    /* The value written through the OUT_U32/OUT_CARD pointer (or, for
     * DESC_OUT, out.u32 = the layout). Read only when the call returned 0
     * and the pointer was non-NULL; has_out says whether it was. */
    gboolean has_out;
    KeyactCallValue out;
    gchar **face_names;        /* DESC_OUT: one per described face; else NULL */
    gchar **face_costs;        /* DESC_OUT: mana cost per face ("" for none); else NULL */
    gchar *string;             /* copy of the STRING argument; NULL if none */
    gboolean has_event;        /* EVENT argument non-NULL and copied */
    keyact_event event;        /* its fields the plugin set (others 0) */
    guint n_options;           /* options copied (at most KEYACT_TRACE_MAX_OPTIONS) */
    keyact_option options[KEYACT_TRACE_MAX_OPTIONS];
    gchar *text;               /* the call as one line, see keyact_tracer_format() */
} KeyactTraceRecord;

typedef struct _KeyactTracer KeyactTracer;

/* Wrap `inner`. The new table (keyact_tracer_get_host) has the same header
 * and host_name as `inner` and, for each callback set in `inner`, a closure
 * that records the call and forwards it to `inner`'s callback with `inner`
 * as the host argument (so inner callbacks keep using inner->host_data).
 * Callbacks NULL in `inner` stay NULL. Members a newer minor appended past
 * this library's keyact_host are not passed on: struct_size is capped.
 * The traced table's host_data is the tracer. `inner` must outlive the
 * tracer. Returns NULL and sets `error` on failure.
 *
 * Threads: each call appends its record under the tracer's lock, so the
 * table may serve resolves on several threads; records then interleave in
 * the order calls returned. Use one tracer per game for one ordered trace
 * per game. Read or clear records only while no traced call is running. */
KeyactTracer *keyact_tracer_new(const keyact_host *inner, GError **error);

/* Free the closures and records. NULL is ignored. No traced call may be
 * running and the traced table must not be used afterwards. */
void keyact_tracer_free(KeyactTracer *tracer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(KeyactTracer, keyact_tracer_free)

/* The traced table to hand to resolve. Owned by the tracer. */
const keyact_host *keyact_tracer_get_host(KeyactTracer *tracer);

/* The records so far, oldest first; valid until the next traced call,
 * clear or free. */
const KeyactTraceRecord *keyact_tracer_get_records(KeyactTracer *tracer, guint *n_records);
guint keyact_tracer_get_n_records(KeyactTracer *tracer);
void keyact_tracer_clear(KeyactTracer *tracer);

/* Every record as one line, each ending in '\n', e.g.
 *   move_card(game=1, player=1, card=7, to_zone=EXILE, library_index=0, flags=REVEAL) = 0
 *   random_below(game=1, bound=3) = 0 -> 2
 *   library_cards(game=1, player=1, from_top=0, count=2) = 0 -> [7, 8]
 *   random_below_each(game=1, bounds=[3, 2], count=2) = 0 -> [2, 0]
 *   apply_steps(game=1, player=1, steps=[{card=7, to_zone=EXILE, library_index=0,
 *               flags=REVEAL, event={type=EXILED, ...}}], count=1) = 0 -> done=1
 * The host argument is left out; an out value follows "->" when the call
 * returned 0. Free with g_free. */
char *keyact_tracer_format(KeyactTracer *tracer);

/* ---- dynamic hosts ---- */

/* The one function behind every callback of a dynamic host. `signature`
 * says which callback was called; args[i] points to argument i (C types in
 * KeyactArgKind; args[0] points to the dynamic table itself, whose
 * host_data is `user_data`). Write out values through the OUT_* / DESC_OUT
 * pointers. The return value is the callback's status for RETURN_STATUS
 * callbacks and ignored for RETURN_VOID ones; for RETURN_POINTER ones
 * (get_extension) the callback returns *out_pointer (NULL on entry) when
 * the dispatcher returns 0, and NULL otherwise.
 * Thread: called on the plugin's resolve thread; a host that resolves
 * several games at once gets concurrent calls. */
typedef int32_t (*KeyactDynamicDispatch)(gpointer user_data,
                                         const KeyactCallbackSignature *signature,
                                         void *const *args,
                                         gconstpointer *out_pointer);

/* A host table (struct_size, ABI version, host_data = user_data) whose
 * every callback calls `dispatch`. The caller may set host_name, or set an
 * optional callback (notify, log, get_extension, and in a 1.1 table any of
 * the batched calls) to NULL; nothing else may change. Free with
 * keyact_host_free_dynamic(). Returns NULL and sets `error` on failure.
 *
 * keyact_host_new_dynamic() makes an ABI 1.0 table (struct_size
 * KEYACT_HOST_SIZE_1_0, abi_minor 0): its dispatcher is only ever asked the
 * 1.0 callbacks, as it was before 1.1 existed.
 * keyact_host_new_dynamic_sized() makes the table of `struct_size`,
 * KEYACT_HOST_SIZE_1_0, KEYACT_HOST_SIZE_1_1 or (since 1.3.0)
 * KEYACT_HOST_SIZE_1_2 (else an INVALID error): a dispatcher that answers
 * the batched calls of ABI 1.1 asks for 1.1, one that also answers
 * card_zone for 1.2. Since 1.2.0. */
keyact_host *keyact_host_new_dynamic(KeyactDynamicDispatch dispatch, gpointer user_data,
                                     GError **error);
keyact_host *keyact_host_new_dynamic_sized(KeyactDynamicDispatch dispatch, gpointer user_data,
                                           gsize struct_size, GError **error);

/* Free a table from keyact_host_new_dynamic() (and only such a table).
 * NULL is ignored. No call through it may be running. */
void keyact_host_free_dynamic(keyact_host *host);

G_END_DECLS

#endif /* KEYACT_TRACE_H */
