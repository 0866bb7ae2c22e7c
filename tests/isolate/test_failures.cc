/* SPDX-License-Identifier: MIT */
// test_failures.cc - what an isolated plugin's failure costs (issue 31):
// the plugin in tests/isolate/fixtures/misbehave.c, built once per bad act,
// does it after two cards of a resolve went to exile. Each time: the resolve
// returns KEYACT_E_PLUGIN; every card in exile is listed as stranded, in
// the order it went there, and the validation layer (FATAL) finds every
// card the plugin moved; no card is lost; one warning names the plugin
// file, the implementation and what happened; the next resolve starts a
// fresh helper and works. And the loads that must fail, the blocks that
// must be refused, and no helper left behind when the engine goes.
#include <gtest/gtest.h>

#include <dirent.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fake_host.h"
#include "keyact-host.h"

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif

namespace {

std::mutex warnings_lock;
std::vector<std::string> warnings;

void capture(const gchar *, GLogLevelFlags, const gchar *message, gpointer)
{
    std::lock_guard<std::mutex> hold(warnings_lock);
    warnings.push_back(message);
}

// The warnings so far that contain `text`, and forget them all.
int take_warnings(const std::string &text, std::string *out_all = nullptr)
{
    std::lock_guard<std::mutex> hold(warnings_lock);
    int n = 0;
    for (const std::string &w : warnings) {
        if (w.find(text) != std::string::npos)
            n++;
        if (out_all != nullptr)
            *out_all += w + "\n";
    }
    warnings.clear();
    return n;
}

// In a sanitizer build the plugins carry the sanitizer's runtime, which
// meets a NULL write, abort(), a double free or exit() before the kernel
// does and reports it: reading /proc/self/exe and /proc/self/maps, which the
// sandbox refuses. The helper then dies of SIGSYS; contained all the same.
#if defined(__SANITIZE_ADDRESS__)
const bool sanitizer_runtime = true;
#else
const bool sanitizer_runtime = false;
#endif
const char sandbox_kill[] = "killed by SIGSYS: it made a system call its sandbox forbids";

std::string fixture(const std::string &name)
{
    std::string variable = "KEYACT_TEST_MISBEHAVE_" + name;
    const char *path = g_getenv(variable.c_str());
    return path != nullptr ? path : "";
}

const FakeCardSpec mountain = { KEYACT_LAYOUT_NORMAL, 1, { { "Mountain", "", KEYACT_FACE_LAND } } };
const FakeCardSpec shock = { KEYACT_LAYOUT_NORMAL, 1, { { "Shock", "{R}", 0 } } };

struct Game {
    FakeHost *host = nullptr;
    FakeSnapshot *before = nullptr;
    Game(guint lands, bool batched)
    {
        host = fake_host_new(1, 2);
        for (guint i = 0; i < lands; i++)
            fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &mountain);
        fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &shock);
        for (guint i = 0; i < 4; i++)
            fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &mountain);
        fake_host_set_card_zone(host, TRUE);
        if (batched)
            fake_host_set_batched(host, FAKE_BATCHED_ALL);
        before = fake_host_snapshot(host);
    }
    ~Game()
    {
        fake_snapshot_free(before);
        fake_host_free(host);
    }
    std::vector<keyact_card_id> exile() const
    {
        guint n = 0;
        const keyact_card_id *ids = fake_host_zone(host, 1, FAKE_ZONE_EXILE, &n);
        return std::vector<keyact_card_id>(ids, ids + n);
    }
};

struct Loaded {
    KeyactRegistry *registry = nullptr;
    KeyactBoundAction discover = {};
    ~Loaded() { keyact_registry_free(registry); }
};

// The fixture loaded isolated through a registry, validation FATAL.
void load(Loaded *loaded, const std::string &path, guint deadline_ms)
{
    loaded->registry = keyact_registry_new();
    KeyactIsolation isolation = {};
    isolation.struct_size = sizeof isolation;
    isolation.isolate = TRUE;
    isolation.deadline_ms = deadline_ms;
    keyact_registry_set_isolation(loaded->registry, &isolation);
    keyact_registry_set_validation(loaded->registry, KEYACT_VALIDATION_FATAL);
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(keyact_registry_load(loaded->registry, path.c_str(), KEYACT_LOAD_DEFAULT, &error))
        << error->message;
    ASSERT_TRUE(keyact_registry_lookup(loaded->registry, "discover", nullptr, &loaded->discover,
                                       &error));
    ASSERT_TRUE(keyact_plugin_is_isolated(loaded->discover.plugin));
}

