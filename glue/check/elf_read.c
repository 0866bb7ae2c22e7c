/* SPDX-License-Identifier: MIT */
/* elf_read.c - read an ELF file's header and exported dynamic symbols.
 *
 * Done by hand from <elf.h> so `keyact check` needs no binutils, and so no
 * plugin code runs while the file is inspected. Every offset read from the
 * file is bounds-checked: a truncated or hostile file is a failed check,
 * never a crash of the checker.
 */
#include <elf.h>
#include <string.h>

#include "check-private.h"

#define CHECK_ELF_ERROR (check_elf_error_quark())
static G_DEFINE_QUARK(keyact-check-elf-error-quark, check_elf_error)

static gboolean in_bounds(gsize size, guint64 offset, guint64 length)
{
    return offset <= size && length <= size - offset;
}

static void symbol_free(gpointer data)
{
    CheckElfSymbol *symbol = data;
    g_free(symbol->name);
    g_free(symbol);
}

/* One section header, whatever the class. */
typedef struct {
    guint32 type;
    guint32 link;
    guint64 offset;
    guint64 size;
    guint64 entsize;
} Section;

static gboolean read_section(const guint8 *data, gsize size, const CheckElf *elf,
                             guint64 shoff, guint16 shentsize, guint index, Section *out)
{
    guint64 at = shoff + (guint64)index * shentsize;

    if (elf->elf_class == ELFCLASS64) {
        Elf64_Shdr sh;
        if (shentsize < sizeof sh || !in_bounds(size, at, sizeof sh))
            return FALSE;
        memcpy(&sh, data + at, sizeof sh);
        *out = (Section){ sh.sh_type, sh.sh_link, sh.sh_offset, sh.sh_size, sh.sh_entsize };
    } else {
        Elf32_Shdr sh;
        if (shentsize < sizeof sh || !in_bounds(size, at, sizeof sh))
            return FALSE;
        memcpy(&sh, data + at, sizeof sh);
        *out = (Section){ sh.sh_type, sh.sh_link, sh.sh_offset, sh.sh_size, sh.sh_entsize };
    }
    return TRUE;
}

/* One symbol, whatever the class. */
typedef struct {
    guint32 name;
    guint8 info;
    guint8 other;
    guint16 shndx;
    guint64 value;
} Symbol;

static void read_symbol(const guint8 *at, guint8 elf_class, Symbol *out)
{
    if (elf_class == ELFCLASS64) {
        Elf64_Sym sym;
        memcpy(&sym, at, sizeof sym);
        *out = (Symbol){ sym.st_name, sym.st_info, sym.st_other, sym.st_shndx, sym.st_value };
    } else {
        Elf32_Sym sym;
        memcpy(&sym, at, sizeof sym);
        *out = (Symbol){ sym.st_name, sym.st_info, sym.st_other, sym.st_shndx, sym.st_value };
    }
}

/* What another object could bind to: defined, global/weak/unique, visible.
 * Version-definition names (absolute, value 0) are not symbols of the code. */
static gboolean is_export(const Symbol *sym)
{
    guint8 bind = ELF64_ST_BIND(sym->info);
    guint8 visibility = ELF64_ST_VISIBILITY(sym->other);

    if (sym->shndx == SHN_UNDEF || sym->name == 0)
        return FALSE;
    if (bind != STB_GLOBAL && bind != STB_WEAK && bind != STB_GNU_UNIQUE)
        return FALSE;
    if (visibility != STV_DEFAULT && visibility != STV_PROTECTED)
        return FALSE;
    if (sym->shndx == SHN_ABS && sym->value == 0)
        return FALSE;
    return TRUE;
}

/* Symbols a sanitizer adds on its own: AddressSanitizer exports one
 * "__odr_asan.<name>" indicator per global it instruments (unless a version
 * script hides it). They are instrumentation, not the plugin's interface. */
static gboolean is_instrumentation(const char *name)
{
    return g_str_has_prefix(name, "__odr_asan");
}

