/* SPDX-License-Identifier: MIT */
// test_load.cpp - keyact_plugin_load: a good plugin, and every refusal.
//
// Fixtures are loaded from the build directory with KEYACT_LOAD_ALLOW_UNSAFE:
// its permissions depend on the umask, and the safety check has its own
// tests (test_safety.cpp).
#include <cstddef>
#include <cstring>
#include <ostream>

#include <glib/gstdio.h>

#include "host_test_support.h"

using keyact_test::contains;
using keyact_test::expect_refused;
using keyact_test::fixture_path;

namespace {

struct Refusal {
    GError *error = nullptr;  // before plugin: the load sets it
    KeyactPlugin *plugin = nullptr;

    explicit Refusal(const std::string &path)
        : plugin(keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error)) {}
    ~Refusal()
    {
        keyact_plugin_unload(plugin);
        g_clear_error(&error);
    }
    Refusal(const Refusal &) = delete;
    Refusal &operator=(const Refusal &) = delete;

    const char *message() const { return error != nullptr ? error->message : ""; }
};

TEST(PluginLoad, GoodPluginLoadsAndExposesItsEntry)
{
    std::string path = fixture_path("good");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);

    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_EQ(error, nullptr);
    EXPECT_STREQ(keyact_plugin_get_path(plugin), path.c_str());
    EXPECT_STREQ(keyact_plugin_get_entry(plugin)->plugin_id, "org.keyact.test.good");
    keyact_version version = keyact_plugin_get_version(plugin);
    EXPECT_EQ(version.major, 1u);
    EXPECT_EQ(version.minor, 0u);
    EXPECT_NE(keyact_plugin_get_context(plugin), nullptr);

    ASSERT_EQ(keyact_plugin_get_n_actions(plugin), 2u);
    EXPECT_STREQ(keyact_plugin_get_action(plugin, 0)->name, "echo");
    EXPECT_STREQ(keyact_plugin_get_action(plugin, 0)->impl_id, "org.keyact.test.echo.v1");
    EXPECT_STREQ(keyact_plugin_get_action(plugin, 1)->name, "mirror");
}

TEST(PluginLoad, ExtensionIsReturnedByIdAndUnknownIdsGiveNull)
{
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(fixture_path("good").c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;

    struct ext { uint32_t struct_size; uint32_t magic; };
    auto found = static_cast<const ext *>(
        keyact_plugin_get_extension(plugin, "org.keyact.test.fixture.v1"));
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->magic, 0x6b657961u);
    EXPECT_EQ(keyact_plugin_get_extension(plugin, "org.keyact.unknown.v1"), nullptr);

    // A plugin without get_extension has no extensions at all.
    g_autoptr(KeyactPlugin) plain = keyact_plugin_load(
        fixture_path("alternative").c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plain, nullptr) << error->message;
    EXPECT_EQ(keyact_plugin_get_extension(plain, "org.keyact.test.fixture.v1"), nullptr);
}

TEST(PluginLoad, LargerStructsFromANewerMinorLoad)
{
    std::string path = fixture_path("size_larger");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);

    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_GT(keyact_plugin_get_entry(plugin)->struct_size, sizeof(keyact_plugin_entry));
    EXPECT_EQ(keyact_plugin_get_entry(plugin)->abi_minor, 3u);
    keyact_version version = keyact_plugin_get_version(plugin);
    EXPECT_EQ(version.major, 1u);
    EXPECT_EQ(version.minor, 0u);
    ASSERT_EQ(keyact_plugin_get_n_actions(plugin), 1u);
    EXPECT_STREQ(keyact_plugin_get_action(plugin, 0)->impl_id, "org.keyact.test.echo.newer");
}

TEST(PluginLoad, NullPathIsInvalid)
{
    GError *error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(nullptr, KEYACT_LOAD_DEFAULT, &error);

    EXPECT_EQ(plugin, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);
}

TEST(PluginLoad, RelativePathIsRefusedEvenWhenTheFileExists)
{
    // A path relative to the directory the fixture is in, from there.
    std::string path = fixture_path("good");
    g_autofree char *dir = g_path_get_dirname(path.c_str());
    g_autofree char *base = g_path_get_basename(path.c_str());
    g_autofree char *old_cwd = g_get_current_dir();
    ASSERT_EQ(g_chdir(dir), 0);
    std::string relative = std::string("./") + base;
    ASSERT_TRUE(g_file_test(relative.c_str(), G_FILE_TEST_EXISTS));

    Refusal refusal(relative);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_INVALID, relative);
    EXPECT_TRUE(contains(refusal.message(), "relative"));

    Refusal bare(base);
    expect_refused(bare.plugin, bare.error, KEYACT_HOST_ERROR_INVALID, base);
    ASSERT_EQ(g_chdir(old_cwd), 0);
}

