/* SPDX-License-Identifier: MIT */
/* fuzz_carddb.c - the reference host's card-data loader on any bytes.
 *
 * The input goes through the real entry point, ref_carddb_load_file(), by
 * way of an in-memory file (memfd), so gzip detection, the size limit, the
 * JSON parser and every format loader run as they do on a file on disk.
 * A loaded database must describe every card the way the ABI requires. */
#define _GNU_SOURCE
#include "fuzz_target.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib.h>

#include "carddb.h"

static gboolean write_all(int fd, const uint8_t *data, size_t size)
{
    while (size > 0) {
        ssize_t written = write(fd, data, size);
        if (written <= 0)
            return FALSE;
        data += written;
        size -= (size_t)written;
    }
    return TRUE;
}

static void check_card(const RefCardDb *db, const RefCard *card, guint index)
{
    if (card->name == NULL || card->n_faces == 0 || card->n_faces > KEYACT_MAX_FACES)
        fuzz_fail("card %u: no name or %u faces", index, card->n_faces);
    if (card->layout >= KEYACT_LAYOUT_COUNT)
        fuzz_fail("card %u: layout %u", index, card->layout);
    const keyact_card_desc *desc = &card->desc;
    if (desc->struct_size != sizeof *desc || desc->face_count != card->n_faces
        || desc->layout != card->layout)
        fuzz_fail("card %u (%s): the ABI description disagrees with the card", index, card->name);
    for (guint f = 0; f < card->n_faces; f++) {
        const keyact_face_desc *face = desc->faces[f];
        if (face == NULL || face->struct_size != sizeof *face || face->name == NULL)
            fuzz_fail("card %u (%s): face %u is not described", index, card->name, f);
        if (face->mana_cost != NULL)
            (void)strlen(face->mana_cost); /* must be a terminated string */
    }
    if (ref_carddb_lookup(db, card->name) == NULL)
        fuzz_fail("card %u (%s) is not found by its own name", index, card->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("keyact-fuzz-carddb", MFD_CLOEXEC);
    if (fd < 0)
        fuzz_fail("memfd_create failed");
    if (!write_all(fd, data, size))
        fuzz_fail("cannot write the input to the memfd");

    g_autofree char *path = g_strdup_printf("/proc/self/fd/%d", fd);
    g_autoptr(GError) error = NULL;
    g_autoptr(RefCardDb) db = ref_carddb_load_file(path, &error);
    close(fd);

    if (db == NULL) {
        if (error == NULL || error->domain != REF_CARDDB_ERROR || error->message[0] == '\0')
            fuzz_fail("a refused input gave no card-database error");
        return 0;
    }
    if (error != NULL)
        fuzz_fail("a loaded database also set an error: %s", error->message);
    for (guint i = 0; i < ref_carddb_size(db); i++)
        check_card(db, ref_carddb_get(db, i), i);
    return 0;
}
