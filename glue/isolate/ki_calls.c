/* SPDX-License-Identifier: MIT */
/* ki_calls.c - host calls across the isolation protocol, by argument kind
 * (ki_calls.h). */
#include "ki_calls.h"
#include "keyact-trace-private.h"

#include <string.h>

gboolean ki_call_is_one_way(const KeyactCallbackSignature *signature)
{
    return signature->return_kind != KEYACT_RETURN_STATUS;
}

static const KeyactCallbackSignature *signature_at(guint index)
{
    guint n = 0;
    const KeyactCallbackSignature *signatures = keyact_callback_signatures(&n);
    return index < n ? &signatures[index] : NULL;
}

int ki_call_find(const KeyactCallbackSignature *signature, KeyactArgKind kind)
{
    for (guint i = 0; i < signature->n_args; i++) {
        if (signature->args[i].kind == kind)
            return (int)i;
    }
    return -1;
}

/* Which pass an argument travels in: 1 the scalars (and the string), 2 the
 * pointers, 0 the host table (never sent). A kind's C type is the one fact
 * the signature table's libffi types already say. */
static guint pass_of(KeyactArgKind kind)
{
    if (kind == KEYACT_ARG_HOST)
        return 0u;
    if (kind == KEYACT_ARG_STRING)
        return 1u;
    return keyact_arg_kind_ffi_type(kind) == &ffi_type_pointer ? 2u : 1u;
}

static gboolean is_u64(KeyactArgKind kind)
{
    return keyact_arg_kind_ffi_type(kind) == &ffi_type_uint64;
}

static gboolean is_i32(KeyactArgKind kind)
{
    return keyact_arg_kind_ffi_type(kind) == &ffi_type_sint32;
}

/* The u32 argument of `kind` in a plugin's call, or 0. */
static guint32 plugin_u32(const KeyactCallbackSignature *signature, void *const *args,
                          KeyactArgKind kind)
{
    int at = ki_call_find(signature, kind);
    return at < 0 ? 0u : *(const guint32 *)args[at];
}

/* ---- the helper's side ---- */

static void put_step(KiWriter *writer, const keyact_step *step)
{
    ki_put_struct(writer, step, sizeof *step);
    gboolean has_event = step->struct_size >= KEYACT_STEP_SIZE_1_1 && step->event != NULL;
    ki_put_struct(writer, has_event ? step->event : NULL, sizeof(keyact_event));
}

void ki_encode_call(KiWriter *writer, guint index, void *const *args)
{
    const KeyactCallbackSignature *signature = signature_at(index);
    guint32 count = plugin_u32(signature, args, KEYACT_ARG_COUNT);
    guint32 option_count = plugin_u32(signature, args, KEYACT_ARG_OPTION_COUNT);
    /* Past the limits the arrays stay behind: the parent refuses the count. */
    gboolean arrays = count <= KI_MAX_COUNT;

    ki_writer_start(writer, KI_MSG_CALL);
    ki_put_u32(writer, index);
    for (guint i = 0; i < signature->n_args; i++) {
        KeyactArgKind kind = signature->args[i].kind;
        if (pass_of(kind) != 1u)
            continue;
        if (is_u64(kind))
            ki_put_u64(writer, *(const guint64 *)args[i]);
        else if (is_i32(kind))
            ki_put_i32(writer, *(const gint32 *)args[i]);
        else if (kind == KEYACT_ARG_STRING)
            ki_put_string(writer, *(const char *const *)args[i]);
        else
            ki_put_u32(writer, *(const guint32 *)args[i]);
    }
    for (guint i = 0; i < signature->n_args; i++) {
        KeyactArgKind kind = signature->args[i].kind;
        if (pass_of(kind) != 2u)
            continue;
        const void *pointer = *(void *const *)args[i];
        if (kind == KEYACT_ARG_EVENT) {
            ki_put_struct(writer, pointer, sizeof(keyact_event));
            continue;
        }
        ki_put_u8(writer, pointer != NULL);
        if (pointer == NULL)
            continue;
        switch (kind) {
        case KEYACT_ARG_OUT_U32:
        case KEYACT_ARG_OUT_DONE:
            ki_put_u32(writer, *(const guint32 *)pointer);
            break;
        case KEYACT_ARG_OUT_CARD:
            ki_put_u64(writer, *(const guint64 *)pointer);
            break;
        case KEYACT_ARG_DESC_OUT:
            ki_put_u32(writer, ((const keyact_card_desc *)pointer)->struct_size);
            break;
        case KEYACT_ARG_DESCS_OUT:
            for (guint32 j = 0; arrays && j < count; j++) {
                const keyact_card_desc *desc = ((keyact_card_desc *const *)pointer)[j];
                ki_put_u8(writer, desc != NULL);
                if (desc != NULL)
                    ki_put_u32(writer, desc->struct_size);
            }
            break;
        case KEYACT_ARG_OPTIONS:
            if (option_count <= KI_MAX_OPTIONS)
                ki_put_bytes(writer, pointer, option_count * sizeof(keyact_option));
            break;
        case KEYACT_ARG_CARDS:
            if (arrays)
                ki_put_bytes(writer, pointer, count * sizeof(keyact_card_id));
            break;
        case KEYACT_ARG_BOUNDS:
            if (arrays)
                ki_put_bytes(writer, pointer, count * sizeof(guint32));
            break;
        case KEYACT_ARG_STEPS:
            for (guint32 j = 0; arrays && j < count; j++)
                put_step(writer, &((const keyact_step *)pointer)[j]);
            break;
        default: /* OUT_CARDS, OUT_VALUES: the presence is all */
            break;
        }
    }
}

