/* SPDX-License-Identifier: MIT */
/* ki_calls.h - host calls across the isolation protocol, encoded from the
 * signature table keyact-trace knows (keyact_callback_signatures()): one
 * encoder and one decoder for every callback, driven by each argument's
 * KeyactArgKind, so a callback added to the table crosses without a line
 * here. Also the card descriptions (DESC_OUT answers) and the ABI structs
 * a request mirrors.
 *
 * A CALL is the callback's index in the table, then its arguments in two
 * passes: the scalar ones in order (ids, numbers, counts, strings), then
 * the pointer ones in order (an array's length is a count the first pass
 * already gave). Out arguments travel as a presence flag (and, for a
 * single value, the value the plugin's variable held, so a callback that
 * does not write it leaves it as in-process). The REPLY is the status and
 * the out values: single values always (apply_steps writes out_done on
 * failure too), arrays and descriptions when the status is 0 (on a
 * failure a plugin uses none of them: host.h).
 */
#ifndef KEYACT_KI_CALLS_H
#define KEYACT_KI_CALLS_H

#include "keyact-trace.h"
#include "ki_wire.h"

G_BEGIN_DECLS

/* TRUE for callbacks whose answer the plugin never sees (notify, log), and
 * get_extension, whose host tables cannot cross a process boundary: the
 * helper answers NULL at once and the parent makes the call for the host,
 * without a REPLY. */
gboolean ki_call_is_one_way(const KeyactCallbackSignature *signature);

/* ---- the helper's side ---- */

/* Memory a REPLY's descriptions live in until the request ends (host.h:
 * valid until the resolve or step call returns). g_free'd blocks. */
typedef GPtrArray KiArena;

/* Write the CALL of callback `index` (of keyact_callback_signatures())
 * with the plugin's `args` (libffi-style: args[i] points to argument i). */
void ki_encode_call(KiWriter *writer, guint index, void *const *args);

/* Read a REPLY to that call into the plugin's out pointers; descriptions'
 * faces and strings go into `arena`. FALSE on a malformed reply. */
gboolean ki_decode_reply(KiReader *reader, guint index, void *const *args, KiArena *arena,
                         int32_t *out_status);

/* A description read from the wire into `desc` (at most `room` bytes of
 * it: the struct_size the plugin set), faces and strings in `arena`. */
gboolean ki_get_desc(KiReader *reader, keyact_card_desc *desc, gsize room, KiArena *arena);

/* ---- the parent's side ---- */

/* One decoded CALL, ready for ffi_call: argp[i] points to argument i, the
 * pointed-to data lives in the buffers below (reused call after call). */
typedef struct {
    guint index;
    const KeyactCallbackSignature *signature;
    void *argp[KEYACT_CALLBACK_MAX_ARGS];
    union {
        guint64 u64;
        guint32 u32;
        gint32 i32;
        gpointer pointer;
    } value[KEYACT_CALLBACK_MAX_ARGS];
    gboolean present[KEYACT_CALLBACK_MAX_ARGS]; /* pointer kinds: non-NULL */
    guint32 count;           /* the COUNT argument, if any */
    guint32 option_count;    /* the OPTION_COUNT argument, if any */
    /* Storage the pointers point into. */
    guint32 out_u32;
    keyact_card_id out_card;
    union {
        keyact_event event;
        guint8 raw[KI_MAX_STRUCT];
    } event;
    union {
        keyact_card_desc desc;
        guint8 raw[KI_MAX_STRUCT];
    } desc;
    char *string;            /* a copy of the STRING argument (made valid UTF-8) */
    GByteArray *in;          /* the one input array: OPTIONS, CARDS, BOUNDS or STEPS */
    GByteArray *out;         /* the one output array: OUT_CARDS or OUT_VALUES */
    GByteArray *blocks;      /* KI_MAX_STRUCT bytes each: the steps' events, or the
                              * descriptions of DESCS_OUT */
    GPtrArray *desc_ptrs;    /* DESCS_OUT: keyact_card_desc * (NULL where the plugin's was) */
} KiCall;

void ki_call_init(KiCall *call);
void ki_call_clear(KiCall *call);

/* Read a CALL into `call`. FALSE with reader->why set on anything
 * malformed: an unknown callback, a count above the limits, a truncated or
 * overlong message. */
gboolean ki_decode_call(KiReader *reader, KiCall *call);

/* The index of the first argument of `kind`, or -1. */
int ki_call_find(const KeyactCallbackSignature *signature, KeyactArgKind kind);

/* Write the REPLY to `call` after the host answered `status`. */
void ki_encode_reply(KiWriter *writer, const KiCall *call, int32_t status);

/* A host's description of a card onto the wire (faces and strings). */
void ki_put_desc(KiWriter *writer, const keyact_card_desc *desc);

G_END_DECLS

#endif /* KEYACT_KI_CALLS_H */
