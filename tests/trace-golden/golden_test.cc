/* SPDX-License-Identifier: MIT */
// golden_test.cc - the real Discover plugin, run through the call tracer on
// every conformance case, makes exactly the host calls recorded in
// tests/trace-golden/<case>.trace.
//
// The plugin is loaded by libkeyact-host; each case's game is set up in the
// fake host (kc_game_init, seeded as kc_case_run seeds it), wrapped by a
// KeyactTracer, resolved, checked against the case's expectation, and the
// formatted trace compared with the golden file. A mismatch prints a
// unified-style diff. KEYACT_UPDATE_GOLDEN=1 rewrites the files instead
// (then read each new trace before committing it: see README.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "conformance.h"
#include "fake_host.h"
#include "keyact-host.h"
#include "keyact-trace.h"

namespace {

std::vector<std::string> split_lines(const std::string &text)
{
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// A unified diff (3 lines of context) from the longest common subsequence
// of lines: '-' only in the golden file, '+' only in this run. Traces are a
// few dozen lines, so the quadratic table is nothing.
std::string unified_diff(const std::string &golden, const std::string &actual,
                         const std::string &name)
{
    std::vector<std::string> a = split_lines(golden), b = split_lines(actual);
    std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = a.size(); i-- > 0;)
        for (size_t j = b.size(); j-- > 0;)
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1
                                     : std::max(lcs[i + 1][j], lcs[i][j + 1]);

    struct Op {
        char kind;     // ' ', '-', '+'
        size_t a, b;   // line numbers (0-based) before this op
        std::string text;
    };
    std::vector<Op> ops;
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (i < a.size() && j < b.size() && a[i] == b[j]) {
            ops.push_back({ ' ', i, j, a[i] });
            i++;
            j++;
        } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
            ops.push_back({ '-', i, j, a[i] });
            i++;
        } else {
            ops.push_back({ '+', i, j, b[j] });
            j++;
        }
    }

    const size_t context = 3;
    std::string out = "--- " + name + " (golden)\n+++ " + name + " (this run)\n";
    size_t k = 0;
    while (k < ops.size()) {
        if (ops[k].kind == ' ') {
            k++;
            continue;
        }
        // A hunk: from `context` lines before this change to `context`
        // lines after the last change that is at most 2*context away.
        size_t first = k >= context ? k - context : 0;
        size_t last = k;
        for (size_t m = k; m < ops.size() && m <= last + 2 * context; m++)
            if (ops[m].kind != ' ')
                last = m;
        size_t end = std::min(ops.size(), last + context + 1);
        size_t a_len = 0, b_len = 0;
        for (size_t m = first; m < end; m++) {
            a_len += ops[m].kind != '+';
            b_len += ops[m].kind != '-';
        }
        out += "@@ -" + std::to_string(ops[first].a + 1) + "," + std::to_string(a_len) + " +"
               + std::to_string(ops[first].b + 1) + "," + std::to_string(b_len) + " @@\n";
        for (size_t m = first; m < end; m++)
            out += ops[m].kind + ops[m].text + "\n";
        k = end;
    }
    return out;
}

// <case>.trace for a 1.0 host, v1_1/<case>.trace for a 1.1 host (every
// batched call in its table).
std::string golden_path(const KcCase *c, bool v1_1)
{
    const char *dir = g_getenv("KEYACT_GOLDEN_DIR");
    return std::string(dir != nullptr ? dir : ".") + (v1_1 ? "/v1_1/" : "/") + c->name
           + ".trace";
}

bool updating()
{
    return g_strcmp0(g_getenv("KEYACT_UPDATE_GOLDEN"), "1") == 0;
}

// The plugin, loaded once for every case.
class GoldenTrace : public ::testing::TestWithParam<guint> {
protected:
    static void SetUpTestSuite()
    {
        const char *path = g_getenv("KEYACT_GOLDEN_PLUGIN");
        ASSERT_NE(path, nullptr) << "KEYACT_GOLDEN_PLUGIN is not set";
        g_autoptr(GError) error = nullptr;
        plugin_ = keyact_plugin_load(path, KEYACT_LOAD_DEFAULT, &error);
        ASSERT_NE(plugin_, nullptr) << error->message;
        for (guint i = 0; i < keyact_plugin_get_n_actions(plugin_); i++) {
            const keyact_action *action = keyact_plugin_get_action(plugin_, i);
            if (g_strcmp0(action->name, "discover") == 0)
                action_ = action;
        }
        ASSERT_NE(action_, nullptr) << "the plugin has no discover action";
    }