static char *arena_strdup(KiArena *arena, const char *text)
{
    char *copy = g_strdup(text);
    if (copy != NULL)
        g_ptr_array_add(arena, copy);
    return copy;
}

gboolean ki_get_desc(KiReader *reader, keyact_card_desc *desc, gsize room, KiArena *arena)
{
    keyact_card_desc read;

    memset(&read, 0, sizeof read);
    read.struct_size = ki_get_u32(reader);
    read.layout = ki_get_u32(reader);
    read.face_count = ki_get_u32(reader);
    read.reserved0 = ki_get_u32(reader);
    guint32 sent = MIN(read.face_count, KEYACT_MAX_FACES);
    for (guint32 j = 0; j < sent && !reader->failed; j++) {
        if (!ki_get_bool(reader))
            continue;
        keyact_face_desc *face = g_new0(keyact_face_desc, 1);
        g_ptr_array_add(arena, face);
        gboolean present;
        face->struct_size = ki_get_u32(reader);
        face->flags = ki_get_u32(reader);
        face->name = arena_strdup(arena, ki_get_string(reader, &present));
        face->mana_cost = arena_strdup(arena, ki_get_string(reader, &present));
        read.faces[j] = face;
    }
    if (reader->failed)
        return FALSE;
    memcpy(desc, &read, MIN(room, sizeof read));
    return TRUE;
}

gboolean ki_decode_reply(KiReader *reader, guint index, void *const *args, KiArena *arena,
                         int32_t *out_status)
{
    const KeyactCallbackSignature *signature = signature_at(index);
    guint32 count = plugin_u32(signature, args, KEYACT_ARG_COUNT);
    int32_t status = ki_get_i32(reader);

    for (guint i = 0; i < signature->n_args && !reader->failed; i++) {
        KeyactArgKind kind = signature->args[i].kind;
        void *pointer = *(void *const *)args[i];
        if (pointer == NULL)
            continue;
        const guint8 *bytes;
        switch (kind) {
        case KEYACT_ARG_OUT_U32:
        case KEYACT_ARG_OUT_DONE:
            *(guint32 *)pointer = ki_get_u32(reader);
            break;
        case KEYACT_ARG_OUT_CARD:
            *(guint64 *)pointer = ki_get_u64(reader);
            break;
        case KEYACT_ARG_OUT_CARDS:
        case KEYACT_ARG_OUT_VALUES:
            if (status != KEYACT_OK)
                break;
            gsize size = kind == KEYACT_ARG_OUT_CARDS ? sizeof(keyact_card_id) : sizeof(guint32);
            bytes = ki_get_bytes(reader, count * size);
            if (bytes != NULL)
                memcpy(pointer, bytes, count * size);
            break;
        case KEYACT_ARG_DESC_OUT:
            if (status == KEYACT_OK) {
                keyact_card_desc *desc = pointer;
                ki_get_desc(reader, desc, desc->struct_size, arena);
            }
            break;
        case KEYACT_ARG_DESCS_OUT:
            for (guint32 j = 0; status == KEYACT_OK && j < count && !reader->failed; j++) {
                keyact_card_desc *desc = ((keyact_card_desc *const *)pointer)[j];
                if (desc != NULL)
                    ki_get_desc(reader, desc, desc->struct_size, arena);
            }
            break;
        default:
            break;
        }
    }
    *out_status = status;
    return ki_reader_done(reader);
}

/* ---- the parent's side ---- */

void ki_call_init(KiCall *call)
{
    memset(call, 0, sizeof *call);
    call->in = g_byte_array_sized_new(1024);
    call->out = g_byte_array_sized_new(1024);
    call->blocks = g_byte_array_sized_new(32u * KI_MAX_STRUCT);
    call->desc_ptrs = g_ptr_array_sized_new(32);
}

void ki_call_clear(KiCall *call)
{
    g_free(call->string);
    g_byte_array_unref(call->in);
    g_byte_array_unref(call->out);
    g_byte_array_unref(call->blocks);
    g_ptr_array_unref(call->desc_ptrs);
    memset(call, 0, sizeof *call);
}