static gboolean read_dynsym(const guint8 *data, gsize size, CheckElf *elf, guint64 shoff,
                            guint16 shentsize, guint16 shnum, GError **error)
{
    gsize sym_size = elf->elf_class == ELFCLASS64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);

    for (guint i = 0; i < shnum; i++) {
        Section dynsym, strtab;
        if (!read_section(data, size, elf, shoff, shentsize, i, &dynsym)) {
            g_set_error(error, CHECK_ELF_ERROR, 0, "section header %u is outside the file", i);
            return FALSE;
        }
        if (dynsym.type != SHT_DYNSYM)
            continue;
        if (!read_section(data, size, elf, shoff, shentsize, dynsym.link, &strtab)
            || strtab.type != SHT_STRTAB || !in_bounds(size, strtab.offset, strtab.size)
            || !in_bounds(size, dynsym.offset, dynsym.size) || dynsym.entsize < sym_size) {
            g_set_error_literal(error, CHECK_ELF_ERROR, 0,
                                "the dynamic symbol table or its string table is corrupt");
            return FALSE;
        }
        elf->has_dynsym = TRUE;
        /* Entry 0 is the null symbol. */
        for (guint64 s = 1; s < dynsym.size / dynsym.entsize; s++) {
            Symbol sym;
            read_symbol(data + dynsym.offset + s * dynsym.entsize, elf->elf_class, &sym);
            if (!is_export(&sym))
                continue;
            if (sym.name >= strtab.size) {
                g_set_error(error, CHECK_ELF_ERROR, 0, "symbol %" G_GUINT64_FORMAT
                            " has a name outside the string table", s);
                return FALSE;
            }
            const char *name = (const char *)data + strtab.offset + sym.name;
            g_autofree char *copy = g_strndup(name, strtab.size - sym.name);
            if (is_instrumentation(copy))
                continue;
            CheckElfSymbol *symbol = g_new0(CheckElfSymbol, 1);
            symbol->name = g_steal_pointer(&copy);
            symbol->type = ELF64_ST_TYPE(sym.info);
            g_ptr_array_add(elf->exports, symbol);
        }
        return TRUE;
    }
    return TRUE; /* no .dynsym: has_dynsym stays FALSE */
}

gboolean check_elf_read(const char *path, CheckElf *out, GError **error)
{
    g_autofree guint8 *data = NULL;
    gsize size = 0;

    *out = (CheckElf){ 0 };
    out->exports = g_ptr_array_new_with_free_func(symbol_free);
    if (!g_file_get_contents(path, (char **)&data, &size, error))
        return FALSE;
    if (size < SELFMAG || memcmp(data, ELFMAG, SELFMAG) != 0) {
        g_set_error_literal(error, CHECK_ELF_ERROR, 0, "not an ELF file (no \\177ELF magic)");
        return FALSE;
    }
    if (size < EI_NIDENT) {
        g_set_error(error, CHECK_ELF_ERROR, 0, "truncated ELF file (%" G_GSIZE_FORMAT " bytes)",
                    size);
        return FALSE;
    }
    out->elf_class = data[EI_CLASS];
    out->data = data[EI_DATA];

    guint64 shoff;
    guint16 shentsize, shnum;
    if (out->elf_class == ELFCLASS64 && size >= sizeof(Elf64_Ehdr)) {
        Elf64_Ehdr eh;
        memcpy(&eh, data, sizeof eh);
        out->type = eh.e_type;
        out->machine = eh.e_machine;
        shoff = eh.e_shoff;
        shentsize = eh.e_shentsize;
        shnum = eh.e_shnum;
    } else if (out->elf_class == ELFCLASS32 && size >= sizeof(Elf32_Ehdr)) {
        Elf32_Ehdr eh;
        memcpy(&eh, data, sizeof eh);
        out->type = eh.e_type;
        out->machine = eh.e_machine;
        shoff = eh.e_shoff;
        shentsize = eh.e_shentsize;
        shnum = eh.e_shnum;
    } else {
        g_set_error(error, CHECK_ELF_ERROR, 0, "unknown ELF class %u or truncated header",
                    out->elf_class);
        return FALSE;
    }

    guint8 native = G_BYTE_ORDER == G_LITTLE_ENDIAN ? ELFDATA2LSB : ELFDATA2MSB;
    if (out->data != native) {
        /* The fields above are byte-swapped; the caller reports the byte
         * order and does not trust type or machine. */
        return TRUE;
    }
    return read_dynsym(data, size, out, shoff, shentsize, shnum, error);
}

void check_elf_clear(CheckElf *elf)
{
    g_clear_pointer(&elf->exports, g_ptr_array_unref);
}

const char *check_elf_machine_name(guint16 machine)
{
    switch (machine) {
    case EM_X86_64: return "x86-64";
    case EM_386: return "i386";
    case EM_AARCH64: return "AArch64";
    case EM_ARM: return "ARM";
    case EM_RISCV: return "RISC-V";
    case EM_PPC64: return "PowerPC64";
    case EM_PPC: return "PowerPC";
    case EM_S390: return "S/390";
    case EM_MIPS: return "MIPS";
    case EM_LOONGARCH: return "LoongArch";
    default: return NULL;
    }
}

const char *check_elf_type_name(guint16 type)
{
    switch (type) {
    case ET_REL: return "ET_REL (a relocatable object)";
    case ET_EXEC: return "ET_EXEC (an executable)";
    case ET_DYN: return "ET_DYN (a shared object)";
    case ET_CORE: return "ET_CORE (a core dump)";
    default: return "an unknown type";
    }
}