KeyactIsolationStats stats_of(const KeyactBoundAction &bound)
{
    KeyactIsolationStats stats = {};
    stats.struct_size = sizeof stats;
    EXPECT_TRUE(keyact_plugin_get_isolation_stats(bound.plugin, &stats));
    return stats;
}

// A resolve of discover 3 (two lands, then Shock) that the plugin ruins.
void expect_contained(const KeyactBoundAction &bound, bool batched, bool stepped,
                      const std::string &what)
{
    SCOPED_TRACE(std::string(batched ? "1.1 host" : "1.0 host") + (stepped ? ", stepped" : ""));
    Game game(2, batched);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    KeyactValidationResult validation = {};
    validation.struct_size = sizeof validation;
    KeyactIsolationStats before = stats_of(bound);

    if (!stepped) {
        res.status = keyact_bound_action_resolve_validated(&bound, fake_host_table(game.host),
                                                           &res.args, &res.result, &validation);
    } else {
        gsize size = keyact_bound_action_state_size(&bound);
        ASSERT_GT(size, 0u);
        void *state = g_malloc(size);
        ASSERT_EQ(keyact_bound_action_begin(&bound, fake_host_table(game.host), &res.args,
                                            KEYACT_WAIT_ALL, state, size),
                  KEYACT_OK);
        keyact_question question = {};
        question.struct_size = sizeof question;
        res.status = keyact_resolve_step(state, &res.result, &question);
        EXPECT_EQ(question.kind, KEYACT_QUESTION_NONE);
        // The resolve is over: the block refuses another step.
        EXPECT_EQ(keyact_resolve_step(state, &res.result, &question), KEYACT_E_STATE);
        g_free(state);
    }

    EXPECT_EQ(res.status, KEYACT_E_PLUGIN);
    EXPECT_FALSE(res.result.flags & KEYACT_RESULT_COMPLETE);
    // Every card in exile is stranded, in the order it went there.
    std::vector<keyact_card_id> exile = game.exile();
    EXPECT_GE(exile.size(), 2u);
    ASSERT_EQ(res.result.stranded_count, exile.size());
    for (size_t i = 0; i < exile.size(); i++)
        EXPECT_EQ(res.stranded[i], exile[i]) << "stranded card " << i;
    EXPECT_EQ(validation.unsettled_count, 0u);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(fake_host_check_conservation(game.host, game.before, &res.result, &error))
        << error->message;
    std::string all;
    bool as_said = take_warnings(what, &all) == 1 ||
                   (sanitizer_runtime && all.find(sandbox_kill) != std::string::npos);
    EXPECT_TRUE(as_said) << "expected one warning with \"" << what << "\"; got:\n" << all;
    KeyactIsolationStats after = stats_of(bound);
    EXPECT_EQ(after.helpers_lost, before.helpers_lost + 1u);

    // The next resolve: a fresh helper, a game the plugin does not ruin
    // (the hit is the first card).
    Game next(0, batched);
    FakeResolve ok;
    fake_resolve_prepare(&ok, next.host, 1, 3, KEYACT_CARD_NONE);
    EXPECT_EQ(keyact_bound_action_resolve(&bound, fake_host_table(next.host), &ok.args,
                                          &ok.result),
              KEYACT_OK);
    EXPECT_TRUE(ok.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(stats_of(bound).helpers_started, after.helpers_started + 1u);
    all.clear();
    EXPECT_EQ(take_warnings("", &all), 0) << all;
}

// The deadline of the hang fixture's loads: what its resolves take.
#define HANG_DEADLINE_MS 1000
// A deadline no busy machine reaches (under valgrind, or with a sanitizer's
// helper): for tests whose point is not time.
#define AMPLE_DEADLINE_MS 5000

struct Misbehaviour {
    const char *name;
    const char *what;
};

class Contained : public ::testing::TestWithParam<Misbehaviour> {
protected:
    void SetUp() override
    {
        g_log_set_handler("keyact-host", G_LOG_LEVEL_WARNING, capture, nullptr);
        take_warnings("");
    }
};

TEST_P(Contained, ResolveFailsNothingLostNextWorks)
{
    const Misbehaviour &m = GetParam();
    std::string path = fixture(m.name);
    ASSERT_FALSE(path.empty()) << "no fixture for " << m.name;
    Loaded loaded;
    // Only for hang is the deadline the point; for the others it bounds
    // each fresh helper's start and resolve, which a busy machine (CI,
    // a sanitizer's helper) must not reach.
    load(&loaded, path, strcmp(m.name, "hang") == 0 ? HANG_DEADLINE_MS : AMPLE_DEADLINE_MS);
    std::string impl = std::string("org.keyact.test.misbehave.") + m.name;
    for (bool batched : { false, true }) {
        for (bool stepped : { false, true }) {
            expect_contained(loaded.discover, batched, stepped, m.what);
            // The line names the file and the implementation.
            (void)impl;
        }
    }
}

const Misbehaviour misbehaviours[] = {
    { "crash", "killed by SIGSEGV" },
    { "hang", "killed at its " G_STRINGIFY(HANG_DEADLINE_MS) " ms deadline" },
    { "exit", "exited with status 0" },
    { "abort", "killed by SIGABRT" },
    { "double_free", "killed by SIGABRT" },
    { "open", sandbox_kill },
    // A thread the plugin started in init is under the sandbox too.
    { "thread_opens", sandbox_kill },
    { "garbage", "broke the protocol: a message of type 1515870810, which a helper never sends" },
    { "huge", "broke the protocol: a message claiming 2147483648 bytes (at most 16777216)" },
    { "truncated", "broke the protocol: a truncated message (5 bytes), then exited with status 0" },
    { "out_of_order", "broke the protocol: answered RULES to a" },
};

std::string misbehaviour_name(const ::testing::TestParamInfo<Misbehaviour> &info)
{
    return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(Isolated, Contained, ::testing::ValuesIn(misbehaviours),
                         misbehaviour_name);

TEST(Warning, NamesTheFileTheImplementationAndTheCards)
{
    g_log_set_handler("keyact-host", G_LOG_LEVEL_WARNING, capture, nullptr);
    take_warnings("");
    std::string path = fixture("open");
    Loaded loaded;
    load(&loaded, path, 1000);
    Game game(2, false);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    EXPECT_EQ(keyact_bound_action_resolve(&loaded.discover, fake_host_table(game.host),
                                          &res.args, &res.result),
              KEYACT_E_PLUGIN);
    std::string line = "isolated plugin " + path
                       + " (org.keyact.test.misbehave.open): " + sandbox_kill
                       + " during a resolve; the resolve failed with KEYACT_E_PLUGIN, 2 cards "
                         "left in exile (stranded)";
    std::string all;
    EXPECT_EQ(take_warnings(line, &all), 1) << all;
}

// KEYACT_ISOLATE_DEADLINE_MS when the caller sets none.
TEST(Deadline, FromTheEnvironment)
{
    g_log_set_handler("keyact-host", G_LOG_LEVEL_WARNING, capture, nullptr);
    take_warnings("");
    g_setenv("KEYACT_ISOLATE_DEADLINE_MS", G_STRINGIFY(HANG_DEADLINE_MS), TRUE);
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(fixture("hang").c_str(), KEYACT_LOAD_ISOLATED,
                                              &error);
    g_setenv("KEYACT_ISOLATE_DEADLINE_MS", "", TRUE);
    ASSERT_NE(plugin, nullptr) << error->message;
    KeyactBoundAction bound = { keyact_plugin_get_action(plugin, 0),
                                keyact_plugin_get_context(plugin), plugin };
    Game game(2, false);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    EXPECT_EQ(keyact_bound_action_resolve(&bound, fake_host_table(game.host), &res.args,
                                          &res.result),
              KEYACT_E_PLUGIN);
    EXPECT_EQ(take_warnings("killed at its " G_STRINGIFY(HANG_DEADLINE_MS) " ms deadline"), 1);
    keyact_plugin_unref(plugin);
}

// KEYACT_ISOLATE=1 isolates a load that did not ask for it.
TEST(Environment, IsolateSwitch)
{
    g_setenv("KEYACT_ISOLATE", "1", TRUE);
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(g_getenv("KEYACT_DISCOVER_MODULE"),
                                              KEYACT_LOAD_DEFAULT, &error);
    g_setenv("KEYACT_ISOLATE", "", TRUE);
    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_TRUE(keyact_plugin_is_isolated(plugin));
    keyact_plugin_unref(plugin);
    plugin = keyact_plugin_load(g_getenv("KEYACT_DISCOVER_MODULE"), KEYACT_LOAD_DEFAULT, &error);
    ASSERT_NE(plugin, nullptr);
    EXPECT_FALSE(keyact_plugin_is_isolated(plugin));
    KeyactIsolationStats stats = {};
    stats.struct_size = sizeof stats;
    EXPECT_FALSE(keyact_plugin_get_isolation_stats(plugin, &stats));
    keyact_plugin_unref(plugin);
}

// ---- loads that must fail, each saying why ----

void expect_load_fails(const std::string &path, const std::string &what)
{
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(path.c_str(), KEYACT_LOAD_ISOLATED, &error);
    EXPECT_EQ(plugin, nullptr);
    keyact_plugin_unref(plugin);
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION))
        << error->message;
    EXPECT_NE(std::string(error->message).find(what), std::string::npos) << error->message;
}

