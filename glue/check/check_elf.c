/* SPDX-License-Identifier: MIT */
/* check_elf.c - "elf": a shared object for this machine; "exports": exactly
 * one exported symbol, the entry.
 *
 * "This machine" is what the running checker itself was built for: its own
 * ELF header (/proc/self/exe) gives class, byte order and machine, so no
 * table of architectures can go stale.
 */
#include <elf.h>

#include "check-private.h"

static char *describe_machine(guint16 machine)
{
    const char *name = check_elf_machine_name(machine);
    return name != NULL ? g_strdup(name) : g_strdup_printf("machine %u", machine);
}

static const char *class_name(guint8 elf_class)
{
    return elf_class == ELFCLASS64 ? "ELF64" : elf_class == ELFCLASS32 ? "ELF32" : "ELF?";
}

static const char *data_name(guint8 data)
{
    return data == ELFDATA2LSB   ? "little-endian"
           : data == ELFDATA2MSB ? "big-endian"
                                 : "unknown byte order";
}

static gboolean check_header(KeyactCheckReport *report, const CheckElf *elf, const CheckElf *self)
{
    g_autofree char *machine = describe_machine(elf->machine);
    g_autofree char *own_machine = describe_machine(self->machine);

    if (elf->elf_class != self->elf_class || elf->data != self->data) {
        check_report_addf(report, "elf", KEYACT_CHECK_FAIL,
                          "%s %s file; this machine runs %s %s", class_name(elf->elf_class),
                          data_name(elf->data), class_name(self->elf_class),
                          data_name(self->data));
        return FALSE;
    }
    if (elf->machine != self->machine) {
        check_report_addf(report, "elf", KEYACT_CHECK_FAIL, "built for %s; this machine is %s",
                          machine, own_machine);
        return FALSE;
    }
    if (elf->type != ET_DYN) {
        check_report_addf(report, "elf", KEYACT_CHECK_FAIL, "%s, not ET_DYN (a shared object)",
                          check_elf_type_name(elf->type));
        return FALSE;
    }
    check_report_addf(report, "elf", KEYACT_CHECK_PASS, "%s %s shared object (ET_DYN) for %s",
                      class_name(elf->elf_class), data_name(elf->data), machine);
    return TRUE;
}

static const char *symbol_type_name(guint8 type)
{
    switch (type) {
    case STT_OBJECT: return "object";
    case STT_FUNC: return "function";
    case STT_TLS: return "thread-local";
    case STT_GNU_IFUNC: return "indirect function";
    case STT_NOTYPE: return "untyped";
    default: return "other";
    }
}

static void check_exports(KeyactCheckReport *report, const CheckElf *elf)
{
    const CheckElfSymbol *entry = NULL;
    g_autoptr(GString) others = g_string_new(NULL);

    if (!elf->has_dynsym) {
        check_report_add(report, "exports", KEYACT_CHECK_FAIL,
                         "no dynamic symbol table: the file exports nothing");
        return;
    }
    for (guint i = 0; i < elf->exports->len; i++) {
        const CheckElfSymbol *symbol = g_ptr_array_index(elf->exports, i);
        if (g_strcmp0(symbol->name, KEYACT_PLUGIN_ENTRY_SYMBOL) == 0) {
            entry = symbol;
        } else {
            g_string_append_printf(others, "%s%s", others->len > 0 ? ", " : "", symbol->name);
        }
    }

    if (entry == NULL) {
        KeyactCheckItem *item = check_report_addf(report, "exports", KEYACT_CHECK_FAIL,
                                                  "no %s symbol is exported",
                                                  KEYACT_PLUGIN_ENTRY_SYMBOL);
        if (others->len > 0) {
            g_autofree char *detail = g_strdup_printf("exported instead: %s", others->str);
            check_item_add_detail(item, detail);
        }
        return;
    }
    if (others->len > 0) {
        check_report_addf(report, "exports", KEYACT_CHECK_FAIL,
                          "%u symbols exported; only %s may be (extra: %s)", elf->exports->len,
                          KEYACT_PLUGIN_ENTRY_SYMBOL, others->str);
        return;
    }
    if (entry->type != STT_OBJECT) {
        check_report_addf(report, "exports", KEYACT_CHECK_FAIL,
                          "%s is a %s symbol; it must be the entry struct (an object)",
                          KEYACT_PLUGIN_ENTRY_SYMBOL, symbol_type_name(entry->type));
        return;
    }
    check_report_addf(report, "exports", KEYACT_CHECK_PASS,
                      "exactly one exported symbol: %s (object)", KEYACT_PLUGIN_ENTRY_SYMBOL);
}

gboolean check_elf_items(KeyactCheckReport *report, const char *path)
{
    g_auto(CheckElf) self = { 0 };
    g_auto(CheckElf) elf = { 0 };
    g_autoptr(GError) error = NULL;

    if (!check_elf_read("/proc/self/exe", &self, &error)) {
        check_report_addf(report, "elf", KEYACT_CHECK_FAIL,
                          "cannot read this program's own ELF header to compare: %s",
                          error->message);
        check_report_add(report, "exports", KEYACT_CHECK_SKIP, "the ELF header check failed");
        return FALSE;
    }
    if (!check_elf_read(path, &elf, &error)) {
        check_report_addf(report, "elf", KEYACT_CHECK_FAIL, "%s", error->message);
        check_report_add(report, "exports", KEYACT_CHECK_SKIP, "the file is not ELF");
        return FALSE;
    }

    gboolean ok = check_header(report, &elf, &self);
    if (elf.data != self.data)
        check_report_add(report, "exports", KEYACT_CHECK_SKIP,
                         "symbols of a foreign byte order are not read");
    else
        check_exports(report, &elf);
    return ok;
}