TEST(PluginLoad, MissingFileIsNotFound)
{
    keyact_test::TempDir dir;
    std::string path = dir.file("no-such-plugin.so");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_NOT_FOUND, path);

    // Without ALLOW_UNSAFE too: existence is checked first.
    GError *error = nullptr;
    EXPECT_EQ(keyact_plugin_load(path.c_str(), KEYACT_LOAD_DEFAULT, &error), nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    g_clear_error(&error);
}

TEST(PluginLoad, FileThatIsNoSharedObjectCannotBeOpened)
{
    keyact_test::TempDir dir;
    std::string path = dir.file("not-elf.so");
    ASSERT_TRUE(g_file_set_contents(path.c_str(), "just text\n", -1, nullptr));

    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_OPEN, path);
}

TEST(PluginLoad, NoEntrySymbol)
{
    std::string path = fixture_path("no_entry");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_NO_ENTRY, path);
    EXPECT_TRUE(contains(refusal.message(), KEYACT_PLUGIN_ENTRY_SYMBOL));
}

TEST(PluginLoad, EntryStructSizeZero)
{
    std::string path = fixture_path("size_zero");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_STRUCT_SIZE, path);
    // Says what it found and what it needs.
    EXPECT_TRUE(contains(refusal.message(), "struct_size 0"));
    EXPECT_TRUE(contains(refusal.message(), std::to_string(sizeof(keyact_plugin_entry))));
}

TEST(PluginLoad, EntrySmallerThanVersion1_0)
{
    std::string path = fixture_path("entry_too_small");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_STRUCT_SIZE, path);
    EXPECT_TRUE(contains(refusal.message(),
                         "struct_size " +
                             std::to_string(offsetof(keyact_plugin_entry, get_extension))));
}

TEST(PluginLoad, AbiMajor2)
{
    std::string path = fixture_path("abi_major_2");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_ABI_MAJOR, path);
    EXPECT_TRUE(contains(refusal.message(),
                         path + " was built for keyact ABI 2.0; this host speaks 1.4"))
        << refusal.message();
}

TEST(PluginLoad, NegotiateReturnsAnError)
{
    std::string path = fixture_path("negotiate_error");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_NEGOTIATE, path);
    // libkeyact-host offers every minor it speaks, newest first.
    EXPECT_TRUE(contains(refusal.message(), "offered (1.4, 1.3, 1.2, 1.1, 1.0)")) << refusal.message();
    EXPECT_TRUE(contains(refusal.message(), "built for ABI 1.4")) << refusal.message();
    EXPECT_TRUE(contains(refusal.message(), "KEYACT_E_VERSION")) << refusal.message();
}

TEST(PluginLoad, NegotiateAnswersAVersionThatWasNotOffered)
{
    std::string path = fixture_path("negotiate_lies");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_NEGOTIATE, path);
    EXPECT_TRUE(contains(refusal.message(), "answered 1.9, which was not offered"))
        << refusal.message();
}

TEST(PluginLoad, InitFailsAndDeinitIsNeverCalled)
{
    keyact_test::LifecycleLog log;
    std::string path = fixture_path("init_fails");
    {
        Refusal refusal(path);
        expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_INIT, path);
        EXPECT_TRUE(contains(refusal.message(), "KEYACT_E_NOMEM")) << refusal.message();
    }
    EXPECT_EQ(log.count("init-failed", path), 1);
    EXPECT_EQ(log.count("deinit", path), 0);
}

TEST(PluginLoad, RefusalsBeforeInitNeverCallInit)
{
    keyact_test::LifecycleLog log;
    for (const char *name : {"abi_major_2", "negotiate_error", "negotiate_lies",
                             "null_resolve", "action_too_small", "null_deinit"}) {
        std::string path = fixture_path(name);
        Refusal refusal(path);
        EXPECT_EQ(refusal.plugin, nullptr) << name;
        EXPECT_EQ(log.count("init", path), 0) << name;
    }
    EXPECT_TRUE(log.lines().empty());
}

