/* SPDX-License-Identifier: MIT */
/* format.c - one readable line per recorded call, e.g.
 *   move_card(game=1, player=1, card=7, to_zone=EXILE, library_index=0, flags=REVEAL) = 0
 * Constants print by name; everything printed comes from the record's own
 * copies, so a record formats the same long after the call. Pointers print
 * as NULL or by what they point to, never as addresses, so two runs of the
 * same game give the same text.
 */
#include "keyact-trace-private.h"

#include "keyact-host.h"

static const char *zone_name(guint32 zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "LIBRARY";
    case KEYACT_ZONE_EXILE: return "EXILE";
    case KEYACT_ZONE_HAND: return "HAND";
    default: return NULL;
    }
}

static const char *log_level_name(gint32 level)
{
    switch (level) {
    case KEYACT_LOG_DEBUG: return "DEBUG";
    case KEYACT_LOG_INFO: return "INFO";
    case KEYACT_LOG_WARNING: return "WARNING";
    case KEYACT_LOG_ERROR: return "ERROR";
    default: return NULL;
    }
}

/* A name when there is one, the number otherwise. */
static void append_named_u32(GString *out, const char *name, guint32 value)
{
    if (name != NULL)
        g_string_append(out, name);
    else
        g_string_append_printf(out, "%" G_GUINT32_FORMAT, value);
}

static void append_card(GString *out, keyact_card_id card)
{
    if (card == KEYACT_CARD_NONE)
        g_string_append(out, "NONE");
    else
        g_string_append_printf(out, "%" G_GUINT64_FORMAT, card);
}

static void append_face(GString *out, guint32 face)
{
    append_named_u32(out, face == KEYACT_FACE_NONE ? "NONE" : NULL, face);
}

static void append_string(GString *out, const char *text)
{
    g_autofree gchar *escaped = NULL;

    if (text == NULL) {
        g_string_append(out, "NULL");
        return;
    }
    escaped = g_strescape(text, NULL);
    g_string_append_printf(out, "\"%s\"", escaped);
}

static void append_move_flags(GString *out, guint32 flags)
{
    guint32 unknown = flags & ~KEYACT_MOVE_REVEAL;

    if (flags == 0) {
        g_string_append(out, "0");
        return;
    }
    if (flags & KEYACT_MOVE_REVEAL)
        g_string_append(out, "REVEAL");
    if (unknown != 0)
        g_string_append_printf(out, "%s0x%" G_GINT32_MODIFIER "x",
                               (flags & KEYACT_MOVE_REVEAL) ? "|" : "", unknown);
}

static void append_event_copy(GString *out, gboolean has_event, const keyact_event *event)
{
    if (!has_event) {
        g_string_append(out, "NULL");
        return;
    }
    g_string_append(out, "{type=");
    append_named_u32(out, keyact_event_type_name(event->type), event->type);
    g_string_append_printf(out, ", player=%" G_GUINT64_FORMAT ", card=", event->player);
    append_card(out, event->card);
    g_string_append_printf(out, ", n=%" G_GINT32_FORMAT ", face=", event->n);
    append_face(out, event->face);
    g_string_append_printf(out, ", index=%" G_GUINT32_FORMAT ", mv_halves=%" G_GUINT32_FORMAT "}",
                           event->index, event->mana_value_halves);
}

static void append_event(GString *out, const KeyactTraceRecord *record)
{
    append_event_copy(out, record->has_event, &record->event);
}

static void append_options(GString *out, const KeyactTraceRecord *record, guint32 option_count)
{
    g_string_append_c(out, '[');
    for (guint i = 0; i < record->n_options; i++) {
        const keyact_option *option = &record->options[i];

        if (i > 0)
            g_string_append(out, ", ");
        if (option->kind == KEYACT_OPTION_CAST_FACE) {
            g_string_append(out, "CAST_FACE(face=");
            append_face(out, option->face);
            g_string_append_printf(out, ", mv_halves=%" G_GUINT32_FORMAT ")",
                                   option->mana_value_halves);
        } else if (option->kind == KEYACT_OPTION_TO_HAND) {
            g_string_append(out, "TO_HAND");
        } else if (option->kind == KEYACT_OPTION_TO_BOTTOM) {
            g_string_append(out, "TO_BOTTOM");
        } else {
            g_string_append_printf(out, "KIND_%" G_GUINT32_FORMAT, option->kind);
        }
    }
    if (option_count > record->n_options)
        g_string_append(out, record->n_options > 0 ? ", ..." : "...");
    g_string_append_c(out, ']');
}

/* The option count, for options lists cut at KEYACT_TRACE_MAX_OPTIONS. */
static guint32 option_count_of(const KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;

    for (guint i = 0; i < signature->n_args; i++) {
        if (signature->args[i].kind == KEYACT_ARG_OPTION_COUNT)
            return record->args[i].u32;
    }
    return 0;
}

