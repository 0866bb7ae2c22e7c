/* SPDX-License-Identifier: MIT */
// test_search_path.cpp - KEYACT_PLUGIN_PATH and the install directory.
#include <glib/gstdio.h>

#include "host_test_support.h"

using keyact_test::TempDir;
using keyact_test::WarningCapture;

namespace {

// Sets KEYACT_PLUGIN_PATH for one test and restores the old value.
class PluginPath {
public:
    explicit PluginPath(const std::string &value)
    {
        const char *old = g_getenv("KEYACT_PLUGIN_PATH");
        had_old_ = old != nullptr;
        if (had_old_)
            old_ = old;
        g_setenv("KEYACT_PLUGIN_PATH", value.c_str(), TRUE);
    }
    ~PluginPath()
    {
        if (had_old_)
            g_setenv("KEYACT_PLUGIN_PATH", old_.c_str(), TRUE);
        else
            g_unsetenv("KEYACT_PLUGIN_PATH");
    }
    PluginPath(const PluginPath &) = delete;
    PluginPath &operator=(const PluginPath &) = delete;

private:
    bool had_old_ = false;
    std::string old_;
};

bool registered(const KeyactRegistry *registry, const char *impl_id)
{
    guint n = 0;
    const KeyactBoundAction *list = keyact_registry_list(registry, &n);
    for (guint i = 0; i < n; i++) {
        if (g_strcmp0(list[i].action->impl_id, impl_id) == 0)
            return true;
    }
    return false;
}

guint plugins_registered_from(const KeyactRegistry *registry, const std::string &dir)
{
    guint n = 0, from_dir = 0;
    const KeyactBoundAction *list = keyact_registry_list(registry, &n);
    const KeyactPlugin *last = nullptr;
    for (guint i = 0; i < n; i++) {
        if (list[i].plugin != last &&
            g_str_has_prefix(keyact_plugin_get_path(list[i].plugin), (dir + "/").c_str()))
            from_dir++;
        last = list[i].plugin;
    }
    return from_dir;
}

TEST(SearchPath, DefaultDirIsUnderTheInstallLibdir)
{
    const char *dir = keyact_registry_default_plugin_dir();
    ASSERT_NE(dir, nullptr);
    EXPECT_TRUE(g_path_is_absolute(dir)) << dir;
    EXPECT_TRUE(g_str_has_suffix(dir, "/keyact-1/plugins")) << dir;
}

TEST(SearchPath, LoadsSortedSoFilesSkipsFailuresAndIgnoresRelativeEntries)
{
    // Relative entry "relative-plugins" would find alternative.so from the
    // working directory; it must be ignored.
    TempDir work;
    ASSERT_EQ(g_mkdir(work.file("relative-plugins").c_str(), 0700), 0);
    TempDir scratch;
    std::string alternative = scratch.copy_fixture("alternative", "alternative.so");
    ASSERT_EQ(g_rename(alternative.c_str(), work.file("relative-plugins/alternative.so").c_str()),
              0);

    TempDir plugins;
    std::string good = plugins.copy_fixture("good", "a-good.so");
    std::string duplicate = plugins.copy_fixture("duplicate", "b-duplicate.so");
    std::string broken = plugins.copy_fixture("abi_major_2", "c-abi-major-2.so");
    plugins.copy_fixture("size_larger", "not-a-plugin-suffix.so.txt");

    g_autofree char *old_cwd = g_get_current_dir();
    ASSERT_EQ(g_chdir(work.path().c_str()), 0);

    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    guint loaded;
    WarningCapture warnings;
    {
        PluginPath path("relative-plugins:" + plugins.path() + "::" + plugins.path() + "/");
        loaded = keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
    }
    ASSERT_EQ(g_chdir(old_cwd), 0);

    // a-good.so and b-duplicate.so (the same implementation id, another
    // file: a second candidate); the install directory may add more.
    EXPECT_EQ(plugins_registered_from(registry, plugins.path()), 2u);
    EXPECT_GE(loaded, 2u);
    EXPECT_TRUE(registered(registry, "org.keyact.test.echo.v1"));
    EXPECT_FALSE(registered(registry, "org.keyact.test.echo.alternative"));

    // Equal versions: the first on the search path (sorted by name) serves.
    KeyactBoundAction bound{};
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", nullptr, &bound, &error));
    EXPECT_STREQ(keyact_plugin_get_path(bound.plugin), good.c_str());

    // One warning each: the relative entry and the 2.0 plugin, which is also
    // recorded as refused. The directory listed twice is searched once.
    EXPECT_EQ(warnings.count_containing("\"relative-plugins\""), 1);
    EXPECT_EQ(warnings.count_containing(broken), 1);
    EXPECT_EQ(warnings.count_containing("ABI 2.0"), 1);
    EXPECT_EQ(warnings.count_containing(duplicate), 0);
    EXPECT_EQ(warnings.messages().size() -
                  warnings.count_containing(keyact_registry_default_plugin_dir()),
              2u);
    guint refused_here = 0;
    for (guint i = 0; i < keyact_registry_get_n_refused(registry); i++) {
        const GError *reason = nullptr;
        if (broken == keyact_registry_get_refused(registry, i, &reason)) {
            refused_here++;
            EXPECT_TRUE(g_error_matches(reason, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ABI_MAJOR));
        }
    }
    EXPECT_EQ(refused_here, 1u);
}

TEST(SearchPath, UnsafeFilesAreSkippedUnlessAllowed)
{
    TempDir plugins;
    std::string good = plugins.copy_fixture("good", "good.so");
    ASSERT_EQ(g_chmod(good.c_str(), 0777), 0);
    PluginPath path(plugins.path());

    {
        g_autoptr(KeyactRegistry) registry = keyact_registry_new();
        WarningCapture warnings;
        keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
        EXPECT_EQ(plugins_registered_from(registry, plugins.path()), 0u);
        EXPECT_EQ(warnings.count_containing(good), 1);
        EXPECT_EQ(warnings.count_containing("KEYACT_LOAD_ALLOW_UNSAFE"), 1);
    }
    {
        g_autoptr(KeyactRegistry) registry = keyact_registry_new();
        WarningCapture warnings;
        keyact_registry_load_search_path(registry, KEYACT_LOAD_ALLOW_UNSAFE);
        EXPECT_EQ(plugins_registered_from(registry, plugins.path()), 1u);
        EXPECT_TRUE(registered(registry, "org.keyact.test.echo.v1"));
        EXPECT_EQ(warnings.count_containing(good), 0);
    }
}

TEST(SearchPath, MissingDirectoriesAreNotAnError)
{
    TempDir plugins;
    PluginPath path(plugins.file("does-not-exist"));
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    WarningCapture warnings;

    keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
    EXPECT_EQ(plugins_registered_from(registry, plugins.path()), 0u);
    EXPECT_EQ(warnings.count_containing("does-not-exist"), 0);
}

// An action no plugin serves: the message names each directory searched
// and what it held, so a user sees where keyact looked.
TEST(SearchPath, NotFoundNamesTheDirectoriesSearched)
{
    TempDir plugins;
    TempDir empty;
    std::string missing = plugins.file("does-not-exist");
    PluginPath path(missing + ":" + empty.path());
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();

    keyact_registry_load_search_path(registry, KEYACT_LOAD_DEFAULT);
    KeyactBoundAction out;
    g_autoptr(GError) error = nullptr;
    if (keyact_registry_lookup(registry, "no-such-action", nullptr, &out, &error))
        FAIL() << "an action no plugin provides was found";
    ASSERT_NE(error, nullptr);
    std::string message = error->message;
    EXPECT_NE(message.find("searched " + missing + " (no such directory), " + empty.path()
                           + " (no *.so file), " + keyact_registry_default_plugin_dir() + " ("),
              std::string::npos)
        << message;

    // A registry that loaded by path only searched nothing, and says nothing of it.
    g_autoptr(KeyactRegistry) by_path = keyact_registry_new();
    g_autoptr(GError) plain = nullptr;
    EXPECT_FALSE(keyact_registry_lookup(by_path, "no-such-action", nullptr, &out, &plain));
    ASSERT_NE(plain, nullptr);
    EXPECT_EQ(std::string(plain->message).find("searched"), std::string::npos) << plain->message;
}

}  // namespace

