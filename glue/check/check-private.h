/* SPDX-License-Identifier: MIT */
/* check-private.h - internals shared by the glue/check sources. */
#ifndef KEYACT_CHECK_PRIVATE_H
#define KEYACT_CHECK_PRIVATE_H

#include <stddef.h>

#include <gmodule.h>
#include <keyact/keyact.h>

#include "keyact-check.h"
#include "keyact-host.h"

G_BEGIN_DECLS

/* ---- report.c ---- */

KeyactCheckReport *check_report_new(const char *path);
KeyactCheckItem *check_report_add(KeyactCheckReport *report, const char *name,
                                  KeyactCheckStatus status, const char *reason);
KeyactCheckItem *check_report_addf(KeyactCheckReport *report, const char *name,
                                   KeyactCheckStatus status, const char *format, ...)
    G_GNUC_PRINTF(4, 5);
void check_item_add_detail(KeyactCheckItem *item, const char *detail);
const char *check_status_name(KeyactCheckStatus status);

/* ---- elf_read.c: the ELF header and dynamic symbols, read from the file ---- */

typedef struct {
    char *name;
    guint8 type;    /* STT_* */
} CheckElfSymbol;

typedef struct {
    guint8 elf_class;  /* ELFCLASS32 / ELFCLASS64 */
    guint8 data;       /* ELFDATA2LSB / ELFDATA2MSB */
    guint16 type;      /* ET_* */
    guint16 machine;   /* EM_* */
    gboolean has_dynsym;
    GPtrArray *exports; /* CheckElfSymbol*: defined, global or weak, visible */
} CheckElf;

/* Read the header and, when the byte order is this machine's, the exported
 * dynamic symbols. FALSE and `error` when the file is not ELF at all. */
gboolean check_elf_read(const char *path, CheckElf *out, GError **error);
void check_elf_clear(CheckElf *elf);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CheckElf, check_elf_clear)

const char *check_elf_machine_name(guint16 machine);
const char *check_elf_type_name(guint16 type);

/* ---- check_elf.c: the "elf" and "exports" items ---- */

/* Adds both items; TRUE when the file is a shared object for this machine,
 * so loading it in a child makes sense. */
gboolean check_elf_items(KeyactCheckReport *report, const char *path);

/* ---- wire.c: the child's report over a pipe, one line per message ---- */

/* Messages: "begin STEP ITEM", "item STATUS NAME REASON", "detail TEXT",
 * "end". Fields are tab-separated and escaped (g_strescape). */
typedef struct {
    int fd;
} CheckWire;

void check_wire_begin(const CheckWire *wire, const char *step, const char *item);
void check_wire_item(const CheckWire *wire, KeyactCheckStatus status, const char *name,
                     const char *reason);
void check_wire_itemf(const CheckWire *wire, KeyactCheckStatus status, const char *name,
                      const char *format, ...) G_GNUC_PRINTF(4, 5);
void check_wire_detail(const CheckWire *wire, const char *detail);
void check_wire_end(const CheckWire *wire);

/* The parent's side: parses messages into the report and remembers the
 * step in progress. */
typedef struct {
    KeyactCheckReport *report;
    KeyactCheckItem *last;   /* the item details attach to */
    char *step;              /* step of the last "begin" */
    char *item;              /* item of the last "begin" */
    gboolean ended;
    GString *pending;        /* bytes after the last newline */
} CheckWireReader;

void check_wire_reader_init(CheckWireReader *reader, KeyactCheckReport *report);
void check_wire_reader_clear(CheckWireReader *reader);
void check_wire_reader_feed(CheckWireReader *reader, const char *bytes, gsize length);

/* ---- child.c ---- */

/* The steps the child runs, in order; the first word of every item name. */
extern const char *const check_child_steps[];

/* Fork, run check_child_main in the child, and turn its messages (or its
 * crash, exit or silence) into report items. */
gboolean check_child_run(KeyactCheckReport *report, const char *path,
                         const KeyactCheckOptions *options, GError **error);

/* In the child: every step that runs plugin code; `isolated`: the steps
 * through libkeyact-host load it isolated (KeyactCheckOptions). */
void check_child_main(const CheckWire *wire, const char *path, gboolean isolated);

/* Mark every step from `first_step` on as skipped with `reason`. */
void check_report_skip_steps(KeyactCheckReport *report, guint first_step, const char *reason);

/* ---- child_*.c: the steps the child runs, and what they pass on ---- */

typedef struct {
    const CheckWire *wire;
    const char *path;
    GModule *module;         /* the raw dlopen of load; closed by lifecycle or host-load */
    const struct keyact_plugin_entry *entry;
    gboolean entry_ok;       /* size and major fine: its members may be read */
    gboolean negotiated;     /* the host's offer got an answer: `chosen` */
    keyact_version chosen;
    KeyactPlugin *plugin;    /* the host library's second load, for conformance */
    gboolean isolated;       /* the host library's loads are isolated (--isolated) */
} CheckChild;

/* A skip item for `step`. */
void check_child_skip(const CheckChild *child, const char *step, const char *reason);
gboolean check_child_step_load(CheckChild *child);         /* child_entry.c */
void check_child_step_entry(CheckChild *child);
void check_child_step_members(CheckChild *child);
void check_child_step_negotiate(CheckChild *child);
void check_child_step_lifecycle(CheckChild *child);        /* child_lifecycle.c */
void check_child_step_host_load(CheckChild *child);        /* child_host.c */
void check_child_step_conformance(CheckChild *child);

/* ---- negotiate_probe.c ---- */

typedef struct {
    const char *name;            /* item name, "negotiate 1.0" */
    keyact_version offered[8];
    guint n_offered;
    gboolean host_offer;         /* offer what libkeyact-host offers instead */
} CheckProbe;

const CheckProbe *check_negotiate_probes(guint *n_probes);

/* Run one probe and judge the answer: a plugin of major M and minor m must
 * choose an offered M.x with x <= m when one is offered, and return
 * KEYACT_E_VERSION otherwise. TRUE on pass; *out_chosen is the answer. */
gboolean check_negotiate_probe(const struct keyact_plugin_entry *entry, const CheckProbe *probe,
                               keyact_version *out_chosen, char **out_reason);

/* ---- sizes ---- */

/* Struct sizes per version: KEYACT_*_SIZE_1_0 in the ABI headers. */

/* More actions than this is taken as a corrupt entry (libkeyact-host's limit). */
#define CHECK_MAX_ACTIONS 1024u

G_END_DECLS

#endif /* KEYACT_CHECK_PRIVATE_H */
