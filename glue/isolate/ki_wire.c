/* SPDX-License-Identifier: MIT */
/* ki_wire.c - framing and the bounds-checked reader and writer (ki_wire.h). */
#include "ki_wire.h"

#include <string.h>

const char *ki_message_name(guint32 type)
{
    switch ((KiMessageType)type) {
    case KI_MSG_OPEN: return "OPEN";
    case KI_MSG_NEGOTIATE: return "NEGOTIATE";
    case KI_MSG_INIT: return "INIT";
    case KI_MSG_SANDBOX: return "SANDBOX";
    case KI_MSG_RESOLVE: return "RESOLVE";
    case KI_MSG_BEGIN: return "BEGIN";
    case KI_MSG_STEP: return "STEP";
    case KI_MSG_ANSWER: return "ANSWER";
    case KI_MSG_ABANDON: return "ABANDON";
    case KI_MSG_RULES: return "RULES";
    case KI_MSG_REPLY: return "REPLY";
    case KI_MSG_CALL: return "CALL";
    case KI_MSG_DONE: return "DONE";
    }
    return NULL;
}

void ki_writer_start(KiWriter *writer, guint32 type)
{
    KiHeader header = { 0u, type };

    if (writer->bytes == NULL)
        writer->bytes = g_byte_array_sized_new(512);
    g_byte_array_set_size(writer->bytes, 0);
    g_byte_array_append(writer->bytes, (const guint8 *)&header, sizeof header);
}

const guint8 *ki_writer_finish(KiWriter *writer, gsize *out_length)
{
    guint32 length = (guint32)(writer->bytes->len - sizeof(KiHeader));

    memcpy(writer->bytes->data, &length, sizeof length);
    *out_length = writer->bytes->len;
    return writer->bytes->data;
}

void ki_put_bytes(KiWriter *writer, const void *data, gsize length)
{
    if (length > 0)
        g_byte_array_append(writer->bytes, data, (guint)length);
}

void ki_put_u8(KiWriter *writer, guint8 value)
{
    ki_put_bytes(writer, &value, sizeof value);
}

void ki_put_u32(KiWriter *writer, guint32 value)
{
    ki_put_bytes(writer, &value, sizeof value);
}

void ki_put_i32(KiWriter *writer, gint32 value)
{
    ki_put_bytes(writer, &value, sizeof value);
}

void ki_put_u64(KiWriter *writer, guint64 value)
{
    ki_put_bytes(writer, &value, sizeof value);
}

void ki_put_string(KiWriter *writer, const char *string)
{
    if (string == NULL) {
        ki_put_u32(writer, 0u);
        return;
    }
    gsize length = strlen(string) + 1u;
    ki_put_u32(writer, (guint32)MIN(length, (gsize)G_MAXUINT32));
    ki_put_bytes(writer, string, length);
}

void ki_put_struct(KiWriter *writer, const void *abi_struct, gsize known)
{
    if (abi_struct == NULL) {
        ki_put_u32(writer, 0u);
        return;
    }
    guint32 size;
    memcpy(&size, abi_struct, sizeof size);
    gsize count = MIN((gsize)size, MIN(known, (gsize)KI_MAX_STRUCT));
    if (count < sizeof size)
        count = sizeof size;
    ki_put_u32(writer, (guint32)count);
    ki_put_bytes(writer, abi_struct, count);
}

void ki_put_struct_bytes(KiWriter *writer, const void *abi_struct, gsize count)
{
    count = MIN(count, (gsize)KI_MAX_STRUCT);
    ki_put_u32(writer, (guint32)count);
    ki_put_bytes(writer, abi_struct, count);
}

void ki_reader_init(KiReader *reader, const guint8 *data, gsize length)
{
    *reader = (KiReader){ .data = data, .length = length };
}

gboolean ki_reader_fail(KiReader *reader, const char *why)
{
    if (!reader->failed) {
        reader->failed = TRUE;
        reader->why = why;
    }
    return FALSE;
}

gboolean ki_reader_done(KiReader *reader)
{
    if (!reader->failed && reader->at != reader->length)
        ki_reader_fail(reader, "bytes left over after the last field");
    return !reader->failed;
}

const guint8 *ki_get_bytes(KiReader *reader, gsize length)
{
    if (reader->failed)
        return NULL;
    if (length > reader->length - reader->at) {
        ki_reader_fail(reader, "a field runs past the end of its message");
        return NULL;
    }
    const guint8 *at = reader->data + reader->at;
    reader->at += length;
    return at;
}

#define GET_SCALAR(type, name) \
    type name(KiReader *reader) \
    { \
        type value = 0; \
        const guint8 *at = ki_get_bytes(reader, sizeof value); \
        if (at != NULL) \
            memcpy(&value, at, sizeof value); \
        return value; \
    }
GET_SCALAR(guint8, ki_get_u8)
GET_SCALAR(guint32, ki_get_u32)
GET_SCALAR(gint32, ki_get_i32)
GET_SCALAR(guint64, ki_get_u64)

gboolean ki_get_bool(KiReader *reader)
{
    guint8 value = ki_get_u8(reader);
    if (value > 1u)
        ki_reader_fail(reader, "a flag is neither 0 nor 1");
    return value == 1u;
}

const char *ki_get_string(KiReader *reader, gboolean *out_present)
{
    guint32 length = ki_get_u32(reader);

    *out_present = FALSE;
    if (reader->failed || length == 0u)
        return NULL;
    const char *text = (const char *)ki_get_bytes(reader, length);
    if (text == NULL)
        return NULL;
    if (memchr(text, '\0', length) != text + length - 1u) {
        ki_reader_fail(reader, "a string is not NUL-terminated exactly at its end");
        return NULL;
    }
    *out_present = TRUE;
    return text;
}

guint32 ki_get_struct(KiReader *reader, void *out)
{
    guint32 count = ki_get_u32(reader);

    memset(out, 0, KI_MAX_STRUCT);
    if (reader->failed || count == 0u)
        return 0u;
    if (count > KI_MAX_STRUCT || count < sizeof(guint32)) {
        ki_reader_fail(reader, "a struct's size is out of range");
        return 0u;
    }
    const guint8 *bytes = ki_get_bytes(reader, count);
    if (bytes == NULL)
        return 0u;
    memcpy(out, bytes, count);
    return count;
}

guint32 ki_get_count(KiReader *reader, guint32 limit, gsize entry)
{
    guint32 count = ki_get_u32(reader);

    if (reader->failed)
        return 0u;
    if (count > limit) {
        ki_reader_fail(reader, "a count is above the protocol's limit");
        return 0u;
    }
    if ((gsize)count * entry > reader->length - reader->at) {
        ki_reader_fail(reader, "a count says more entries than its message holds");
        return 0u;
    }
    return count;
}