namespace {

// A host's own plugin directory (keyact_registry_load_dir): every plugin
// in it, sorted, refusals warned and recorded; only full paths.
TEST(LoadDir, LoadsAHostsOwnDirectoryAndRefusesRelativePaths)
{
    TempDir plugins;
    plugins.copy_fixture("good", "a-good.so");
    std::string broken = plugins.copy_fixture("abi_major_2", "b-abi-major-2.so");
    plugins.copy_fixture("size_larger", "c-not-a-plugin.so.txt");

    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    {
        WarningCapture warnings;
        EXPECT_EQ(keyact_registry_load_dir(registry, (plugins.path() + "/./").c_str(),
                                           KEYACT_LOAD_DEFAULT),
                  1u);
        EXPECT_EQ(warnings.count_containing("b-abi-major-2.so"), 1);
    }
    EXPECT_TRUE(registered(registry, "org.keyact.test.echo.v1"));
    EXPECT_EQ(plugins_registered_from(registry, plugins.path()), 1u);
    ASSERT_EQ(keyact_registry_get_n_refused(registry), 1u);
    EXPECT_EQ(std::string(keyact_registry_get_refused(registry, 0, nullptr)), broken);

    {
        WarningCapture warnings;
        EXPECT_EQ(keyact_registry_load_dir(registry, "Res/plugins", KEYACT_LOAD_DEFAULT), 0u);
        EXPECT_EQ(warnings.count_containing("only full paths"), 1);
    }
    // A directory that is not there: nothing, and no warning.
    WarningCapture quiet;
    EXPECT_EQ(keyact_registry_load_dir(registry, (plugins.path() + "/none").c_str(),
                                       KEYACT_LOAD_DEFAULT),
              0u);
    EXPECT_TRUE(quiet.messages().empty());
}

}  // namespace
