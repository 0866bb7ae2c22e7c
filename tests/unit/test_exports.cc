/* SPDX-License-Identifier: MIT */
// test_exports.cc - keyact-discover.so exports exactly keyact_plugin_entry.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit_support.h"

namespace {

// Defined dynamic symbols of `path`, by `nm -D --defined-only`.
std::vector<std::string> defined_dynamic_symbols(const std::string &path)
{
    std::string nm = unit::required_env("KEYACT_NM");
    const char *argv[] = {nm.c_str(), "-D", "--defined-only", path.c_str(), nullptr};
    g_autofree char *out = nullptr;
    g_autofree char *err = nullptr;
    int wait_status = 0;
    g_autoptr(GError) error = nullptr;
    if (!g_spawn_sync(nullptr, const_cast<char **>(argv), nullptr, G_SPAWN_DEFAULT, nullptr,
                      nullptr, &out, &err, &wait_status, &error)) {
        ADD_FAILURE() << "cannot run " << nm << ": " << error->message;
        return {};
    }
    if (!g_spawn_check_wait_status(wait_status, &error)) {
        ADD_FAILURE() << nm << " failed: " << error->message << "\n" << err;
        return {};
    }
    // Lines are "<value> <type> <name>".
    std::vector<std::string> names;
    g_auto(GStrv) lines = g_strsplit(out, "\n", -1);
    for (char **line = lines; *line != nullptr; line++) {
        g_auto(GStrv) fields = g_strsplit_set(g_strstrip(*line), " \t", -1);
        guint n = g_strv_length(fields);
        if (n >= 2)
            names.emplace_back(fields[n - 1]);
    }
    return names;
}

TEST(Exports, OnlyThePluginEntry)
{
    std::vector<std::string> names =
        defined_dynamic_symbols(unit::required_env("KEYACT_DISCOVER_MODULE"));
    ASSERT_EQ(names.size(), 1u) << "defined dynamic symbols: " << ::testing::PrintToString(names);
    EXPECT_EQ(names[0], KEYACT_PLUGIN_ENTRY_SYMBOL);
}

}  // namespace
