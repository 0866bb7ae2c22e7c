/* SPDX-License-Identifier: MIT */
// swap_support.cc - see swap_support.h.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // dladdr, dl_iterate_phdr
#endif
#include "swap_support.h"

#include <dlfcn.h>
#include <link.h>

#include <cstdlib>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <gtest/gtest.h>

namespace swap {

ScratchDir::ScratchDir()
{
    g_autoptr(GError) error = nullptr;
    g_autofree char *made = g_dir_make_tmp("keyact-swap-XXXXXX", &error);
    if (made == nullptr)
        ADD_FAILURE() << error->message;
    else
        path_ = made;
}

namespace {

void remove_tree(const std::string &path)
{
    if (g_file_test(path.c_str(), G_FILE_TEST_IS_DIR)) {
        g_autoptr(GDir) dir = g_dir_open(path.c_str(), 0, nullptr);
        const char *name;
        while (dir != nullptr && (name = g_dir_read_name(dir)) != nullptr)
            remove_tree(path + "/" + name);
    }
    g_remove(path.c_str());
}

}  // namespace

ScratchDir::~ScratchDir()
{
    if (!path_.empty())
        remove_tree(path_);
}

std::string copy_discover(const std::string &dir, const std::string &name)
{
    const char *module = g_getenv("KEYACT_DISCOVER_MODULE");
    if (module == nullptr || !g_path_is_absolute(module)) {
        ADD_FAILURE() << "KEYACT_DISCOVER_MODULE is not a full path; run through meson";
        return "";
    }
    g_autofree char *subdir = g_build_filename(dir.c_str(), name.c_str(), nullptr);
    g_autofree char *copy = g_build_filename(subdir, "keyact-discover.so", nullptr);
    g_autoptr(GError) error = nullptr;
    g_autoptr(GFile) from = g_file_new_for_path(module);
    g_autoptr(GFile) to = g_file_new_for_path(copy);
    EXPECT_EQ(g_mkdir_with_parents(subdir, 0700), 0);
    EXPECT_TRUE(g_file_copy(from, to, G_FILE_COPY_OVERWRITE, nullptr, nullptr, nullptr, &error))
        << error->message;
    EXPECT_EQ(g_chmod(copy, 0755), 0);
    return copy;
}

std::string real_path(const std::string &path)
{
    char *resolved = realpath(path.c_str(), nullptr);
    std::string result = resolved != nullptr ? resolved : path;
    free(resolved);
    return result;
}

namespace {

struct MappedQuery {
    std::string wanted;
    bool found = false;
};

int visit_object(struct dl_phdr_info *info, size_t, void *data)
{
    auto *query = static_cast<MappedQuery *>(data);
    if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0'
        && real_path(info->dlpi_name) == query->wanted)
        query->found = true;
    return 0;
}

}  // namespace

bool module_is_mapped(const std::string &path)
{
    MappedQuery query;
    query.wanted = real_path(path);
    dl_iterate_phdr(visit_object, &query);
    return query.found;
}

std::string object_of(const void *address)
{
    Dl_info info{};
    if (dladdr(address, &info) == 0 || info.dli_fname == nullptr)
        return "";
    return real_path(std::string(info.dli_fname));
}

GatedHost::GatedHost(FakeHost *fake)
{
    fake_wrap_init(&wrap_, fake_host_table(fake), this);
    wrap_.table.library_size = gated_library_size;
}

int32_t GatedHost::gated_library_size(const keyact_host *host, keyact_game_id game,
                                      keyact_player_id player, uint32_t *out_size)
{
    const FakeWrap *wrap = fake_wrap_of(host);
    auto *self = static_cast<GatedHost *>(wrap->user_data);

    {
        std::unique_lock<std::mutex> guard(self->lock_);
        self->reached_ = true;
        self->changed_.notify_all();
        self->changed_.wait(guard, [self] { return self->open_; });
    }
    return wrap->inner->library_size(host, game, player, out_size);
}

void GatedHost::wait_until_reached()
{
    std::unique_lock<std::mutex> guard(lock_);
    changed_.wait(guard, [this] { return reached_; });
}

void GatedHost::open()
{
    std::lock_guard<std::mutex> guard(lock_);
    open_ = true;
    changed_.notify_all();
}

}  // namespace swap