/* ---- batched callbacks (ABI 1.1): arrays print as [a, b, ...], from the
 * record's batch copy; entries past KEYACT_TRACE_MAX_BATCH as "...". ---- */

typedef enum { ENTRY_CARD, ENTRY_BOUND, ENTRY_VALUE, ENTRY_STEP, ENTRY_DESC } EntryPart;

static void append_layout(GString *out, guint32 layout);
static void append_faces(GString *out, gchar *const *names, gchar *const *costs);

static void append_step(GString *out, const KeyactTraceEntry *entry)
{
    if (entry->to_zone == KEYACT_ZONE_NONE) {
        g_string_append(out, "{to_zone=NONE");
    } else {
        g_string_append(out, "{card=");
        append_card(out, entry->card);
        g_string_append(out, ", to_zone=");
        append_named_u32(out, zone_name(entry->to_zone), entry->to_zone);
        g_string_append(out, ", library_index=");
        append_named_u32(out, entry->library_index == KEYACT_LIBRARY_BOTTOM ? "BOTTOM" : NULL,
                         entry->library_index);
        g_string_append(out, ", flags=");
        append_move_flags(out, entry->flags);
    }
    g_string_append(out, ", event=");
    append_event_copy(out, entry->has_event, &entry->event);
    g_string_append_c(out, '}');
}

static void append_entries(GString *out, const KeyactTraceBatch *batch, EntryPart part)
{
    g_string_append_c(out, '[');
    for (guint e = 0; e < batch->n_entries; e++) {
        const KeyactTraceEntry *entry = &batch->entries[e];

        if (e > 0)
            g_string_append(out, ", ");
        switch (part) {
        case ENTRY_CARD:
            append_card(out, entry->card);
            break;
        case ENTRY_BOUND:
            g_string_append_printf(out, "%" G_GUINT32_FORMAT, entry->bound);
            break;
        case ENTRY_VALUE:
            g_string_append_printf(out, "%" G_GUINT32_FORMAT, entry->value);
            break;
        case ENTRY_STEP:
            append_step(out, entry);
            break;
        case ENTRY_DESC:
            g_string_append(out, "{layout=");
            append_layout(out, entry->layout);
            g_string_append(out, ", faces=");
            append_faces(out, entry->face_names, entry->face_costs);
            g_string_append_c(out, '}');
            break;
        }
    }
    if (batch->count > batch->n_entries)
        g_string_append(out, batch->n_entries > 0 ? ", ..." : "...");
    g_string_append_c(out, ']');
}

/* An input array argument: NULL, or its entries. */
static void append_batch_arg(GString *out, const KeyactTraceRecord *record, guint i,
                             EntryPart part)
{
    const KeyactTraceBatch *batch = keyact_trace_record_batch(record);

    if (record->args[i].pointer == NULL || batch == NULL)
        g_string_append(out, "NULL");
    else
        append_entries(out, batch, part);
}

/* What the host wrote back through a batched call's out arrays. */
static void append_batch_out(GString *out, const KeyactTraceRecord *record)
{
    const KeyactTraceBatch *batch = keyact_trace_record_batch(record);
    const KeyactCallbackSignature *signature = record->signature;

    if (batch == NULL)
        return;
    for (guint i = 0; i < signature->n_args; i++) {
        switch (signature->args[i].kind) {
        case KEYACT_ARG_OUT_DONE:
            if (batch->has_done)
                g_string_append_printf(out, " -> done=%" G_GUINT32_FORMAT, batch->done);
            return;
        case KEYACT_ARG_OUT_CARDS:
            if (batch->has_out) {
                g_string_append(out, " -> ");
                append_entries(out, batch, ENTRY_CARD);
            }
            return;
        case KEYACT_ARG_OUT_VALUES:
            if (batch->has_out) {
                g_string_append(out, " -> ");
                append_entries(out, batch, ENTRY_VALUE);
            }
            return;
        case KEYACT_ARG_DESCS_OUT:
            if (batch->has_out) {
                g_string_append(out, " -> ");
                append_entries(out, batch, ENTRY_DESC);
            }
            return;
        default:
            break;
        }
    }
}

