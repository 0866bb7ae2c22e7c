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

static void append_event(GString *out, const KeyactTraceRecord *record)
{
    const keyact_event *event = &record->event;

    if (!record->has_event) {
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

/* Append argument `i`; FALSE when it is not shown (host, out pointers). */
static gboolean append_arg(GString *out, const KeyactTraceRecord *record, guint i)
{
    const KeyactCallValue *value = &record->args[i];

    switch (record->signature->args[i].kind) {
    case KEYACT_ARG_HOST:
    case KEYACT_ARG_OUT_U32:
    case KEYACT_ARG_OUT_CARD:
    case KEYACT_ARG_DESC_OUT:
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
    }
    return TRUE;
}

static void append_desc(GString *out, const KeyactTraceRecord *record)
{
    g_string_append(out, "{layout=");
    append_named_u32(out, keyact_layout_name(record->out.u32), record->out.u32);
    g_string_append(out, ", faces=[");
    for (guint i = 0; record->face_names != NULL && record->face_names[i] != NULL; i++) {
        if (i > 0)
            g_string_append(out, ", ");
        append_string(out, record->face_names[i]);
        if (record->face_costs[i][0] != '\0')
            g_string_append_printf(out, " %s", record->face_costs[i]);
    }
    g_string_append(out, "]}");
}

static void append_out(GString *out, const KeyactTraceRecord *record)
{
    const KeyactCallbackSignature *signature = record->signature;

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
