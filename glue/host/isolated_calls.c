/* SPDX-License-Identifier: MIT */
/* isolated_calls.c - a request to a helper and the host calls it makes
 * meanwhile: each CALL decoded (ki_calls.c), checked against the host
 * table the resolve was given, made on that table with libffi from the
 * same signature table, recorded when it moved a card, and answered.
 */
#include <string.h>

#include "isolated.h"
#include "keyact-trace-private.h"

/* ---- the record of moves ---- */

void iso_record_init(IsoRecord *record)
{
    record->cards = g_array_sized_new(FALSE, FALSE, sizeof(IsoMove), 64);
    record->index = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    record->bottomed = 0;
}

void iso_record_reset(IsoRecord *record)
{
    g_array_set_size(record->cards, 0);
    g_hash_table_remove_all(record->index);
    record->bottomed = 0;
}

void iso_record_clear(IsoRecord *record)
{
    if (record->cards != NULL)
        g_array_unref(record->cards);
    if (record->index != NULL)
        g_hash_table_unref(record->index);
    memset(record, 0, sizeof *record);
}

static IsoMove *find_move(IsoRecord *record, keyact_card_id card)
{
    guint at = GPOINTER_TO_UINT(g_hash_table_lookup(record->index, &card));
    return at == 0 ? NULL : &g_array_index(record->cards, IsoMove, at - 1u);
}

void iso_record_move(IsoRecord *record, keyact_card_id card, uint32_t to_zone)
{
    IsoMove *move = find_move(record, card);

    if (to_zone == KEYACT_ZONE_LIBRARY)
        record->bottomed++;
    if (to_zone != KEYACT_ZONE_EXILE) {
        if (move != NULL)
            move->in_exile = FALSE;
        return;
    }
    if (move != NULL) {
        move->in_exile = TRUE;
        return;
    }
    IsoMove added = { card, TRUE };
    g_array_append_val(record->cards, added);
    /* The key lives in the array, which may move: the hash keeps its own. */
    keyact_card_id *key = g_new(keyact_card_id, 1);
    *key = card;
    g_hash_table_insert(record->index, key, GUINT_TO_POINTER(record->cards->len));
}

void iso_record_left_exile(IsoRecord *record, keyact_card_id card)
{
    IsoMove *move = find_move(record, card);
    if (move != NULL)
        move->in_exile = FALSE;
}

guint iso_record_stranded(const IsoRecord *record, keyact_card_id *out, guint capacity)
{
    guint n = 0;

    for (guint i = 0; i < record->cards->len; i++) {
        const IsoMove *move = &g_array_index(record->cards, IsoMove, i);
        if (!move->in_exile)
            continue;
        if (out != NULL && n < capacity)
            out[n] = move->card;
        n++;
    }
    return n;
}

/* ---- the host's side of a CALL ---- */

typedef struct {
    ffi_cif cif[KEYACT_CALLBACK_COUNT];
    ffi_type *types[KEYACT_CALLBACK_COUNT][KEYACT_CALLBACK_MAX_ARGS];
    const KeyactCallbackSignature *move_card, *apply_steps, *cast_free;
} CallInterfaces;

static gpointer prepare_interfaces(gpointer data)
{
    CallInterfaces *ci = data;
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);

    g_assert(n == KEYACT_CALLBACK_COUNT);
    for (guint i = 0; i < n; i++) {
        for (guint a = 0; a < signatures[i].n_args; a++)
            ci->types[i][a] = keyact_arg_kind_ffi_type(signatures[i].args[a].kind);
        ffi_status status = ffi_prep_cif(&ci->cif[i], FFI_DEFAULT_ABI, signatures[i].n_args,
                                         keyact_return_kind_ffi_type(signatures[i].return_kind),
                                         ci->types[i]);
        g_assert(status == FFI_OK);
    }
    ci->move_card = keyact_callback_signature_lookup("move_card");
    ci->apply_steps = keyact_callback_signature_lookup("apply_steps");
    ci->cast_free = keyact_callback_signature_lookup("cast_free");
    return ci;
}

static const CallInterfaces *interfaces(void)
{
    static CallInterfaces ci;
    static GOnce once = G_ONCE_INIT;
    return g_once(&once, prepare_interfaces, &ci);
}

static guint64 id_arg(const KiCall *call, KeyactArgKind kind)
{
    int at = ki_call_find(call->signature, kind);
    return at < 0 ? 0u : call->value[at].u64;
}

static guint32 u32_arg(const KiCall *call, KeyactArgKind kind)
{
    int at = ki_call_find(call->signature, kind);
    return at < 0 ? 0u : call->value[at].u32;
}

