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
