/* SPDX-License-Identifier: MIT */
// test_layer.cc - the validation layer as a whole: silent on a right host
// (every conformance case on 1.0, 1.1 and 1.2 fake hosts), the same game with
// it on as off (the trace goldens, the moves, events and draws), FATAL, the
// environment, and the reports through GLib's log.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include <keyact-trace.h>

#include "conformance.h"
#include "validate_support.h"

using namespace validate;

namespace {


// The calls of fake_host_format_calls(), one word each.
bool has_token(const std::string &calls, const std::string &name)
{
    std::istringstream words(calls);
    std::string word;
    while (words >> word)
        if (word == name)
            return true;
    return false;
}

std::string without_token(const std::string &calls, const std::string &name)
{
    std::istringstream words(calls);
    std::string word, kept;
    while (words >> word)
        if (word != name)
            kept += (kept.empty() ? "" : " ") + word;
    return kept;
}

int32_t resolve_case(const KeyactBoundAction &bound, KcGame *game, const KcCase *c,
                     const keyact_host *table, FakeResolve *res)
{
    fake_resolve_prepare(res, game->host, KC_PLAYER, c->n, game->source);
    fake_host_reset_logs(game->host);
    res->status = keyact_bound_action_resolve(&bound, table, &res->args, &res->result);
    return res->status;
}

// The fake host answers out of range on purpose in some cases: those must
// be reported, under the faulty callback; every other case must be silent.
bool answers_out_of_range(const KcCase *c)
{
    return c->fault_nth != 0 && (c->fault == FAKE_FAULT_BAD_ANSWER || c->fault == FAKE_FAULT_BAD_COST);
}

void check_action(const char *module_env, const char *action)
{
    Validated off(KEYACT_VALIDATION_OFF, module_env, action);
    Validated on(KEYACT_VALIDATION_REPORT, module_env, action);
    guint n_cases = 0;
    const KcCase *cases = kc_cases_for_action(action, &n_cases);
    ASSERT_GT(n_cases, 0u);
    for (guint i = 0; i < n_cases; i++) {
        const KcCase *c = &cases[i];
        for (guint k = 0; k < KC_N_HOST_KINDS; k++) {
            KcHostKind kind = KcHostKind(k);
            SCOPED_TRACE(std::string(c->name) + " on a " + kc_host_kind_name(kind));
            g_auto(KcGame) plain = {}, checked = {};
            kc_game_init_on(&plain, c, g_str_hash(c->name), kind);
            kc_game_init_on(&checked, c, g_str_hash(c->name), kind);
            FakeResolve a, b;
            size_t before = on.reports().size();
            resolve_case(off.bound(), &plain, c, fake_host_table(plain.host), &a);
            resolve_case(on.bound(), &checked, c, fake_host_table(checked.host), &b);

            // The same game: status, result, moves, events and draws.
            EXPECT_EQ(a.status, b.status);
            EXPECT_EQ(a.result.outcome, b.result.outcome);
            EXPECT_EQ(a.result.discovered, b.result.discovered);
            EXPECT_EQ(a.result.exiled_count, b.result.exiled_count);
            EXPECT_EQ(a.result.bottomed_count, b.result.bottomed_count);
            EXPECT_EQ(a.result.flags, b.result.flags);
            EXPECT_EQ(a.result.stranded_count, b.result.stranded_count);
            g_autofree char *actions_a = fake_host_format_actions(plain.host);
            g_autofree char *actions_b = fake_host_format_actions(checked.host);
            EXPECT_STREQ(actions_a, actions_b);
            g_autofree char *calls_a = fake_host_format_calls(plain.host);
            g_autofree char *calls_b = fake_host_format_calls(checked.host);
            // The layer's own queries come after the plugin's calls, but for
            // its library_card reads at the ends of each library_cards window
            // (on a host with library_cards, where the plugin makes none).
            std::string plugin_calls = calls_a, layer_calls = calls_b;
            if (!has_token(plugin_calls, "library_card"))
                layer_calls = without_token(layer_calls, "library_card");
            EXPECT_EQ(layer_calls.rfind(plugin_calls, 0), 0u) << calls_b;
            g_autoptr(GError) error = nullptr;
            EXPECT_TRUE(kc_case_check(c, &checked, &b, &error)) << error->message;

            if (answers_out_of_range(c)) {
                ASSERT_GT(on.reports().size(), before) << "out-of-range answer not reported";
                EXPECT_EQ(on.reports()[before].callback, fake_call_kind_name(c->fault_kind))
                    << on.all();
            } else {
                EXPECT_EQ(on.reports().size(), before) << on.all();
            }
        }
    }
}

TEST(RightHosts, EveryDiscoverCaseIsSilentAndPlaysTheSame)
{
    check_action("KEYACT_DISCOVER_MODULE", "discover");
}

TEST(RightHosts, EveryCascadeCaseIsSilentAndPlaysTheSame)
{
    check_action("KEYACT_CASCADE_MODULE", "cascade");
}

// A long game on the fake host: a thousand resolves, the draws pass the
// uniformity check, nothing is reported.
TEST(RightHosts, ALongGameOfBottomsIsSilent)
{
    Validated v(KEYACT_VALIDATION_REPORT);
    for (int i = 0; i < 200; i++) {
        Game game(6, 2, i % 2 == 0, i % 3 == 0 ? FAKE_BATCHED_ALL : 0);
        fake_host_set_seed(game.host, (guint64)i);
        FakeResolve res;
        ASSERT_EQ(v.resolve(fake_host_table(game.host), &res, 3), KEYACT_OK);
    }
    EXPECT_TRUE(v.reports().empty()) << v.all();
}

// The golden traces (tests/trace-golden: <case>.trace for a 1.0 host,
// v1_1/<case>.trace for a 1.1 host) of every discover case, resolved with
// validation on through the tracer: the plugin's calls are line for line
// the golden file; after them come only the layer's own read-only queries
// (these hosts have no card_zone, like the goldens').
TEST(SameGame, TheTraceGoldensHoldWithValidationOn)
{
    const char *dir = g_getenv("KEYACT_GOLDEN_DIR");
    ASSERT_NE(dir, nullptr);
    Validated on(KEYACT_VALIDATION_REPORT);
    guint n_cases = 0;
    const KcCase *cases = kc_cases(&n_cases);
    for (guint i = 0; i < n_cases * 2; i++) {
        const KcCase *c = &cases[i % n_cases];
        bool v1_1 = i >= n_cases;
        SCOPED_TRACE(std::string(c->name) + (v1_1 ? " on a 1.1 host" : " on a 1.0 host"));
        g_autofree char *path = g_build_filename(dir, v1_1 ? "v1_1" : ".",
                                                 (std::string(c->name) + ".trace").c_str(),
                                                 nullptr);
        std::ifstream file(path);
        ASSERT_TRUE(file.good()) << path;
        std::string golden, line;
        while (std::getline(file, line))
            if (!line.empty() && line[0] != '#')
                golden += line + "\n";

        g_auto(KcGame) game = {};
        kc_game_init_on(&game, c, g_str_hash(c->name), v1_1 ? KC_HOST_1_1 : KC_HOST_1_0);
        g_autoptr(GError) error = nullptr;
        g_autoptr(KeyactTracer) tracer = keyact_tracer_new(fake_host_table(game.host), &error);
        ASSERT_NE(tracer, nullptr) << error->message;
        FakeResolve res;
        resolve_case(on.bound(), &game, c, keyact_tracer_get_host(tracer), &res);
        g_autofree char *traced = keyact_tracer_format(tracer);
        // The layer's library_card reads at the ends of each library_cards
        // window are its own (a 1.1 host's golden has no library_card).
        std::string calls;
        std::istringstream lines(traced);
        bool golden_reads = golden.find("library_card(") != std::string::npos;
        while (std::getline(lines, line))
            if (golden_reads || line.rfind("library_card(", 0) != 0 ||
                calls.size() >= golden.size())
                calls += line + "\n";
        ASSERT_EQ(calls.rfind(golden, 0), 0u) << "golden:\n" << golden << "traced:\n" << calls;
        std::istringstream rest(calls.substr(golden.size()));
        while (std::getline(rest, line)) {
            bool query = line.rfind("library_size(", 0) == 0 || line.rfind("library_card(", 0) == 0
                         || line.rfind("describe_card(", 0) == 0;
            EXPECT_TRUE(query) << "the layer made a call that is not a query: " << line;
        }
    }
}

// FATAL: the first violation fails the resolve with KEYACT_E_HOST, and
// nothing is lost: the plugin's failure path lists every card it left in
// exile, and the report says where the host put the one it got wrong.
TEST(Fatal, FailsTheResolveAndLosesNoCard)
{
    Game game(2, 3, true);
    WrongHost wrong(fake_host_table(game.host), Wrong::CastFailedButCast);
    Validated v(KEYACT_VALIDATION_FATAL);
    FakeResolve res;
    EXPECT_EQ(v.resolve(wrong.table(), &res, 3), KEYACT_E_HOST);

    ASSERT_EQ(v.reports().size(), 1u) << v.all();
    EXPECT_NE(v.reports()[0].rule.find(kCastFailedInExile), std::string::npos);
    EXPECT_NE(v.reports()[0].answer.find("the stack"), std::string::npos) << v.all();
    EXPECT_FALSE(res.result.flags & KEYACT_RESULT_COMPLETE);

    // Every card is in one zone; the lands exiled are in exile and stranded.
    FakeZone zone;
    guint position;
    for (keyact_card_id card : game.library)
        ASSERT_TRUE(fake_host_locate(game.host, card, &zone, &position));
    ASSERT_TRUE(fake_host_locate(game.host, game.hit, &zone, &position));
    EXPECT_EQ(zone, FAKE_ZONE_STACK);
    std::vector<keyact_card_id> stranded(res.stranded, res.stranded + res.result.stranded_count);
    for (int i = 0; i < 2; i++) {
        ASSERT_TRUE(fake_host_locate(game.host, game.library[(size_t)i], &zone, &position));
        EXPECT_EQ(zone, FAKE_ZONE_EXILE);
        EXPECT_NE(std::find(stranded.begin(), stranded.end(), game.library[(size_t)i]),
                  stranded.end());
    }
    guint in_library = 0;
    fake_host_zone(game.host, 1, FAKE_ZONE_LIBRARY, &in_library);
    EXPECT_EQ(in_library, 3u);
}

TEST(Fatal, ARightHostResolvesAsUsual)
{
    Game game(2, 3, true);
    Validated v(KEYACT_VALIDATION_FATAL);
    FakeResolve res;
    EXPECT_EQ(v.resolve(fake_host_table(game.host), &res, 3), KEYACT_OK);
    EXPECT_TRUE(v.reports().empty()) << v.all();
    EXPECT_EQ(res.result.outcome, KEYACT_OUTCOME_CAST);
}

// KEYACT_VALIDATE, read by keyact_registry_new().
TEST(Environment, KeyactValidateSetsTheMode)
{
    const struct {
        const char *value;
        KeyactValidation mode;
    } rows[] = {
        { nullptr, KEYACT_VALIDATION_OFF },   { "", KEYACT_VALIDATION_OFF },
        { "0", KEYACT_VALIDATION_OFF },       { "off", KEYACT_VALIDATION_OFF },
        { "1", KEYACT_VALIDATION_REPORT },    { "report", KEYACT_VALIDATION_REPORT },
        { "fatal", KEYACT_VALIDATION_FATAL },
    };
    for (const auto &row : rows) {
        if (row.value == nullptr)
            g_unsetenv("KEYACT_VALIDATE");
        else
            g_setenv("KEYACT_VALIDATE", row.value, TRUE);
        g_autoptr(KeyactRegistry) registry = keyact_registry_new();
        EXPECT_EQ(keyact_registry_get_validation(registry), row.mode)
            << (row.value ? row.value : "(unset)");
    }
    g_unsetenv("KEYACT_VALIDATE");
}

struct Captured {
    std::vector<std::string> warnings;
    std::vector<std::string> messages;
};

void capture(const char *, GLogLevelFlags level, const char *message, gpointer data)
{
    auto *c = static_cast<Captured *>(data);
    ((level & G_LOG_LEVEL_WARNING) ? c->warnings : c->messages).push_back(message);
}

// Without a handler, reports are warnings in domain keyact-validate; a host
// without card_zone is told once which checks are skipped.
TEST(Log, ReportsAreWarningsAndSkippedChecksAreSaidOnce)
{
    Captured captured;
    guint id = g_log_set_handler("keyact-validate",
                                 (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE),
                                 capture, &captured);
    g_setenv("KEYACT_VALIDATE", "1", TRUE);
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_unsetenv("KEYACT_VALIDATE");
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(keyact_registry_load(registry, g_getenv("KEYACT_DISCOVER_MODULE"),
                                     KEYACT_LOAD_ALLOW_UNSAFE, &error));
    KeyactBoundAction bound;
    ASSERT_TRUE(keyact_registry_lookup(registry, "discover", nullptr, &bound, &error));

    for (int i = 0; i < 2; i++) {
        Game game(2, 3, false);
        WrongHost wrong(fake_host_table(game.host), Wrong::BottomOnTop);
        FakeResolve res;
        fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
        keyact_bound_action_resolve(&bound, wrong.table(), &res.args, &res.result);
    }
    g_log_remove_handler("keyact-validate", id);

    ASSERT_EQ(captured.warnings.size(), 2u); // one per resolve
    EXPECT_NE(captured.warnings[0].find("rule: " + std::string(kEndZones)), std::string::npos)
        << captured.warnings[0];
    ASSERT_EQ(captured.messages.size(), 1u);
    EXPECT_NE(captured.messages[0].find("\"wrong host\" has no card_zone"), std::string::npos)
        << captured.messages[0];
}

TEST(Switch, OffAgainStopsReporting)
{
    Game game(2, 3, true);
    WrongHost wrong(fake_host_table(game.host), Wrong::CastDoneNotCast);
    Validated v(KEYACT_VALIDATION_REPORT);
    keyact_registry_set_validation(v.registry(), KEYACT_VALIDATION_OFF);
    EXPECT_EQ(keyact_registry_get_validation(v.registry()), KEYACT_VALIDATION_OFF);
    FakeResolve res;
    v.resolve(wrong.table(), &res, 3);
    EXPECT_TRUE(v.reports().empty()) << v.all();
}

}  // namespace