/* What the host's answer moved. */
static void record_call(const CallInterfaces *ci, const KiCall *call, int32_t status,
                        IsoRecord *record)
{
    if (call->signature == ci->move_card) {
        if (status == KEYACT_OK)
            iso_record_move(record, id_arg(call, KEYACT_ARG_CARD), u32_arg(call, KEYACT_ARG_ZONE));
    } else if (call->signature == ci->apply_steps) {
        int steps_at = ki_call_find(call->signature, KEYACT_ARG_STEPS);
        int done_at = ki_call_find(call->signature, KEYACT_ARG_OUT_DONE);
        const keyact_step *steps = call->value[steps_at].pointer;
        /* out_done says how many applied, on failure too (host.h). */
        guint32 done = call->present[done_at] ? MIN(call->out_u32, call->count) : 0u;
        if (status == KEYACT_OK && !call->present[done_at])
            done = call->count;
        for (guint32 j = 0; steps != NULL && j < done; j++) {
            if (steps[j].to_zone != KEYACT_ZONE_NONE)
                iso_record_move(record, steps[j].card, steps[j].to_zone);
        }
    } else if (call->signature == ci->cast_free) {
        if (status == KEYACT_OK && call->present[ki_call_find(call->signature, KEYACT_ARG_OUT_U32)] &&
            call->out_u32 == KEYACT_CAST_DONE)
            iso_record_left_exile(record, id_arg(call, KEYACT_ARG_CARD));
    }
}

/* Make the call on `host`; its status (0 for the calls without one). */
static int32_t call_host(const CallInterfaces *ci, const keyact_host *host, KiCall *call,
                         KeyactGenericFunc func)
{
    call->value[0].pointer = (gpointer)host;
    const ffi_cif *cif = &ci->cif[call->index];
    switch (call->signature->return_kind) {
    case KEYACT_RETURN_STATUS: {
        ffi_arg ret = 0;
        ffi_call((ffi_cif *)cif, func, &ret, call->argp);
        return (int32_t)(ffi_sarg)ret;
    }
    case KEYACT_RETURN_POINTER: {
        void *ignored = NULL;
        ffi_call((ffi_cif *)cif, func, &ignored, call->argp);
        return KEYACT_OK;
    }
    case KEYACT_RETURN_VOID:
        ffi_call((ffi_cif *)cif, func, NULL, call->argp);
        return KEYACT_OK;
    }
    return KEYACT_E_HOST;
}

/* The helper whose host call this thread is making, or NULL. */
static _Thread_local IsoHelper *serving;

IsoHelper *iso_serving_helper(void)
{
    return serving;
}

static gboolean serve_call(IsoHelper *helper, const keyact_host *host, IsoRecord *record)
{
    const CallInterfaces *ci = interfaces();
    KiReader reader;
    KiCall *call = &helper->call;

    ki_reader_init(&reader, helper->payload, helper->header.length);
    if (host == NULL)
        return iso_helper_violation(helper, "a host call outside a resolve");
    if (!ki_decode_call(&reader, call))
        return iso_helper_violation(helper, "a host call that does not decode: %s", reader.why);
    /* The plugin's table had only the engine's members: a call of any
     * other one was not made by a plugin through that table. */
    KeyactGenericFunc func = keyact_host_get_callback(host, call->signature);
    if (func == NULL || !keyact_host_has_callback(host, call->signature))
        return iso_helper_violation(helper, "a call of %s, which its host table does not have",
                                    call->signature->name);

    IsoHelper *outer = serving;
    serving = helper;
    int32_t status = call_host(ci, host, call, func);
    serving = outer;
    if (record != NULL)
        record_call(ci, call, status, record);
    if (ki_call_is_one_way(call->signature))
        return TRUE;
    ki_encode_reply(&helper->out, call, status);
    return iso_helper_send(helper);
}

gboolean iso_exchange(IsoHelper *helper, KiMessageType request, const keyact_host *host,
                      IsoRecord *record, KiReader *done)
{
    gint64 spent_us = 0; /* the plugin's time in this request */

    ISO_COUNT(helper->owner->requests);
    if (!iso_helper_send(helper))
        return FALSE;
    for (;;) {
        if (!iso_helper_receive(helper, &spent_us))
            return FALSE;
        if (helper->header.type == KI_MSG_CALL) {
            if (!serve_call(helper, host, record))
                return FALSE;
            continue;
        }
        ki_reader_init(done, helper->payload, helper->header.length);
        guint32 answered = ki_get_u32(done);
        if (done->failed || answered != (guint32)request) {
            const char *name = ki_message_name(answered);
            return iso_helper_violation(helper, "answered %s to a %s request",
                                        name != NULL ? name : "an unknown request",
                                        ki_message_name(request));
        }
        return TRUE;
    }
}

void iso_put_shape(KiWriter *writer, const keyact_host *host)
{
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);
    /* The largest layout this library knows that the table has: a newer
     * engine's table shows the plugin what a plugin of ABI 1.4 can read. */
    guint32 size = host->struct_size >= KEYACT_HOST_SIZE_1_2   ? KEYACT_HOST_SIZE_1_2
                   : host->struct_size >= KEYACT_HOST_SIZE_1_1 ? KEYACT_HOST_SIZE_1_1
                                                               : KEYACT_HOST_SIZE_1_0;
    guint32 members = 0;

    for (guint i = 0; i < n; i++) {
        if (signatures[i].offset + sizeof(KeyactGenericFunc) <= size &&
            keyact_host_get_callback(host, &signatures[i]) != NULL)
            members |= 1u << i;
    }
    ki_put_u32(writer, size);
    ki_put_u32(writer, host->abi_major);
    ki_put_u32(writer, host->abi_minor);
    ki_put_u32(writer, host->reserved0);
    ki_put_u32(writer, members);
    ki_put_string(writer, host->host_name);
}
