/* SPDX-License-Identifier: MIT */
/* record.c - what a trace record keeps of one call.
 *
 * Pointer arguments live only during the call, so whatever the trace shows
 * later is copied here: strings, the event, the options, and the values the
 * host wrote back. Structs are read only as far as their struct_size says.
 */
#include <stddef.h>
#include <string.h>

#include "keyact-trace-private.h"

/* The bytes of `type` up to and including `member`. */

static KeyactCallValue read_arg(KeyactArgKind kind, const void *arg)
{
    KeyactCallValue value;

    memset(&value, 0, sizeof value);
    switch (kind) {
    case KEYACT_ARG_GAME:
    case KEYACT_ARG_PLAYER:
    case KEYACT_ARG_CARD:
        value.id = *(const guint64 *)arg;
        break;
    case KEYACT_ARG_U32:
    case KEYACT_ARG_ZONE:
    case KEYACT_ARG_LIBRARY_INDEX:
    case KEYACT_ARG_MOVE_FLAGS:
    case KEYACT_ARG_FACE:
    case KEYACT_ARG_BOUND:
    case KEYACT_ARG_OPTION_COUNT:
        value.u32 = *(const guint32 *)arg;
        break;
    case KEYACT_ARG_I32:
    case KEYACT_ARG_LOG_LEVEL:
        value.i32 = *(const gint32 *)arg;
        break;
    case KEYACT_ARG_HOST:
    case KEYACT_ARG_OUT_U32:
    case KEYACT_ARG_OUT_CARD:
    case KEYACT_ARG_DESC_OUT:
    case KEYACT_ARG_OPTIONS:
    case KEYACT_ARG_EVENT:
    case KEYACT_ARG_STRING:
        value.pointer = *(void *const *)arg;
        break;
    }
    return value;
}

static void copy_event(KeyactTraceRecord *record, const keyact_event *event)
{
    if (event == NULL)
        return;
    memcpy(&record->event, event, MIN((gsize)event->struct_size, sizeof record->event));
    record->has_event = TRUE;
}

static void copy_options(KeyactTraceRecord *record, const keyact_option *options, guint32 count)
{
    if (options == NULL)
        return;
    record->n_options = MIN(count, KEYACT_TRACE_MAX_OPTIONS);
    for (guint i = 0; i < record->n_options; i++)
        memcpy(&record->options[i], &options[i],
               MIN((gsize)options[i].struct_size, sizeof record->options[i]));
}

void keyact_trace_record_capture_args(KeyactTraceRecord *record,
                                      const KeyactCallbackSignature *signature,
                                      void *const *args)
{
    const keyact_option *options = NULL;
    guint32 option_count = 0;

    memset(record, 0, sizeof *record);
    record->signature = signature;
    for (guint i = 0; i < signature->n_args; i++) {
        KeyactArgKind kind = signature->args[i].kind;

        record->args[i] = read_arg(kind, args[i]);
        if (kind == KEYACT_ARG_STRING && record->string == NULL)
            record->string = g_strdup(record->args[i].pointer);
        else if (kind == KEYACT_ARG_EVENT)
            copy_event(record, record->args[i].pointer);
        else if (kind == KEYACT_ARG_OPTIONS)
            options = record->args[i].pointer;
        else if (kind == KEYACT_ARG_OPTION_COUNT)
            option_count = record->args[i].u32;
    }
    copy_options(record, options, option_count);
}

/* The face names and costs, copied into ONE block: the two NULL-terminated
 * vectors first, then the strings. A traced resolve describes a card per
 * exiled card, so this is one allocation per call instead of one per
 * string and vector. Missing names and costs are copied as "". */
static void capture_desc(KeyactTraceRecord *record, const keyact_card_desc *desc)
{
    const char *names[KEYACT_MAX_FACES];
    const char *costs[KEYACT_MAX_FACES];
    gsize lengths[2 * KEYACT_MAX_FACES];
    gsize size = desc->struct_size;
    gsize bytes = 0;
    guint count = 0;

    if (size < KEYACT_SIZE_THROUGH(keyact_card_desc, layout))
        return;
    record->has_out = TRUE;
    record->out.u32 = desc->layout;

    if (size >= KEYACT_SIZE_THROUGH(keyact_card_desc, face_count)) {
        guint most = MIN(desc->face_count, KEYACT_MAX_FACES);

        for (; count < most; count++) {
            const keyact_face_desc *face;

            if (size < offsetof(keyact_card_desc, faces) + (count + 1) * sizeof desc->faces[0])
                break;
            face = desc->faces[count];
            names[count] = face != NULL && face->struct_size >= KEYACT_SIZE_THROUGH(keyact_face_desc, name)
                           && face->name != NULL ? face->name : "";
            costs[count] = face != NULL
                           && face->struct_size >= KEYACT_SIZE_THROUGH(keyact_face_desc, mana_cost)
                           && face->mana_cost != NULL ? face->mana_cost : "";
            lengths[2 * count] = strlen(names[count]) + 1;
            lengths[2 * count + 1] = strlen(costs[count]) + 1;
            bytes += lengths[2 * count] + lengths[2 * count + 1];
        }
    }

    gchar **vectors = g_malloc(2 * (count + 1) * sizeof(gchar *) + bytes);
    gchar *text = (gchar *)(vectors + 2 * (count + 1));

    record->face_names = vectors;
    record->face_costs = vectors + count + 1;
    for (guint i = 0; i < count; i++) {
        record->face_names[i] = memcpy(text, names[i], lengths[2 * i]);
        text += lengths[2 * i];
        record->face_costs[i] = memcpy(text, costs[i], lengths[2 * i + 1]);
        text += lengths[2 * i + 1];
    }
    record->face_names[count] = NULL;
    record->face_costs[count] = NULL;
}

void keyact_trace_record_capture_outs(KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;

    /* A failed call promises nothing about its out values. */
    if (signature->return_kind != KEYACT_RETURN_STATUS || record->status != 0)
        return;
    for (guint i = 0; i < signature->n_args; i++) {
        KeyactArgKind kind = signature->args[i].kind;
        const void *out;

        if (kind != KEYACT_ARG_OUT_U32 && kind != KEYACT_ARG_OUT_CARD
            && kind != KEYACT_ARG_DESC_OUT)
            continue;
        out = record->args[i].pointer;
        if (out == NULL)
            continue;
        if (kind == KEYACT_ARG_OUT_U32) {
            record->out.u32 = *(const guint32 *)out;
            record->has_out = TRUE;
        } else if (kind == KEYACT_ARG_OUT_CARD) {
            record->out.id = *(const keyact_card_id *)out;
            record->has_out = TRUE;
        } else {
            capture_desc(record, out);
        }
    }
}

void keyact_trace_record_clear(KeyactTraceRecord *record)
{
    /* face_costs lives in face_names' block (capture_desc). */
    g_clear_pointer(&record->face_names, g_free);
    record->face_costs = NULL;
    g_clear_pointer(&record->string, g_free);
    g_clear_pointer(&record->text, g_free);
}
