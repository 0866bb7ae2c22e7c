/* SPDX-License-Identifier: MIT */
// test_scenarios.cc - the whole scenario suite (tests/scenarios: discover and
// cascade cases, the logs, the demo) through the reference host under
// `keyact run --validate` with KEYACT_VALIDATE=fatal and
// G_DEBUG=fatal-warnings: no report, and the same JSON document, log and
// exit status as without validation. The scenarios are found by listing
// the folders, so a new one is covered without a line here.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glib.h>

namespace {

std::string env(const char *name)
{
    const char *value = g_getenv(name);
    return value != nullptr ? value : "";
}

struct Run {
    std::string out, err;
    int status = -1;
};

Run run(const std::vector<std::string> &args, bool validate)
{
    std::vector<char *> argv;
    for (const std::string &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    g_auto(GStrv) envp = g_get_environ();
    envp = g_environ_unsetenv(envp, "KEYACT_VALIDATE");
    envp = g_environ_unsetenv(envp, "G_DEBUG");
    if (validate) {
        envp = g_environ_setenv(envp, "KEYACT_VALIDATE", "fatal", TRUE);
        envp = g_environ_setenv(envp, "G_DEBUG", "fatal-warnings", TRUE);
    }
    Run r;
    g_autofree char *out = nullptr;
    g_autofree char *err = nullptr;
    g_autoptr(GError) error = nullptr;
    if (!g_spawn_sync(nullptr, argv.data(), envp, G_SPAWN_DEFAULT, nullptr, nullptr, &out, &err,
                      &r.status, &error)) {
        ADD_FAILURE() << error->message;
        return r;
    }
    r.out = out;
    r.err = err;
    return r;
}

std::vector<std::string> scenarios()
{
    std::vector<std::string> found;
    std::string root = env("KEYACT_SCENARIO_DIR");
    for (const char *sub : { "cases", "log", "cascade/cases" }) {
        g_autofree char *dir = g_build_filename(root.c_str(), sub, nullptr);
        g_autoptr(GDir) listing = g_dir_open(dir, 0, nullptr);
        if (listing == nullptr)
            continue;
        std::vector<std::string> names;
        while (const char *name = g_dir_read_name(listing)) {
            if (g_str_has_suffix(name, ".json") && !g_str_has_suffix(name, ".expected.json"))
                names.push_back(std::string(dir) + "/" + name);
        }
        std::sort(names.begin(), names.end());
        found.insert(found.end(), names.begin(), names.end());
    }
    return found;
}

void expect_same_and_silent(const std::vector<std::string> &command)
{
    std::vector<std::string> validated = command;
    validated.insert(validated.begin() + 2, "--validate");
    Run plain = run(command, false);
    Run checked = run(validated, true);
    EXPECT_EQ(checked.status, plain.status) << checked.err;
    EXPECT_EQ(checked.out, plain.out);
    EXPECT_EQ(checked.err, plain.err) << "validation printed something";
}

TEST(Scenarios, EveryScenarioPlaysTheSameUnderValidationWithNoReport)
{
    std::vector<std::string> found = scenarios();
    ASSERT_GE(found.size(), 20u) << "KEYACT_SCENARIO_DIR=" << env("KEYACT_SCENARIO_DIR");
    for (const std::string &scenario : found) {
        SCOPED_TRACE(scenario);
        for (bool json : { true, false }) {
            std::vector<std::string> command = { env("KEYACT_CLI"), "run",
                                                 "--plugin", env("KEYACT_DISCOVER_MODULE"),
                                                 "--plugin", env("KEYACT_CASCADE_MODULE") };
            if (json)
                command.push_back("--json");
            command.push_back(scenario);
            expect_same_and_silent(command);
        }
    }
}

// The shared card pool (25,276 real cards, every layout as the card data
// gives it): its scenario plays the same, silently.
TEST(Scenarios, ThePoolScenarioPlaysTheSameUnderValidationWithNoReport)
{
    std::string pool = env("KEYACT_SHARED_POOL");
    if (!g_file_test(pool.c_str(), G_FILE_TEST_EXISTS))
        GTEST_SKIP() << "the shared card pool is absent (" << pool << ")";
    std::string scenario = env("KEYACT_SCENARIO_DIR") + "/pool/pool-half-mana-adventure.json";
    expect_same_and_silent({ env("KEYACT_CLI"), "run", "--plugin", env("KEYACT_DISCOVER_MODULE"),
                             "--json", "--cards", pool, scenario });
}

TEST(Scenarios, TheDemoPlaysTheSameUnderValidationWithNoReport)
{
    expect_same_and_silent({ env("KEYACT_CLI"), "demo", "--plugin",
                             env("KEYACT_DISCOVER_MODULE"), "--json" });
    expect_same_and_silent({ env("KEYACT_CLI"), "demo", "--plugin",
                             env("KEYACT_DISCOVER_MODULE") });
}

}  // namespace
