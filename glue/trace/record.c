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
    case KEYACT_ARG_COUNT:
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
    case KEYACT_ARG_CARDS:
    case KEYACT_ARG_OUT_CARDS:
    case KEYACT_ARG_DESCS_OUT:
    case KEYACT_ARG_STEPS:
    case KEYACT_ARG_BOUNDS:
    case KEYACT_ARG_OUT_VALUES:
    case KEYACT_ARG_OUT_DONE:
        value.pointer = *(void *const *)arg;
        break;
    }
    return value;
}

/* The event's fields the plugin set, into `copy` (zeroed). */
static gboolean copy_event_into(keyact_event *copy, const keyact_event *event)
{
    if (event == NULL)
        return FALSE;
    memcpy(copy, event, MIN((gsize)event->struct_size, sizeof *copy));
    return TRUE;
}

static void copy_event(KeyactTraceRecord *record, const keyact_event *event)
{
    record->has_event = copy_event_into(&record->event, event);
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

/* ---- batched callbacks (ABI 1.1) ----
 * Their arrays are copied into a KeyactTraceBatch that record->result
 * points to: the entries follow the header in the same block, and a
 * describe_cards answer replaces the block by one that also holds the face
 * strings, so a record owns exactly one block whatever the call. */

/* The index of the first argument of `kind`, or -1. */
static int arg_index(const KeyactCallbackSignature *signature, KeyactArgKind kind)
{
    for (guint i = 0; i < signature->n_args; i++) {
        if (signature->args[i].kind == kind)
            return (int)i;
    }
    return -1;
}

const KeyactTraceBatch *keyact_trace_record_batch(const KeyactTraceRecord *record)
{
    if (arg_index(record->signature, KEYACT_ARG_COUNT) < 0)
        return NULL;
    return record->result;
}

static KeyactTraceBatch *batch_new(guint32 count, gsize extra)
{
    guint n = MIN(count, KEYACT_TRACE_MAX_BATCH);
    KeyactTraceBatch *batch = g_malloc0(sizeof *batch + n * sizeof(KeyactTraceEntry) + extra);

    batch->count = count;
    batch->n_entries = n;
    batch->entries = (KeyactTraceEntry *)(gpointer)(batch + 1);
    return batch;
}

static void capture_batch_args(KeyactTraceRecord *record, const KeyactCallbackSignature *signature)
{
    int count_at = arg_index(signature, KEYACT_ARG_COUNT);
    KeyactTraceBatch *batch;

    if (count_at < 0)
        return;
    batch = batch_new(record->args[count_at].u32, 0);
    record->result = batch;
    for (guint i = 0; i < signature->n_args; i++) {
        gconstpointer in = record->args[i].pointer;

        if (in == NULL)
            continue;
        switch (signature->args[i].kind) {
        case KEYACT_ARG_CARDS:
            for (guint e = 0; e < batch->n_entries; e++)
                batch->entries[e].card = ((const keyact_card_id *)in)[e];
            break;
        case KEYACT_ARG_BOUNDS:
            for (guint e = 0; e < batch->n_entries; e++)
                batch->entries[e].bound = ((const guint32 *)in)[e];
            break;
        case KEYACT_ARG_STEPS:
            /* Steps travel in an array of sizeof(keyact_step): the stride
             * is fixed, each step is read as far as its struct_size says. */
            for (guint e = 0; e < batch->n_entries; e++) {
                const keyact_step *step = &((const keyact_step *)in)[e];
                KeyactTraceEntry *entry = &batch->entries[e];
                keyact_step copy;

                memset(&copy, 0, sizeof copy);
                memcpy(&copy, step, MIN((gsize)step->struct_size, sizeof copy));
                entry->card = copy.card;
                entry->to_zone = copy.to_zone;
                entry->library_index = copy.library_index;
                entry->flags = copy.flags;
                entry->has_event = copy_event_into(&entry->event, copy.event);
            }
            break;
        default:
            break;
        }
    }
}

/* The face names and costs of every description, in a new block that
 * replaces the record's batch. */
static void capture_batch_descs(KeyactTraceRecord *record, keyact_card_desc *const *descs)
{
    const KeyactTraceBatch *old = record->result;
    const char *names[KEYACT_TRACE_MAX_BATCH][KEYACT_MAX_FACES];
    const char *costs[KEYACT_TRACE_MAX_BATCH][KEYACT_MAX_FACES];
    guint faces[KEYACT_TRACE_MAX_BATCH];
    guint32 layouts[KEYACT_TRACE_MAX_BATCH];
    gsize bytes = 0;

    for (guint e = 0; e < old->n_entries; e++) {
        const keyact_card_desc *desc = descs[e];
        gsize size = desc != NULL ? desc->struct_size : 0;
        guint count = 0;

        layouts[e] = size >= KEYACT_SIZE_THROUGH(keyact_card_desc, layout) ? desc->layout
                                                                            : G_MAXUINT32;
        if (size >= KEYACT_SIZE_THROUGH(keyact_card_desc, face_count)) {
            guint most = MIN(desc->face_count, KEYACT_MAX_FACES);

            for (; count < most; count++) {
                const keyact_face_desc *face;

                if (size < offsetof(keyact_card_desc, faces) + (count + 1) * sizeof desc->faces[0])
                    break;
                face = desc->faces[count];
                names[e][count] = face != NULL
                                  && face->struct_size >= KEYACT_SIZE_THROUGH(keyact_face_desc, name)
                                  && face->name != NULL ? face->name : "";
                costs[e][count] = face != NULL
                                  && face->struct_size >= KEYACT_SIZE_THROUGH(keyact_face_desc, mana_cost)
                                  && face->mana_cost != NULL ? face->mana_cost : "";
                bytes += strlen(names[e][count]) + strlen(costs[e][count]) + 2;
            }
        }
        faces[e] = count;
        bytes += 2 * (count + 1) * sizeof(gchar *);
    }

    KeyactTraceBatch *batch = batch_new(old->count, bytes);
    gchar **vectors = (gchar **)(gpointer)(batch->entries + batch->n_entries);
    gsize n_vectors = 0;
    gchar *text;

    memcpy(batch->entries, old->entries, old->n_entries * sizeof(KeyactTraceEntry));
    for (guint e = 0; e < batch->n_entries; e++)
        n_vectors += 2 * (faces[e] + 1);
    text = (gchar *)(vectors + n_vectors);
    for (guint e = 0; e < batch->n_entries; e++) {
        KeyactTraceEntry *entry = &batch->entries[e];

        entry->layout = layouts[e];
        entry->face_names = vectors;
        entry->face_costs = vectors + faces[e] + 1;
        vectors += 2 * (faces[e] + 1);
        for (guint f = 0; f < faces[e]; f++) {
            gsize name_length = strlen(names[e][f]) + 1, cost_length = strlen(costs[e][f]) + 1;

            entry->face_names[f] = memcpy(text, names[e][f], name_length);
            text += name_length;
            entry->face_costs[f] = memcpy(text, costs[e][f], cost_length);
            text += cost_length;
        }
        entry->face_names[faces[e]] = NULL;
        entry->face_costs[faces[e]] = NULL;
    }
    batch->has_out = TRUE;
    g_free((gpointer)old);
    record->result = batch;
}

static void capture_batch_outs(KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;
    KeyactTraceBatch *batch = (KeyactTraceBatch *)(gpointer)record->result;

    if (batch == NULL)
        return;
    for (guint i = 0; i < signature->n_args; i++) {
        gconstpointer out = record->args[i].pointer;

        if (out == NULL)
            continue;
        switch (signature->args[i].kind) {
        case KEYACT_ARG_OUT_DONE:
            /* apply_steps says how far it got on failure too. */
            batch->done = *(const guint32 *)out;
            batch->has_done = TRUE;
            break;
        case KEYACT_ARG_OUT_CARDS:
            if (record->status != 0)
                break;
            for (guint e = 0; e < batch->n_entries; e++)
                batch->entries[e].card = ((const keyact_card_id *)out)[e];
            batch->has_out = TRUE;
            break;
        case KEYACT_ARG_OUT_VALUES:
            if (record->status != 0)
                break;
            for (guint e = 0; e < batch->n_entries; e++)
                batch->entries[e].value = ((const guint32 *)out)[e];
            batch->has_out = TRUE;
            break;
        case KEYACT_ARG_DESCS_OUT:
            if (record->status != 0)
                break;
            capture_batch_descs(record, out);
            return;
        default:
            break;
        }
    }
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
    capture_batch_args(record, signature);
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

    capture_batch_outs(record);
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
    /* A batched call's copy is the record's own block; other records'
     * result is what get_extension returned, not theirs to free. */
    if (keyact_trace_record_batch(record) != NULL) {
        g_free((gpointer)record->result);
        record->result = NULL;
    }
    /* face_costs lives in face_names' block (capture_desc). */
    g_clear_pointer(&record->face_names, g_free);
    record->face_costs = NULL;
    g_clear_pointer(&record->string, g_free);
    g_clear_pointer(&record->text, g_free);
}
