/* SPDX-License-Identifier: MIT */
// host_test_support.h - shared helpers of the libkeyact-host tests.
#ifndef KEYACT_HOST_TEST_SUPPORT_H
#define KEYACT_HOST_TEST_SUPPORT_H

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <keyact-host.h>

namespace keyact_test {

// Full path of fixture `name` (e.g. "good"), from KEYACT_TEST_FIXTURE_<NAME>,
// which meson sets from each module's full_path().
std::string fixture_path(const std::string &name);

// A fresh private directory (mode 0700) removed with all its files at the end.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    const std::string &path() const { return path_; }
    std::string file(const std::string &name) const;

    // Copies fixture `name` into this directory as `file_name`, mode 0755.
    std::string copy_fixture(const std::string &name, const std::string &file_name);

private:
    std::string path_;
};

// While alive, points the fixtures' KEYACT_TEST_LIFECYCLE_LOG at a file, so
// the test can count init and deinit calls even after an unload.
class LifecycleLog {
public:
    LifecycleLog();
    ~LifecycleLog();
    LifecycleLog(const LifecycleLog &) = delete;
    LifecycleLog &operator=(const LifecycleLog &) = delete;

    // Lines "<event> <plugin path>" so far.
    std::vector<std::string> lines() const;
    // How many lines are "<event> <plugin_path>".
    int count(const std::string &event, const std::string &plugin_path) const;

private:
    TempDir dir_;
    std::string file_;
};

// While alive, collects the library's warnings (log domain "keyact-host")
// instead of printing them.
class WarningCapture {
public:
    WarningCapture();
    ~WarningCapture();
    WarningCapture(const WarningCapture &) = delete;
    WarningCapture &operator=(const WarningCapture &) = delete;

    const std::vector<std::string> &messages() const { return messages_; }
    // How many captured warnings contain `text`.
    int count_containing(const std::string &text) const;

private:
    static void handler(const char *domain, GLogLevelFlags level, const char *message,
                        gpointer self);
    std::vector<std::string> messages_;
    guint handler_id_;
};

// A failing load's error must be in KEYACT_HOST_ERROR with `code` and name
// the file; the plugin must be NULL.
void expect_refused(KeyactPlugin *plugin, const GError *error, KeyactHostError code,
                    const std::string &path);

bool contains(const char *haystack, const std::string &needle);

// A host table with its header filled (keyact_host_table_init) and no
// callbacks: all the echo fixtures need, since they call nothing.
keyact_host echo_host();

}  // namespace keyact_test

#endif  // KEYACT_HOST_TEST_SUPPORT_H