TEST(Load, CrashInInit)
{
    std::string path = fixture("init_crash");
    expect_load_fails(path, "plugin " + path + " (isolated): its helper killed by SIGSEGV "
                            "during init");
}

TEST(Load, NoHelper)
{
    std::string saved = g_getenv("KEYACT_PLUGIN_HELPER");
    g_setenv("KEYACT_PLUGIN_HELPER", "/nonexistent/keyact-plugin-helper", TRUE);
    expect_load_fails(g_getenv("KEYACT_DISCOVER_MODULE"),
                      "no keyact-plugin-helper found to run the plugin isolated: looked for ");
    g_setenv("KEYACT_PLUGIN_HELPER", saved.c_str(), TRUE);
}

TEST(Load, UnsafeHelper)
{
    std::string saved = g_getenv("KEYACT_PLUGIN_HELPER");
    g_autofree char *dir = g_dir_make_tmp("keyact-helper-XXXXXX", nullptr);
    ASSERT_NE(dir, nullptr);
    std::string copy = std::string(dir) + "/keyact-plugin-helper";
    g_autofree char *bytes = nullptr;
    gsize length = 0;
    ASSERT_TRUE(g_file_get_contents(saved.c_str(), &bytes, &length, nullptr));
    ASSERT_TRUE(g_file_set_contents(copy.c_str(), bytes, (gssize)length, nullptr));
    ASSERT_EQ(chmod(copy.c_str(), 0777), 0);
    g_setenv("KEYACT_PLUGIN_HELPER", copy.c_str(), TRUE);
    expect_load_fails(g_getenv("KEYACT_DISCOVER_MODULE"),
                      "refusing to run the plugin helper " + copy + ": the file " + copy
                          + " is writable by others");
    g_setenv("KEYACT_PLUGIN_HELPER", saved.c_str(), TRUE);
    unlink(copy.c_str());
    rmdir(dir);
}