/* Append argument `i`; FALSE when it is not shown (host, out pointers). */
static gboolean append_arg(GString *out, const KeyactTraceRecord *record, guint i)
{
    const KeyactCallValue *value = &record->args[i];

    switch (record->signature->args[i].kind) {
    case KEYACT_ARG_HOST:
    case KEYACT_ARG_OUT_U32:
    case KEYACT_ARG_OUT_CARD:
    case KEYACT_ARG_DESC_OUT:
    case KEYACT_ARG_OUT_CARDS:
    case KEYACT_ARG_DESCS_OUT:
    case KEYACT_ARG_OUT_VALUES:
    case KEYACT_ARG_OUT_DONE:
        return FALSE;
    case KEYACT_ARG_GAME:
    case KEYACT_ARG_PLAYER:
        g_string_append_printf(out, "%" G_GUINT64_FORMAT, value->id);
        break;
    case KEYACT_ARG_CARD:
        append_card(out, value->id);
        break;
    case KEYACT_ARG_U32:
    case KEYACT_ARG_BOUND:
    case KEYACT_ARG_OPTION_COUNT:
    case KEYACT_ARG_COUNT:
        g_string_append_printf(out, "%" G_GUINT32_FORMAT, value->u32);
        break;
    case KEYACT_ARG_I32:
        g_string_append_printf(out, "%" G_GINT32_FORMAT, value->i32);
        break;
    case KEYACT_ARG_ZONE:
        append_named_u32(out, zone_name(value->u32), value->u32);
        break;
    case KEYACT_ARG_LIBRARY_INDEX:
        append_named_u32(out, value->u32 == KEYACT_LIBRARY_BOTTOM ? "BOTTOM" : NULL, value->u32);
        break;
    case KEYACT_ARG_MOVE_FLAGS:
        append_move_flags(out, value->u32);
        break;
    case KEYACT_ARG_FACE:
        append_face(out, value->u32);
        break;
    case KEYACT_ARG_LOG_LEVEL: {
        const char *name = log_level_name(value->i32);

        if (name != NULL)
            g_string_append(out, name);
        else
            g_string_append_printf(out, "%" G_GINT32_FORMAT, value->i32);
        break;
    }
    case KEYACT_ARG_OPTIONS:
        if (value->pointer == NULL)
            g_string_append(out, "NULL");
        else
            append_options(out, record, option_count_of(record));
        break;
    case KEYACT_ARG_EVENT:
        append_event(out, record);
        break;
    case KEYACT_ARG_STRING:
        append_string(out, record->string);
        break;
    case KEYACT_ARG_CARDS:
        append_batch_arg(out, record, i, ENTRY_CARD);
        break;
    case KEYACT_ARG_BOUNDS:
        append_batch_arg(out, record, i, ENTRY_BOUND);
        break;
    case KEYACT_ARG_STEPS:
        append_batch_arg(out, record, i, ENTRY_STEP);
        break;
    }
    return TRUE;
}

static void append_layout(GString *out, guint32 layout)
{
    append_named_u32(out, keyact_layout_name(layout), layout);
}

static void append_faces(GString *out, gchar *const *names, gchar *const *costs)
{
    g_string_append_c(out, '[');
    for (guint i = 0; names != NULL && names[i] != NULL; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        append_string(out, names[i]);
        if (costs[i][0] != '\0')
            g_string_append_printf(out, " %s", costs[i]);
    }
    g_string_append_c(out, ']');
}

static void append_desc(GString *out, const KeyactTraceRecord *record)
{
    g_string_append(out, "{layout=");
    append_layout(out, record->out.u32);
    g_string_append(out, ", faces=");
    append_faces(out, record->face_names, record->face_costs);
    g_string_append_c(out, '}');
}

static void append_out(GString *out, const KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;

    append_batch_out(out, record);
    if (!record->has_out)
        return;
    g_string_append(out, " -> ");
    for (guint i = 0; i < signature->n_args; i++) {
        switch (signature->args[i].kind) {
        case KEYACT_ARG_OUT_U32:
            g_string_append_printf(out, "%" G_GUINT32_FORMAT, record->out.u32);
            return;
        case KEYACT_ARG_OUT_CARD:
            append_card(out, record->out.id);
            return;
        case KEYACT_ARG_DESC_OUT:
            append_desc(out, record);
            return;
        default:
            break;
        }
    }
}

void keyact_trace_record_append(GString *out, const KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;
    gboolean first = TRUE;

    g_string_append(out, signature->name);
    g_string_append_c(out, '(');
    for (guint i = 0; i < signature->n_args; i++) {
        gsize mark = out->len;

        if (!first)
            g_string_append(out, ", ");
        g_string_append(out, signature->args[i].name);
        g_string_append_c(out, '=');
        if (append_arg(out, record, i))
            first = FALSE;
        else
            g_string_truncate(out, mark);
    }
    g_string_append_c(out, ')');

    switch (signature->return_kind) {
    case KEYACT_RETURN_STATUS:
        if (record->status == KEYACT_OK)
            g_string_append(out, " = 0");
        else
            g_string_append_printf(out, " = %" G_GINT32_FORMAT " (%s)", record->status,
                                   keyact_status_name(record->status));
        append_out(out, record);
        break;
    case KEYACT_RETURN_POINTER:
        g_string_append(out, record->result != NULL ? " = <table>" : " = NULL");
        break;
    case KEYACT_RETURN_VOID:
        break;
    }
}

gchar *keyact_trace_record_format(const KeyactTraceRecord *record)
{
    GString *out = g_string_new(NULL);

    keyact_trace_record_append(out, record);
    return g_string_free(out, FALSE);
}