TEST(PluginLoad, ActionWithoutResolve)
{
    std::string path = fixture_path("null_resolve");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_MISSING_MEMBER, path);
    EXPECT_TRUE(contains(refusal.message(), "action 1 (broken) has no resolve"))
        << refusal.message();
}

TEST(PluginLoad, ActionStructTooSmall)
{
    std::string path = fixture_path("action_too_small");
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, KEYACT_HOST_ERROR_STRUCT_SIZE, path);
    EXPECT_TRUE(contains(refusal.message(),
                         "action 0 has struct_size " +
                             std::to_string(offsetof(keyact_action, resolve))))
        << refusal.message();
}

struct DefectCase {
    const char *fixture;
    KeyactHostError code;
    const char *says;  // part of the message naming the member
};

// gtest prints parameters; without this it dumps the bytes, padding included.
void PrintTo(const DefectCase &defect, std::ostream *out)
{
    *out << defect.fixture;
}

class EntryDefect : public ::testing::TestWithParam<DefectCase> {};

TEST_P(EntryDefect, IsRefusedNamingTheMember)
{
    const DefectCase &defect = GetParam();
    std::string path = fixture_path(defect.fixture);
    Refusal refusal(path);
    expect_refused(refusal.plugin, refusal.error, defect.code, path);
    EXPECT_TRUE(contains(refusal.message(), defect.says)) << refusal.message();
}

INSTANTIATE_TEST_SUITE_P(
    PluginLoad, EntryDefect,
    ::testing::Values(
        DefectCase{"null_plugin_id", KEYACT_HOST_ERROR_MISSING_MEMBER, "no plugin_id"},
        DefectCase{"null_deinit", KEYACT_HOST_ERROR_MISSING_MEMBER, "no deinit"},
        DefectCase{"null_actions", KEYACT_HOST_ERROR_MISSING_MEMBER, "actions is NULL"},
        DefectCase{"too_many_actions", KEYACT_HOST_ERROR_STRUCT_SIZE, "action_count 5000"},
        DefectCase{"null_action", KEYACT_HOST_ERROR_MISSING_MEMBER, "action 1 is NULL"},
        DefectCase{"null_impl_id", KEYACT_HOST_ERROR_MISSING_MEMBER,
                   "action 1 (unnamed) has no impl_id"}),
    [](const ::testing::TestParamInfo<DefectCase> &info) {
        return std::string(info.param.fixture);
    });

