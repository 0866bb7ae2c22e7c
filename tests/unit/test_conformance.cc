/* SPDX-License-Identifier: MIT */
// test_conformance.cc - every ruling in glue/conformance, through the loaded plugin.
#include <gtest/gtest.h>

#include <vector>

#include "unit_support.h"

namespace {

std::vector<const KcCase *> all_cases()
{
    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    std::vector<const KcCase *> out;
    for (guint i = 0; i < n; i++)
        out.push_back(&cases[i]);
    return out;
}

class Ruling : public ::testing::TestWithParam<const KcCase *> {};

TEST_P(Ruling, MatchesExpectationAndConservesCards)
{
    const KcCase &c = *GetParam();
    SCOPED_TRACE(c.ruling);
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, g_str_hash(c.name));
    FakeResolve res;
    unit::resolve_case(&game, &c, &res);

    EXPECT_EQ(unit::expectation_problem(c, game, res), "");
    EXPECT_EQ(unit::conservation_problem(game, res), "");
    guint dropped = fake_host_log_dropped(game.host);
    EXPECT_EQ(dropped, 0u);
}

INSTANTIATE_TEST_SUITE_P(Discover, Ruling, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<const KcCase *> &info) {
                             return std::string(info.param->name);
                         });

// kc_case_run is what `keyact check` uses: it must agree with the above.
TEST(ConformanceRunner, EveryCasePassesThroughKcCaseRun)
{
    const KeyactBoundAction &bound = unit::discover();
    for (const KcCase *c : all_cases()) {
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(kc_case_run(c, bound.action, bound.plugin_ctx, &error))
            << (error ? error->message : "");
    }
}

// The runner speaks both ABI minors: a case's game is a 1.0 table or a 1.1
// table with the batched calls, the plugin uses them on the second, and the
// game is the same either way.
TEST(ConformanceRunner, RunsEachCaseOnA1_0A1_1AndA1_2Host)
{
    const KeyactBoundAction &bound = unit::discover();
    const KcCase &c = unit::find_case("above_n_is_exiled_and_bottomed");
    // Plain pointers: g_autofree on an array frees only its first element.
    char *actions[KC_N_HOST_KINDS] = {};
    guint calls[KC_N_HOST_KINDS] = {};
    for (guint k = 0; k < KC_N_HOST_KINDS; k++) {
        KcHostKind kind = KcHostKind(k);
        SCOPED_TRACE(kc_host_kind_name(kind));
        g_auto(KcGame) game = {};
        kc_game_init_on(&game, &c, g_str_hash(c.name), kind);
        EXPECT_EQ(fake_host_table(game.host)->struct_size,
                  kind == KC_HOST_1_2   ? KEYACT_HOST_SIZE_1_2
                  : kind == KC_HOST_1_1 ? KEYACT_HOST_SIZE_1_1
                                        : KEYACT_HOST_SIZE_1_0);
        FakeResolve res;
        kc_game_resolve(&game, &c, bound.action, bound.plugin_ctx, &res);
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(kc_case_check(&c, &game, &res, &error)) << (error ? error->message : "");
        // Moves and events in one order, draws in their own: the batched
        // path may draw the bottom order before it delivers the CAST event
        // it holds, which no host can tell from the game.
        g_autofree char *all = fake_host_format_actions(game.host);
        g_auto(GStrv) lines = g_strsplit(all, "\n", -1);
        GString *moves_then_draws = g_string_new(nullptr), *draws = g_string_new(nullptr);
        for (guint i = 0; lines[i] != nullptr; i++)
            g_string_append_printf(g_str_has_prefix(lines[i], "draw ") ? draws : moves_then_draws,
                                   "%s\n", lines[i]);
        g_string_append(moves_then_draws, draws->str);
        g_string_free(draws, TRUE);
        actions[k] = g_string_free(moves_then_draws, FALSE);
        calls[k] = fake_host_total_calls(game.host);
        guint batched = fake_host_call_count(game.host, FAKE_CALL_LIBRARY_CARDS)
                        + fake_host_call_count(game.host, FAKE_CALL_APPLY_STEPS);
        EXPECT_EQ(batched > 0, kind != KC_HOST_1_0);
        EXPECT_EQ(fake_host_call_count(game.host, FAKE_CALL_LIBRARY_CARD) > 0,
                  kind == KC_HOST_1_0);

        g_autoptr(GError) run_error = nullptr;
        EXPECT_TRUE(kc_case_run_on(&c, kind, bound.action, bound.plugin_ctx, &run_error))
            << (run_error ? run_error->message : "");
    }
    EXPECT_STREQ(actions[KC_HOST_1_1], actions[KC_HOST_1_0]);
    EXPECT_STREQ(actions[KC_HOST_1_2], actions[KC_HOST_1_1]);
    EXPECT_EQ(calls[KC_HOST_1_2], calls[KC_HOST_1_1]); // card_zone is never called
    for (char *text : actions)
        g_free(text);
    EXPECT_LT(calls[KC_HOST_1_1], calls[KC_HOST_1_0]);
    EXPECT_STREQ(kc_host_kind_name(KC_HOST_1_0), "1.0 host");
    EXPECT_STREQ(kc_host_kind_name(KC_HOST_1_1), "1.1 host");
    EXPECT_STREQ(kc_host_kind_name(KC_HOST_1_2), "1.2 host");
}

// The runner must also say "fail" with a reason: a wrong expectation fails.
TEST(ConformanceRunner, ReportsAMismatchWithItsReason)
{
    KcCase wrong = unit::find_case("hit_at_n");
    wrong.expect.mana_value_halves = 6;
    const KeyactBoundAction &bound = unit::discover();
    g_autoptr(GError) error = nullptr;
    ASSERT_FALSE(kc_case_run(&wrong, bound.action, bound.plugin_ctx, &error));
    ASSERT_NE(error, nullptr);
    EXPECT_NE(std::string(error->message).find("hit_at_n"), std::string::npos) << error->message;
    EXPECT_NE(std::string(error->message).find("mana value 4, expected 3"), std::string::npos)
        << error->message;
}

TEST(ConformanceTable, CoversEveryLayout)
{
    bool seen[KEYACT_LAYOUT_COUNT] = {};
    for (const KcCase *c : all_cases())
        for (guint i = 0; i < KC_MAX_LIBRARY && c->library[i] != nullptr; i++)
            seen[c->library[i]->layout] = true;
    for (uint32_t layout = 0; layout < KEYACT_LAYOUT_COUNT; layout++)
        EXPECT_TRUE(seen[layout]) << "no case has a card of layout " << layout;
}

}  // namespace
