/* SPDX-License-Identifier: MIT */
// test_safety.cpp - files others could change are refused unless allowed.
//
// Self-contained: each test copies a fixture into its own g_dir_make_tmp
// directory and sets the modes itself, so the build directory's umask does
// not matter.
#include <unistd.h>

#include <glib/gstdio.h>

#include "host_test_support.h"

using keyact_test::contains;
using keyact_test::expect_refused;
using keyact_test::TempDir;

namespace {

KeyactPlugin *load(const std::string &path, KeyactLoadFlags flags, GError **error)
{
    return keyact_plugin_load(path.c_str(), flags, error);
}

TEST(Safety, PrivateCopyLoadsWithoutTheOverride)
{
    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin = load(path, KEYACT_LOAD_DEFAULT, &error);
    EXPECT_NE(plugin, nullptr) << error->message;
}

TEST(Safety, WorldWritableFileIsRefused)
{
    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(path.c_str(), 0757), 0);

    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = load(path, KEYACT_LOAD_DEFAULT, &error);
    expect_refused(plugin, error, KEYACT_HOST_ERROR_UNSAFE_FILE, path);
    EXPECT_TRUE(contains(error->message, "writable by others")) << error->message;
    EXPECT_TRUE(contains(error->message, "KEYACT_LOAD_ALLOW_UNSAFE")) << error->message;
}

TEST(Safety, GroupWritableFileIsRefused)
{
    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(path.c_str(), 0775), 0);

    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = load(path, KEYACT_LOAD_DEFAULT, &error);
    expect_refused(plugin, error, KEYACT_HOST_ERROR_UNSAFE_FILE, path);
    EXPECT_TRUE(contains(error->message, "writable by its group")) << error->message;
}

TEST(Safety, WritableDirectoryIsRefused)
{
    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(dir.path().c_str(), 0777), 0);

    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = load(path, KEYACT_LOAD_DEFAULT, &error);
    expect_refused(plugin, error, KEYACT_HOST_ERROR_UNSAFE_FILE, path);
    EXPECT_TRUE(contains(error->message, "its directory " + dir.path())) << error->message;
    g_chmod(dir.path().c_str(), 0700);
}

TEST(Safety, OverrideLoadsTheUnsafeFile)
{
    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(path.c_str(), 0777), 0);

    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin = load(path, KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_STREQ(keyact_plugin_get_path(plugin), path.c_str());
}

TEST(Safety, SymlinkIntoAnUnsafeDirectoryIsRefused)
{
    // The link lives in a private directory, the file it points to does not.
    TempDir target_dir;
    TempDir link_dir;
    std::string target = target_dir.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(target_dir.path().c_str(), 0777), 0);
    std::string link = link_dir.file("link.so");
    ASSERT_EQ(symlink(target.c_str(), link.c_str()), 0);

    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = load(link, KEYACT_LOAD_DEFAULT, &error);
    expect_refused(plugin, error, KEYACT_HOST_ERROR_UNSAFE_FILE, link);
    EXPECT_TRUE(contains(error->message, target_dir.path())) << error->message;
    g_chmod(target_dir.path().c_str(), 0700);
}

TEST(Safety, FileOwnedBySomeoneElseIsRefused)
{
    // Only root can give a file away; as another user, chown fails and there
    // is nothing to check.
    if (geteuid() != 0)
        GTEST_SKIP() << "needs root to chown a file to another user";

    TempDir dir;
    std::string path = dir.copy_fixture("good", "good.so");
    const uid_t nobody = 65534;
    ASSERT_EQ(chown(path.c_str(), nobody, static_cast<gid_t>(-1)), 0);

    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = load(path, KEYACT_LOAD_DEFAULT, &error);
    expect_refused(plugin, error, KEYACT_HOST_ERROR_UNSAFE_FILE, path);
    EXPECT_TRUE(contains(error->message, "owned by user 65534")) << error->message;
}

}  // namespace
