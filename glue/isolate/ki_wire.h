/* SPDX-License-Identifier: MIT */
/* ki_wire.h - the isolation protocol between libkeyact-host and
 * keyact-plugin-helper: framing, limits, message types, and a bounds-checked
 * reader and writer. Compiled into both; not installed.
 *
 * A message is an 8-byte header (payload length, type; host byte order:
 * both ends are the same build on the same machine) and its payload. The
 * parent sends one request at a time (OPEN, NEGOTIATE, INIT, SANDBOX for a
 * load; RESOLVE, BEGIN, STEP, ANSWER, ABANDON, RULES afterwards); the
 * helper answers with any number of CALLs (one host call each: the parent
 * answers every CALL with one REPLY, except the calls that return nothing
 * to the plugin, see ki_call_is_one_way) and then one DONE, whose payload
 * starts with the type of the request it answers.
 *
 * Everything the parent reads came from a process that runs code it does
 * not trust: the reader fails (and the caller treats the helper as broken)
 * on any length past the message, any count past the limits below, any
 * string without its NUL or with one inside, and any bytes left over.
 */
#ifndef KEYACT_KI_WIRE_H
#define KEYACT_KI_WIRE_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

/* Largest payload either side accepts. A describe_cards answer of a whole
 * window with long names is a few kilobytes; this is headroom, not a goal. */
#define KI_MAX_MESSAGE (16u * 1024u * 1024u)
/* Entries of one batched call's arrays (library_cards, describe_cards,
 * apply_steps, random_below_each) and of a stranded list. */
#define KI_MAX_COUNT (1u << 20)
/* Options of one choose call (a card has at most KEYACT_MAX_FACES faces). */
#define KI_MAX_OPTIONS 256u
/* Bytes of an ABI struct copied across (args, result, question, answer,
 * event): every struct of ABI 1.4 fits; a newer peer's tail is cut. */
#define KI_MAX_STRUCT 256u

/* The header of every message. */
typedef struct {
    guint32 length; /* payload bytes after the header */
    guint32 type;   /* KiMessageType */
} KiHeader;

typedef enum {
    /* parent -> helper */
    KI_MSG_OPEN = 1,   /* string file: dlopen it, report the entry's facts */
    KI_MSG_NEGOTIATE,  /* the versions offered: call negotiate */
    KI_MSG_INIT,       /* the chosen version and the plugin's path: call init */
    KI_MSG_SANDBOX,    /* install the seccomp filter; report the rules extension */
    KI_MSG_RESOLVE,    /* one blocking resolve */
    KI_MSG_BEGIN,      /* the stepped resolve's calls */
    KI_MSG_STEP,
    KI_MSG_ANSWER,
    KI_MSG_ABANDON,
    KI_MSG_RULES,      /* one call of the rules extension */
    KI_MSG_REPLY,      /* the host's answer to the helper's last CALL */
    /* helper -> parent */
    KI_MSG_CALL = 64,  /* a host call the plugin made */
    KI_MSG_DONE,       /* the answer to the request: starts with its type */
} KiMessageType;

/* "RESOLVE", "CALL", ... or NULL. Static. */
const char *ki_message_name(guint32 type);

/* The rules extension's functions, as KI_MSG_RULES names them. */
typedef enum {
    KI_RULES_MANA_VALUE,
    KI_RULES_CARD_MANA_VALUE,
    KI_RULES_DISCOVER_OPTIONS,
} KiRulesFunction;

/* ---- writing ---- */

/* A message being built: the header's room first, then the payload. */
typedef struct {
    GByteArray *bytes;
} KiWriter;

/* Start a message of `type` in `writer` (its array reused, emptied). */
void ki_writer_start(KiWriter *writer, guint32 type);
/* Fill in the header's length; returns the whole message's bytes. */
const guint8 *ki_writer_finish(KiWriter *writer, gsize *out_length);

void ki_put_u8(KiWriter *writer, guint8 value);
void ki_put_u32(KiWriter *writer, guint32 value);
void ki_put_i32(KiWriter *writer, gint32 value);
void ki_put_u64(KiWriter *writer, guint64 value);
void ki_put_bytes(KiWriter *writer, const void *data, gsize length);
/* A string as u32 length with its NUL, then the bytes; NULL as length 0. */
void ki_put_string(KiWriter *writer, const char *string);
/* An ABI struct that starts with its uint32_t struct_size, as a u32 count
 * and that many bytes: its struct_size, but no more than `known` (the
 * sizeof this build knows: the other side reads no further in-process
 * either) and at least the struct_size field itself; NULL as count 0. */
void ki_put_struct(KiWriter *writer, const void *abi_struct, gsize known);
/* The first `count` bytes of a struct (at most KI_MAX_STRUCT), as
 * ki_put_struct writes them, whatever its struct_size now says. */
void ki_put_struct_bytes(KiWriter *writer, const void *abi_struct, gsize count);

/* ---- reading ---- */

typedef struct {
    const guint8 *data;
    gsize length;
    gsize at;
    gboolean failed;   /* set by the first read past the end or bad value */
    const char *why;   /* static: what was wrong, for the one-line message */
} KiReader;

void ki_reader_init(KiReader *reader, const guint8 *data, gsize length);
/* Mark the reader failed (keeps the first reason). Returns FALSE. */
gboolean ki_reader_fail(KiReader *reader, const char *why);
/* TRUE when nothing failed and every byte was read. */
gboolean ki_reader_done(KiReader *reader);

guint8 ki_get_u8(KiReader *reader);
guint32 ki_get_u32(KiReader *reader);
gint32 ki_get_i32(KiReader *reader);
guint64 ki_get_u64(KiReader *reader);
/* A u8 that must be 0 or 1. */
gboolean ki_get_bool(KiReader *reader);
/* `length` bytes, borrowed from the message; NULL on failure. */
const guint8 *ki_get_bytes(KiReader *reader, gsize length);
/* A string written by ki_put_string, borrowed from the message (NUL
 * checked: exactly one, at its end). *out_present is FALSE for a NULL. */
const char *ki_get_string(KiReader *reader, gboolean *out_present);
/* A struct written by ki_put_struct into `out` (KI_MAX_STRUCT bytes,
 * zeroed first). Returns the bytes received (0 for NULL); fails when the
 * count exceeds KI_MAX_STRUCT or is below 4 (struct_size itself). */
guint32 ki_get_struct(KiReader *reader, void *out);
/* An array count: fails above `limit` or when fewer than count * `entry`
 * bytes remain. */
guint32 ki_get_count(KiReader *reader, guint32 limit, gsize entry);

G_END_DECLS

#endif /* KEYACT_KI_WIRE_H */