    static void TearDownTestSuite()
    {
        g_clear_pointer(&plugin_, keyact_plugin_unload);
        action_ = nullptr;
    }

    static KeyactPlugin *plugin_;
    static const keyact_action *action_;
};

KeyactPlugin *GoldenTrace::plugin_ = nullptr;
const keyact_action *GoldenTrace::action_ = nullptr;

// Resolve case `c` through the tracer on a 1.0 or a 1.1 fake host, check
// the run, and compare its trace with the golden file.
void check_case(const KcCase *c, bool v1_1, const keyact_action *action_, KeyactPlugin *plugin_)
{
    g_auto(KcGame) game;
    kc_game_init(&game, c, g_str_hash(c->name));
    if (v1_1)
        fake_host_set_batched(game.host, FAKE_BATCHED_ALL);
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactTracer) tracer = keyact_tracer_new(fake_host_table(game.host), &error);
    ASSERT_NE(tracer, nullptr) << error->message;

    FakeResolve res;
    fake_resolve_prepare(&res, game.host, KC_PLAYER, c->n, game.source);
    fake_host_reset_logs(game.host);
    res.status = action_->resolve(keyact_plugin_get_context(plugin_),
                                  keyact_tracer_get_host(tracer), &res.args, &res.result);

    // The traced run must itself be a correct one.
    ASSERT_TRUE(kc_case_check(c, &game, &res, &error)) << c->name << ": " << error->message;
    ASSERT_TRUE(fake_host_check_conservation(game.host, game.before, &res.result, &error))
        << c->name << ": " << error->message;

    g_autofree char *calls = keyact_tracer_format(tracer);
    std::string actual = std::string("# ") + c->name + ": " + c->ruling + "\n# discover "
                         + std::to_string(c->n) + "; one line per host call the plugin made"
                         + (v1_1 ? " on a 1.1 host (batched calls)" : "") + "\n" + calls;
    std::string path = golden_path(c, v1_1);

    if (updating()) {
        ASSERT_TRUE(g_file_set_contents(path.c_str(), actual.c_str(), -1, &error))
            << error->message;
        std::printf("wrote %s\n", path.c_str());
        return;
    }
    g_autofree char *golden = nullptr;
    ASSERT_TRUE(g_file_get_contents(path.c_str(), &golden, nullptr, &error))
        << error->message << "\n(run with KEYACT_UPDATE_GOLDEN=1 to record it)";
    if (actual != golden)
        ADD_FAILURE() << "the plugin's host calls differ from " << path << "\n"
                      << unified_diff(golden, actual, std::string(c->name) + ".trace")
                      << "(if the change is intended: KEYACT_UPDATE_GOLDEN=1, then read the "
                         "new trace before committing it)";
}

TEST_P(GoldenTrace, MatchesRecordedHostCalls)
{
    guint n_cases;
    check_case(&kc_cases(&n_cases)[GetParam()], false, action_, plugin_);
}

// ABI 1.1: the same cases on a host with every batched call.
TEST_P(GoldenTrace, MatchesRecordedHostCallsOnA1_1Host)
{
    guint n_cases;
    check_case(&kc_cases(&n_cases)[GetParam()], true, action_, plugin_);
}

std::string case_name(const ::testing::TestParamInfo<guint> &info)
{
    guint n_cases;
    return kc_cases(&n_cases)[info.param].name;
}

guint n_cases()
{
    guint n;
    kc_cases(&n);
    return n;
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenTrace, ::testing::Range(0u, n_cases()), case_name);

// Every golden file belongs to a case: a renamed or removed case must not
// leave a trace behind that nothing checks.
void expect_each_belongs_to_a_case(const std::string &dir)
{
    g_autoptr(GError) error = nullptr;
    g_autoptr(GDir) listing = g_dir_open(dir.c_str(), 0, &error);
    ASSERT_NE(listing, nullptr) << error->message;
    guint traces = 0;
    for (const char *file; (file = g_dir_read_name(listing)) != nullptr;) {
        if (!g_str_has_suffix(file, ".trace"))
            continue;
        traces++;
        std::string name(file, strlen(file) - strlen(".trace"));
        EXPECT_NE(kc_case_find(name.c_str()), nullptr) << file << " has no conformance case";
    }
    if (!updating()) {
        EXPECT_EQ(traces, n_cases()) << dir;
    }
}

TEST(GoldenFiles, EachBelongsToACase)
{
    const char *dir = g_getenv("KEYACT_GOLDEN_DIR");
    ASSERT_NE(dir, nullptr);
    expect_each_belongs_to_a_case(dir);
    expect_each_belongs_to_a_case(std::string(dir) + "/v1_1");
}

} // namespace