/* Room for `length` bytes in `array`, at a non-NULL address even for 0. */
static guint8 *room(GByteArray *array, gsize length)
{
    g_byte_array_set_size(array, (guint)length);
    return array->data != NULL ? array->data : (guint8 *)array;
}

static void decode_scalar(KiReader *reader, KiCall *call, guint i, KeyactArgKind kind)
{
    if (is_u64(kind)) {
        call->value[i].u64 = ki_get_u64(reader);
    } else if (is_i32(kind)) {
        call->value[i].i32 = ki_get_i32(reader);
    } else if (kind == KEYACT_ARG_STRING) {
        gboolean present;
        const char *text = ki_get_string(reader, &present);
        g_clear_pointer(&call->string, g_free);
        /* The host reads UTF-8 (host.h); a plugin's bad bytes are replaced. */
        if (present)
            call->string = g_utf8_make_valid(text, -1);
        call->value[i].pointer = call->string;
    } else {
        call->value[i].u32 = ki_get_u32(reader);
        if (kind == KEYACT_ARG_COUNT) {
            call->count = call->value[i].u32;
            if (call->count > KI_MAX_COUNT)
                ki_reader_fail(reader, "a batched call's count is above the protocol's limit");
        } else if (kind == KEYACT_ARG_OPTION_COUNT) {
            call->option_count = call->value[i].u32;
            if (call->option_count > KI_MAX_OPTIONS)
                ki_reader_fail(reader, "choose's option_count is above the protocol's limit");
        }
    }
}

/* `count` entries of `entry` bytes into `array`; the pointer to them. */
static gpointer read_array(KiReader *reader, GByteArray *array, guint32 count, gsize entry)
{
    const guint8 *bytes = ki_get_bytes(reader, (gsize)count * entry);
    guint8 *into = room(array, (gsize)count * entry);
    if (bytes != NULL && count > 0)
        memcpy(into, bytes, (gsize)count * entry);
    return into;
}

static gpointer read_steps(KiReader *reader, KiCall *call)
{
    keyact_step *steps = (keyact_step *)(gpointer)room(call->in, call->count * sizeof(keyact_step));
    guint8 *events = room(call->blocks, (gsize)call->count * KI_MAX_STRUCT);
    guint8 raw[KI_MAX_STRUCT] __attribute__((aligned(8)));

    for (guint32 j = 0; j < call->count && !reader->failed; j++) {
        ki_get_struct(reader, raw);
        memcpy(&steps[j], raw, sizeof steps[j]);
        guint8 *event = events + (gsize)j * KI_MAX_STRUCT;
        steps[j].event = ki_get_struct(reader, event) > 0 ? (const keyact_event *)(gpointer)event
                                                           : NULL;
    }
    return steps;
}

static gpointer read_descs_out(KiReader *reader, KiCall *call)
{
    guint8 *blocks = room(call->blocks, (gsize)call->count * KI_MAX_STRUCT);

    g_ptr_array_set_size(call->desc_ptrs, 0);
    for (guint32 j = 0; j < call->count && !reader->failed; j++) {
        keyact_card_desc *desc = NULL;
        if (ki_get_bool(reader)) {
            desc = (keyact_card_desc *)(gpointer)(blocks + (gsize)j * KI_MAX_STRUCT);
            memset(desc, 0, KI_MAX_STRUCT);
            desc->struct_size = ki_get_u32(reader);
        }
        g_ptr_array_add(call->desc_ptrs, desc);
    }
    /* A non-NULL array even for count 0. */
    g_ptr_array_add(call->desc_ptrs, NULL);
    return call->desc_ptrs->pdata;
}