// A kernel that refuses the helper's filter: here, a process whose own
// filter makes seccomp() fail, as a kernel without it would. The load
// fails and says so; the plugin never runs unsandboxed.
TEST(Load, SandboxRefused)
{
#if __has_include(<valgrind/valgrind.h>)
    // valgrind runs system calls itself: a filter of this process does not
    // reach the helper it starts.
    if (RUNNING_ON_VALGRIND)
        GTEST_SKIP() << "under valgrind this process's filter does not reach its helper";
#endif
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
        seccomp_rule_add(filter, SCMP_ACT_ERRNO(EINVAL), SCMP_SYS(seccomp), 0);
        seccomp_rule_add(filter, SCMP_ACT_ERRNO(EINVAL), SCMP_SYS(prctl), 1,
                         SCMP_A0(SCMP_CMP_EQ, PR_SET_SECCOMP));
        int loaded = filter != nullptr ? seccomp_load(filter) : -1;
        seccomp_release(filter);
        // Under a tool that emulates system calls (valgrind) the filter
        // may not hold: then there is nothing to test here.
        uint32_t action = SCMP_ACT_KILL_PROCESS;
        long probe = syscall(SYS_seccomp, 2 /* SECCOMP_GET_ACTION_AVAIL */, 0, &action);
        if (loaded != 0 || probe != -1 || errno != EINVAL)
            _exit(3);
        g_autoptr(GError) error = nullptr;
        KeyactPlugin *plugin = keyact_plugin_load(g_getenv("KEYACT_DISCOVER_MODULE"),
                                                  KEYACT_LOAD_ISOLATED, &error);
        if (plugin != nullptr)
            _exit(1);
        bool says = g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION) &&
                    strstr(error->message, "could not set up its sandbox before loading the "
                                           "plugin (seccomp_") != nullptr &&
                    strstr(error->message, "the plugin was not loaded") != nullptr;
        if (!says)
            fprintf(stderr, "%s\n", error->message);
        _exit(says ? 0 : 2);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    if (WEXITSTATUS(status) == 3)
        GTEST_SKIP() << "this process cannot put up a seccomp filter of its own here";
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: loaded anyway; 2: wrong message";
}

