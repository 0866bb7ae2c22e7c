/* SPDX-License-Identifier: MIT */
// test_abi_refusals.cc - keyact_plugin_load refuses broken plugins with the
// right error, keeps running, and still loads good ones. (tests/host covers
// the host library in depth; these are the ABI entry checks.)
#include <gtest/gtest.h>

#include <string>

#include "unit_support.h"

namespace {

void expect_refused(const char *env, KeyactHostError code)
{
    std::string path = unit::required_env(env);
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    EXPECT_EQ(plugin, nullptr);
    keyact_plugin_unload(plugin);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, code))
        << "got code " << error->code << ": " << error->message;
    EXPECT_NE(std::string(error->message), "");
}

TEST(AbiRefusal, MissingEntrySymbol)
{
    expect_refused("KEYACT_UNIT_FIXTURE_NO_ENTRY", KEYACT_HOST_ERROR_NO_ENTRY);
}

TEST(AbiRefusal, WrongMajor)
{
    expect_refused("KEYACT_UNIT_FIXTURE_WRONG_MAJOR", KEYACT_HOST_ERROR_ABI_MAJOR);
}

TEST(AbiRefusal, EntryStructTooSmall)
{
    expect_refused("KEYACT_UNIT_FIXTURE_SMALL_STRUCT", KEYACT_HOST_ERROR_STRUCT_SIZE);
}

TEST(AbiRefusal, GoodFixtureStillLoadsAfterRefusals)
{
    expect_refused("KEYACT_UNIT_FIXTURE_WRONG_MAJOR", KEYACT_HOST_ERROR_ABI_MAJOR);
    std::string path = unit::required_env("KEYACT_UNIT_FIXTURE_GOOD");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    ASSERT_EQ(keyact_plugin_get_n_actions(plugin), 1u);
    EXPECT_STREQ(keyact_plugin_get_action(plugin, 0)->name, "unit-fixture-nothing");
    keyact_version version = keyact_plugin_get_version(plugin);
    EXPECT_EQ(version.major, KEYACT_ABI_MAJOR);
}

TEST(AbiRefusal, DiscoverPluginLoadsAndNegotiates)
{
    std::string path = unit::required_env("KEYACT_DISCOVER_MODULE");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactPlugin) plugin =
        keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(plugin);
    EXPECT_EQ(entry->abi_major, KEYACT_ABI_MAJOR);
    EXPECT_GE(entry->struct_size, sizeof(struct keyact_plugin_entry));
    keyact_version version = keyact_plugin_get_version(plugin);
    EXPECT_EQ(version.major, KEYACT_ABI_MAJOR);
    EXPECT_EQ(version.minor, KEYACT_ABI_MINOR);
    bool has_discover = false;
    for (guint i = 0; i < keyact_plugin_get_n_actions(plugin); i++)
        has_discover |= std::string(keyact_plugin_get_action(plugin, i)->name) == "discover";
    EXPECT_TRUE(has_discover);
    EXPECT_NE(keyact_plugin_get_extension(plugin, KEYACT_EXT_RULES), nullptr);
}

}  // namespace
