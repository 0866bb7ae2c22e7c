/* SPDX-License-Identifier: MIT */
// host_test_support.cpp - shared helpers of the libkeyact-host tests.
#include "host_test_support.h"

#include <cstdlib>
#include <cstring>
#include <fstream>

#include <glib/gstdio.h>
#include <sys/stat.h>

namespace keyact_test {

std::string fixture_path(const std::string &name)
{
    std::string variable = "KEYACT_TEST_FIXTURE_" + name;
    for (char &c : variable)
        c = g_ascii_toupper(c);

    const char *value = g_getenv(variable.c_str());
    if (value == nullptr || !g_path_is_absolute(value)) {
        ADD_FAILURE() << variable << " is not set to a full path; run this test through meson";
        return "/nonexistent/" + name;
    }
    return value;
}

TempDir::TempDir()
{
    g_autoptr(GError) error = nullptr;
    g_autofree char *made = g_dir_make_tmp("keyact-host-test-XXXXXX", &error);
    if (made == nullptr) {
        ADD_FAILURE() << "cannot make a temporary directory: " << error->message;
        return;
    }
    // Owner-only, whatever the umask: the safety check looks at it.
    g_chmod(made, 0700);
    path_ = made;
}

TempDir::~TempDir()
{
    if (path_.empty())
        return;
    // Only plain files and one level of subdirectories are ever made here.
    g_autoptr(GDir) dir = g_dir_open(path_.c_str(), 0, nullptr);
    const char *name;
    while (dir != nullptr && (name = g_dir_read_name(dir)) != nullptr) {
        std::string entry = file(name);
        if (g_file_test(entry.c_str(), G_FILE_TEST_IS_DIR) &&
            !g_file_test(entry.c_str(), G_FILE_TEST_IS_SYMLINK)) {
            g_autoptr(GDir) sub = g_dir_open(entry.c_str(), 0, nullptr);
            const char *sub_name;
            while (sub != nullptr && (sub_name = g_dir_read_name(sub)) != nullptr)
                g_remove((entry + "/" + sub_name).c_str());
            g_rmdir(entry.c_str());
        } else {
            g_remove(entry.c_str());
        }
    }
    g_rmdir(path_.c_str());
}

std::string TempDir::file(const std::string &name) const
{
    return path_ + "/" + name;
}

std::string TempDir::copy_fixture(const std::string &name, const std::string &file_name)
{
    std::string source = fixture_path(name);
    std::string target = file(file_name);
    g_autofree char *contents = nullptr;
    gsize length = 0;
    g_autoptr(GError) error = nullptr;

    if (!g_file_get_contents(source.c_str(), &contents, &length, &error) ||
        !g_file_set_contents_full(target.c_str(), contents, (gssize)length,
                                  G_FILE_SET_CONTENTS_NONE, 0755, &error)) {
        ADD_FAILURE() << "cannot copy " << source << " to " << target << ": "
                      << error->message;
        return target;
    }
    g_chmod(target.c_str(), 0755);
    return target;
}

LifecycleLog::LifecycleLog() : file_(dir_.file("lifecycle.log"))
{
    g_setenv("KEYACT_TEST_LIFECYCLE_LOG", file_.c_str(), TRUE);
}

LifecycleLog::~LifecycleLog()
{
    g_unsetenv("KEYACT_TEST_LIFECYCLE_LOG");
}

std::vector<std::string> LifecycleLog::lines() const
{
    std::vector<std::string> result;
    std::ifstream in(file_);
    std::string line;
    while (std::getline(in, line))
        result.push_back(line);
    return result;
}

int LifecycleLog::count(const std::string &event, const std::string &plugin_path) const
{
    int n = 0;
    for (const std::string &line : lines()) {
        if (line == event + " " + plugin_path)
            n++;
    }
    return n;
}

WarningCapture::WarningCapture()
{
    handler_id_ = g_log_set_handler("keyact-host",
                                    (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_FLAG_FATAL |
                                                     G_LOG_FLAG_RECURSION),
                                    &WarningCapture::handler, this);
}

WarningCapture::~WarningCapture()
{
    g_log_remove_handler("keyact-host", handler_id_);
}

void WarningCapture::handler(const char *, GLogLevelFlags, const char *message, gpointer self)
{
    static_cast<WarningCapture *>(self)->messages_.emplace_back(message);
}

int WarningCapture::count_containing(const std::string &text) const
{
    int n = 0;
    for (const std::string &message : messages_) {
        if (message.find(text) != std::string::npos)
            n++;
    }
    return n;
}

void expect_refused(KeyactPlugin *plugin, const GError *error, KeyactHostError code,
                    const std::string &path)
{
    EXPECT_EQ(plugin, nullptr);
    ASSERT_NE(error, nullptr) << "no error for " << path;
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, code))
        << "expected code " << code << ", got " << g_quark_to_string(error->domain) << " "
        << error->code << ": " << error->message;
    EXPECT_TRUE(contains(error->message, path)) << "message does not name the file: "
                                                << error->message;
}

bool contains(const char *haystack, const std::string &needle)
{
    return haystack != nullptr && std::strstr(haystack, needle.c_str()) != nullptr;
}

keyact_host echo_host()
{
    keyact_host host{};
    keyact_host_table_init(&host);
    return host;
}

}  // namespace keyact_test