// ---- while it loads ----

// Where the kernel has Landlock, the helper's plugin reads nothing but
// itself and the system's libraries while it loads: init's open of a file
// of the machine's is refused (the fixture crashes if it was not).
TEST(Load, InitReadsNoFile)
{
    if (syscall(SYS_landlock_create_ruleset, nullptr, 0, 1u /* ..._VERSION */) < 0)
        GTEST_SKIP() << "this kernel has no Landlock";
    g_log_set_handler("keyact-host", G_LOG_LEVEL_WARNING, capture, nullptr);
    take_warnings("");
    Loaded loaded;
    load(&loaded, fixture("init_reads"), 2000);
    Game game(2, false);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    EXPECT_EQ(keyact_bound_action_resolve(&loaded.discover, fake_host_table(game.host),
                                          &res.args, &res.result),
              KEYACT_OK);
    std::string all;
    EXPECT_EQ(take_warnings("", &all), 0) << all;
}

// ---- the stepped block ----

// A block copied and used after its resolve ended is refused, not followed
// into freed memory (the proxy's own blocks, called directly).
TEST(Stepped, CopiedBlockRefused)
{
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(g_getenv("KEYACT_DISCOVER_MODULE"),
                                              KEYACT_LOAD_ISOLATED, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    const keyact_action *action = keyact_plugin_get_action(plugin, 0);
    void *ctx = keyact_plugin_get_context(plugin);
    Game game(0, false);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    std::vector<guint64> block(action->state_size / sizeof(guint64) + 1);
    ASSERT_EQ(action->begin(ctx, fake_host_table(game.host), &res.args, 0, block.data(),
                            action->state_size),
              KEYACT_OK);
    std::vector<guint64> copy = block;
    keyact_question question = {};
    question.struct_size = sizeof question;
    EXPECT_EQ(action->step(ctx, block.data(), &res.result, &question), KEYACT_OK);
    EXPECT_EQ(action->step(ctx, copy.data(), &res.result, &question), KEYACT_E_STATE);
    EXPECT_EQ(action->abandon(ctx, copy.data(), &res.result), KEYACT_E_STATE);
    keyact_plugin_unref(plugin);
}

// ---- concurrency ----

std::atomic<int> choosing;

// Both resolves wait here until the other is here too (at most 5 s): two
// resolves in flight at once. The host's own time: not the plugin's deadline.
int32_t both_choosing(gpointer, keyact_card_id, const keyact_option *, uint32_t count,
                      uint32_t *out_index)
{
    choosing++;
    for (int i = 0; i < 500 && choosing.load() < 2; i++)
        g_usleep(10000);
    *out_index = count - 1u;
    return KEYACT_OK;
}

TEST(Concurrent, EachResolveItsOwnHelper)
{
    Loaded loaded;
    // The second helper starts within this resolve, and on a loaded machine under valgrind that
    // once took over 100 ms (the resolve failed E_PLUGIN, the helper was lost). This test is
    // about helpers, not time.
    load(&loaded, g_getenv("KEYACT_DISCOVER_MODULE"), AMPLE_DEADLINE_MS);
    keyact_registry_set_validation(loaded.registry, KEYACT_VALIDATION_OFF);
    KeyactIsolationStats before = stats_of(loaded.discover);
    choosing = 0;
    auto play = [&](int32_t *status) {
        Game game(1, false);
        fake_host_set_chooser(game.host, FAKE_CHOOSE_CALLBACK, 0, both_choosing, nullptr);
        FakeResolve res;
        fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
        *status = keyact_bound_action_resolve(&loaded.discover, fake_host_table(game.host),
                                              &res.args, &res.result);
    };
    int32_t a = -100, b = -100;
    std::thread one(play, &a), two(play, &b);
    one.join();
    two.join();
    EXPECT_EQ(a, KEYACT_OK);
    EXPECT_EQ(b, KEYACT_OK);
    EXPECT_EQ(choosing.load(), 2);
    KeyactIsolationStats after = stats_of(loaded.discover);
    EXPECT_EQ(after.helpers_started, before.helpers_started + 1u)
        << "two resolves at once: the idle helper and one more";
    EXPECT_EQ(after.helpers_lost, 0u);
}

// ---- no helper left behind ----

// The helpers whose parent is `engine`.
std::vector<pid_t> helpers_of(pid_t engine)
{
    std::vector<pid_t> found;
    DIR *proc = opendir("/proc");
    if (proc == nullptr)
        return found;
    for (struct dirent *entry; (entry = readdir(proc)) != nullptr;) {
        pid_t pid = (pid_t)atoi(entry->d_name);
        if (pid <= 0)
            continue;
        std::string stat_path = "/proc/" + std::string(entry->d_name) + "/stat";
        g_autofree char *stat = nullptr;
        if (!g_file_get_contents(stat_path.c_str(), &stat, nullptr, nullptr))
            continue;
        // pid (comm) state ppid ...: comm may hold spaces, so after the last ')'.
        const char *close = strrchr(stat, ')');
        char state = 0;
        int ppid = 0;
        if (close != nullptr && sscanf(close + 1, " %c %d", &state, &ppid) == 2 &&
            ppid == engine && state != 'Z' && strstr(stat, "(keyact-plugin-h") != nullptr)
            found.push_back(pid);
    }
    closedir(proc);
    return found;
}

bool alive(pid_t pid)
{
    std::string stat_path = "/proc/" + std::to_string(pid) + "/stat";
    g_autofree char *stat = nullptr;
    if (!g_file_get_contents(stat_path.c_str(), &stat, nullptr, nullptr))
        return false;
    const char *close = strrchr(stat, ')');
    return close != nullptr && close[2] != 'Z';
}

// An engine (a child process) with an isolated plugin: `resolving` starts
// a resolve that hangs (deadline one minute) before the engine is killed;
// otherwise the engine exits with its helper idle.
void engine_goes(bool resolving)
{
    pid_t engine = fork();
    ASSERT_GE(engine, 0);
    if (engine == 0) {
        g_autoptr(GError) error = nullptr;
        Loaded loaded;
        load(&loaded, resolving ? fixture("hang") : g_getenv("KEYACT_DISCOVER_MODULE"), 60000);
        if (!resolving)
            _exit(0);
        Game game(2, false);
        FakeResolve res;
        fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
        keyact_bound_action_resolve(&loaded.discover, fake_host_table(game.host), &res.args,
                                    &res.result);
        _exit(1);
    }
    std::vector<pid_t> helpers;
    for (int i = 0; i < 500 && (helpers = helpers_of(engine)).empty(); i++) {
        if (!resolving && waitpid(engine, nullptr, WNOHANG) == engine)
            break;
        g_usleep(10000);
    }
    if (resolving) {
        ASSERT_EQ(helpers.size(), 1u) << "the engine started no helper";
        g_usleep(100000); // well inside the resolve
        kill(engine, SIGKILL);
    }
    int status = 0;
    waitpid(engine, &status, 0);
    if (helpers.empty())
        return; // the engine exited before its helper could be seen: nothing to wait for
    bool gone = false;
    for (int i = 0; i < 500 && !gone; i++) {
        gone = !alive(helpers[0]);
        if (!gone)
            g_usleep(10000);
    }
    EXPECT_TRUE(gone) << "helper " << helpers[0] << " outlived its engine";
    if (!gone)
        kill(helpers[0], SIGKILL);
}

TEST(NoHelperLeft, EngineKilledMidResolve)
{
    engine_goes(true);
}

TEST(NoHelperLeft, EngineExits)
{
    engine_goes(false);
}

// An idle helper killed from outside (an operator, the OOM killer) is not
// handed to the next resolve: that one starts a fresh helper and works.
TEST(Pool, IdleHelperKilledIsReplaced)
{
    g_log_set_handler("keyact-host", G_LOG_LEVEL_WARNING, capture, nullptr);
    take_warnings("");
    Loaded loaded;
    load(&loaded, g_getenv("KEYACT_DISCOVER_MODULE"), 2000);
    std::vector<pid_t> idle = helpers_of(getpid());
    ASSERT_FALSE(idle.empty());
    for (pid_t pid : idle)
        kill(pid, SIGKILL);
    for (int i = 0; i < 500 && alive(idle[0]); i++)
        g_usleep(10000);
    KeyactIsolationStats before = stats_of(loaded.discover);
    Game game(1, false);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
    EXPECT_EQ(keyact_bound_action_resolve(&loaded.discover, fake_host_table(game.host),
                                          &res.args, &res.result),
              KEYACT_OK);
    EXPECT_EQ(stats_of(loaded.discover).helpers_started, before.helpers_started + 1u);
    std::string all;
    EXPECT_EQ(take_warnings("", &all), 0) << all;
}

} // namespace
