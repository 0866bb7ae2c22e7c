/* SPDX-License-Identifier: MIT */
// carddb_test_util.h - temp files (plain or gzip) and card checks shared by
// the card database tests.
#pragma once

#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "carddb.h"

// A private temporary directory, removed with everything in it.
class TempDir {
public:
    TempDir()
    {
        g_autoptr(GError) error = nullptr;
        char *dir = g_dir_make_tmp("carddb-test-XXXXXX", &error);
        EXPECT_NE(dir, nullptr) << (error ? error->message : "");
        path_ = dir ? dir : "";
        g_free(dir);
    }
    ~TempDir()
    {
        if (path_.empty())
            return;
        if (GDir *dir = g_dir_open(path_.c_str(), 0, nullptr)) {
            while (const char *name = g_dir_read_name(dir)) {
                g_autofree char *file = g_build_filename(path_.c_str(), name, nullptr);
                g_remove(file);
            }
            g_dir_close(dir);
        }
        g_rmdir(path_.c_str());
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    std::string file(const std::string &name) const { return path_ + G_DIR_SEPARATOR_S + name; }

    // Write `text` as `name`; gzip-compressed when `gzip` is true.
    std::string write(const std::string &name, const std::string &text, bool gzip = false) const
    {
        std::string path = file(name);
        g_autoptr(GError) error = nullptr;
        if (!gzip) {
            // Plain stream, truncating: scratch files need no fsync.
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            out.write(text.data(), (std::streamsize)text.size());
            EXPECT_TRUE(out.good()) << path;
            return path;
        }
        g_autoptr(GFile) f = g_file_new_for_path(path.c_str());
        g_autoptr(GFileOutputStream) raw = g_file_replace(f, nullptr, FALSE,
                                                          G_FILE_CREATE_NONE, nullptr, &error);
        EXPECT_NE(raw, nullptr) << (error ? error->message : "");
        if (raw == nullptr)
            return path;
        g_autoptr(GZlibCompressor) z = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
        g_autoptr(GOutputStream) out = g_converter_output_stream_new(G_OUTPUT_STREAM(raw),
                                                                     G_CONVERTER(z));
        gsize written = 0;
        EXPECT_TRUE(g_output_stream_write_all(out, text.data(), text.size(), &written,
                                              nullptr, &error))
            << (error ? error->message : "");
        EXPECT_TRUE(g_output_stream_close(out, nullptr, &error)) << (error ? error->message : "");
        return path;
    }

private:
    std::string path_;
};

// Every card's ready-made ABI description points into the card itself.
inline void ExpectDescMatchesCard(const RefCard *card)
{
    ASSERT_NE(card, nullptr);
    SCOPED_TRACE(card->name);
    EXPECT_EQ(card->desc.struct_size, sizeof(keyact_card_desc));
    EXPECT_EQ(card->desc.layout, card->layout);
    EXPECT_EQ(card->desc.face_count, card->n_faces);
    EXPECT_GE(card->n_faces, 1u);
    EXPECT_LE(card->n_faces, KEYACT_MAX_FACES);
    EXPECT_EQ(card->desc.reserved0, 0u);
    for (guint i = 0; i < KEYACT_MAX_FACES; i++) {
        if (i >= card->n_faces) {
            EXPECT_EQ(card->desc.faces[i], nullptr);
            continue;
        }
        const keyact_face_desc *face = card->desc.faces[i];
        EXPECT_EQ(face, &card->face_desc[i]);
        EXPECT_EQ(face->struct_size, sizeof(keyact_face_desc));
        EXPECT_EQ(face->name, card->faces[i].name);
        EXPECT_EQ(face->mana_cost, card->faces[i].mana_cost);
        EXPECT_NE(face->name, nullptr);
        EXPECT_NE(face->mana_cost, nullptr);
        EXPECT_EQ((face->flags & KEYACT_FACE_LAND) != 0, card->faces[i].is_land != FALSE);
        EXPECT_EQ(face->flags & KEYACT_FACE_NOT_CASTABLE, 0u);
    }
}

inline std::string FaceCost(const RefCard *card, guint face)
{
    return face < card->n_faces ? card->faces[face].mana_cost : "<no face>";
}