static void decode_pointer(KiReader *reader, KiCall *call, guint i, KeyactArgKind kind)
{
    gpointer pointer = NULL;

    if (kind == KEYACT_ARG_EVENT) {
        if (ki_get_struct(reader, call->event.raw) > 0)
            pointer = &call->event.event;
        call->value[i].pointer = pointer;
        call->present[i] = pointer != NULL;
        return;
    }
    call->present[i] = ki_get_bool(reader);
    if (call->present[i]) {
        switch (kind) {
        case KEYACT_ARG_OUT_U32:
        case KEYACT_ARG_OUT_DONE:
            call->out_u32 = ki_get_u32(reader);
            pointer = &call->out_u32;
            break;
        case KEYACT_ARG_OUT_CARD:
            call->out_card = ki_get_u64(reader);
            pointer = &call->out_card;
            break;
        case KEYACT_ARG_DESC_OUT:
            memset(call->desc.raw, 0, sizeof call->desc.raw);
            call->desc.desc.struct_size = ki_get_u32(reader);
            pointer = &call->desc.desc;
            break;
        case KEYACT_ARG_OUT_CARDS:
            pointer = room(call->out, (gsize)call->count * sizeof(keyact_card_id));
            memset(pointer, 0, (gsize)call->count * sizeof(keyact_card_id));
            break;
        case KEYACT_ARG_OUT_VALUES:
            pointer = room(call->out, (gsize)call->count * sizeof(guint32));
            memset(pointer, 0, (gsize)call->count * sizeof(guint32));
            break;
        case KEYACT_ARG_DESCS_OUT:
            pointer = read_descs_out(reader, call);
            break;
        case KEYACT_ARG_OPTIONS:
            pointer = read_array(reader, call->in, call->option_count, sizeof(keyact_option));
            break;
        case KEYACT_ARG_CARDS:
            pointer = read_array(reader, call->in, call->count, sizeof(keyact_card_id));
            break;
        case KEYACT_ARG_BOUNDS:
            pointer = read_array(reader, call->in, call->count, sizeof(guint32));
            break;
        case KEYACT_ARG_STEPS:
            pointer = read_steps(reader, call);
            break;
        default:
            break;
        }
    }
    call->value[i].pointer = pointer;
}

gboolean ki_decode_call(KiReader *reader, KiCall *call)
{
    guint index = ki_get_u32(reader);
    const KeyactCallbackSignature *signature = signature_at(index);

    if (reader->failed)
        return FALSE;
    if (signature == NULL)
        return ki_reader_fail(reader, "a call names no host callback");
    call->index = index;
    call->signature = signature;
    call->count = 0;
    call->option_count = 0;
    for (guint i = 0; i < KEYACT_CALLBACK_MAX_ARGS; i++) {
        call->argp[i] = &call->value[i];
        call->value[i].u64 = 0;
        call->present[i] = FALSE;
    }
    for (guint i = 0; i < signature->n_args; i++) {
        if (pass_of(signature->args[i].kind) == 1u)
            decode_scalar(reader, call, i, signature->args[i].kind);
    }
    for (guint i = 0; i < signature->n_args && !reader->failed; i++) {
        if (pass_of(signature->args[i].kind) == 2u)
            decode_pointer(reader, call, i, signature->args[i].kind);
    }
    return ki_reader_done(reader);
}

void ki_put_desc(KiWriter *writer, const keyact_card_desc *desc)
{
    ki_put_u32(writer, desc->struct_size);
    ki_put_u32(writer, desc->layout);
    ki_put_u32(writer, desc->face_count);
    ki_put_u32(writer, desc->reserved0);
    guint32 sent = MIN(desc->face_count, KEYACT_MAX_FACES);
    for (guint32 j = 0; j < sent; j++) {
        const keyact_face_desc *face = desc->faces[j];
        ki_put_u8(writer, face != NULL);
        if (face == NULL)
            continue;
        gboolean whole = face->struct_size >= KEYACT_FACE_DESC_SIZE_1_0;
        ki_put_u32(writer, face->struct_size);
        ki_put_u32(writer, face->flags);
        ki_put_string(writer, whole ? face->name : NULL);
        ki_put_string(writer, whole ? face->mana_cost : NULL);
    }
}

void ki_encode_reply(KiWriter *writer, const KiCall *call, int32_t status)
{
    const KeyactCallbackSignature *signature = call->signature;

    ki_writer_start(writer, KI_MSG_REPLY);
    ki_put_i32(writer, status);
    for (guint i = 0; i < signature->n_args; i++) {
        KeyactArgKind kind = signature->args[i].kind;
        if (!call->present[i])
            continue;
        switch (kind) {
        case KEYACT_ARG_OUT_U32:
        case KEYACT_ARG_OUT_DONE:
            ki_put_u32(writer, call->out_u32);
            break;
        case KEYACT_ARG_OUT_CARD:
            ki_put_u64(writer, call->out_card);
            break;
        case KEYACT_ARG_OUT_CARDS:
            if (status == KEYACT_OK)
                ki_put_bytes(writer, call->value[i].pointer,
                             (gsize)call->count * sizeof(keyact_card_id));
            break;
        case KEYACT_ARG_OUT_VALUES:
            if (status == KEYACT_OK)
                ki_put_bytes(writer, call->value[i].pointer, (gsize)call->count * sizeof(guint32));
            break;
        case KEYACT_ARG_DESC_OUT:
            if (status == KEYACT_OK)
                ki_put_desc(writer, &call->desc.desc);
            break;
        case KEYACT_ARG_DESCS_OUT:
            for (guint32 j = 0; status == KEYACT_OK && j < call->count; j++) {
                const keyact_card_desc *desc = g_ptr_array_index(call->desc_ptrs, j);
                if (desc != NULL)
                    ki_put_desc(writer, desc);
            }
            break;
        default:
            break;
        }
    }
}