TEST(PluginLoad, TheHostKeepsWorkingAfterEveryRefusal)
{
    // Load the good plugin after all refusals, in the same process.
    for (const char *name : {"no_entry", "size_zero", "abi_major_2", "negotiate_error",
                             "negotiate_lies", "init_fails", "null_resolve",
                             "action_too_small"}) {
        Refusal refusal(fixture_path(name));
        EXPECT_EQ(refusal.plugin, nullptr) << name;
    }
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(fixture_path("good").c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    EXPECT_NE(plugin, nullptr);
}

TEST(PluginUnload, DeinitRunsExactlyOnce)
{
    keyact_test::LifecycleLog log;
    std::string path = fixture_path("good");
    GError *error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_EQ(log.count("init", path), 1);
    EXPECT_EQ(log.count("deinit", path), 0);

    keyact_plugin_unload(plugin);
    EXPECT_EQ(log.count("init", path), 1);
    EXPECT_EQ(log.count("deinit", path), 1);

    keyact_plugin_unload(nullptr);  // ignored
    EXPECT_EQ(log.lines().size(), 2u);
}

TEST(HostVersions, SpeaksExactly1_4To1_0AndFillsTheHostTableHeader)
{
    guint n = 0;
    const keyact_version *versions = keyact_host_lib_versions(&n);
    ASSERT_EQ(n, 5u);
    // Newest first: a plugin picks the highest it knows.
    for (guint i = 0; i < n; i++) {
        EXPECT_EQ(versions[i].major, 1u);
        EXPECT_EQ(versions[i].minor, 4u - i);
    }

    // A source built against these headers (the macro: the caller's size).
    keyact_host host;
    std::memset(&host, 0xff, sizeof host);
    keyact_host_table_init(&host);
    EXPECT_EQ(host.struct_size, KEYACT_HOST_SIZE_1_2);
    EXPECT_EQ(host.struct_size, sizeof(keyact_host));
    EXPECT_EQ(host.abi_major, KEYACT_ABI_MAJOR);
    EXPECT_EQ(host.abi_minor, KEYACT_ABI_MINOR);
    EXPECT_EQ(host.reserved0, 0u);
    // Every member starts out NULL (since 1.4: a table that is a C++ member
    // or a local holds garbage, and an unset notify must read as absent).
    EXPECT_EQ(host.host_data, nullptr);
    EXPECT_EQ(host.host_name, nullptr);
    EXPECT_EQ(host.library_size, nullptr);
    EXPECT_EQ(host.notify, nullptr);
    EXPECT_EQ(host.log, nullptr);
    EXPECT_EQ(host.get_extension, nullptr);
    EXPECT_EQ(host.library_cards, nullptr);
    EXPECT_EQ(host.describe_cards, nullptr);
    EXPECT_EQ(host.apply_steps, nullptr);
    EXPECT_EQ(host.random_below_each, nullptr);
    EXPECT_EQ(host.card_zone, nullptr);
}

// The SONAME promise: a binary built against 1.1.0's headers calls the
// keyact_host_table_init symbol with a 1.0-sized struct. It must get a 1.0
// header and nothing written past that struct.
TEST(HostVersions, TheOldTableInitSymbolFillsA1_0TableOnly)
{
    alignas(keyact_host) unsigned char bytes[sizeof(keyact_host)];
    std::memset(bytes, 0xab, sizeof bytes);
    auto *host = reinterpret_cast<keyact_host *>(bytes);

    (keyact_host_table_init)(host);  // the function, not the macro
    EXPECT_EQ(host->struct_size, KEYACT_HOST_SIZE_1_0);
    EXPECT_EQ(host->abi_major, 1u);
    EXPECT_EQ(host->abi_minor, 0u);
    EXPECT_EQ(host->reserved0, 0u);
    for (size_t i = KEYACT_HOST_SIZE_1_0; i < sizeof bytes; i++)
        EXPECT_EQ(bytes[i], 0xab) << "byte " << i << " past a 1.0 table was written";
    // Its plugins see no 1.1 member.
    EXPECT_FALSE(KEYACT_HOST_HAS(host, library_cards));
}

TEST(HostVersions, TableInitSizedPicksTheLayoutThatFits)
{
    alignas(keyact_host) unsigned char bytes[sizeof(keyact_host) + 16];
    auto *host = reinterpret_cast<keyact_host *>(bytes);

    std::memset(bytes, 0xab, sizeof bytes);
    keyact_host_table_init_sized(host, KEYACT_HOST_SIZE_1_0);
    EXPECT_EQ(host->struct_size, KEYACT_HOST_SIZE_1_0);
    EXPECT_EQ(host->abi_minor, 0u);
    for (size_t i = KEYACT_HOST_SIZE_1_0; i < sizeof bytes; i++)
        EXPECT_EQ(bytes[i], 0xab) << i;

    // A 1.1 struct gets the 1.1 layout, its batched calls NULL.
    std::memset(bytes, 0xab, sizeof bytes);
    keyact_host_table_init_sized(host, KEYACT_HOST_SIZE_1_1);
    EXPECT_EQ(host->struct_size, KEYACT_HOST_SIZE_1_1);
    EXPECT_EQ(host->abi_minor, 1u);
    EXPECT_EQ(host->apply_steps, nullptr);
    for (size_t i = KEYACT_HOST_SIZE_1_1; i < sizeof bytes; i++)
        EXPECT_EQ(bytes[i], 0xab) << i;

    // A larger (newer) struct gets the newest layout this library knows.
    std::memset(bytes, 0xab, sizeof bytes);
    keyact_host_table_init_sized(host, sizeof bytes);
    EXPECT_EQ(host->struct_size, KEYACT_HOST_SIZE_1_2);
    EXPECT_EQ(host->abi_minor, 4u); // the 1.3 and 1.4 tables are the 1.2 layout
    EXPECT_EQ(host->apply_steps, nullptr);
    EXPECT_EQ(host->card_zone, nullptr);
    for (size_t i = KEYACT_HOST_SIZE_1_2; i < sizeof bytes; i++)
        EXPECT_EQ(bytes[i], 0xab) << i;
}

}  // namespace
