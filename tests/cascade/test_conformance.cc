/* SPDX-License-Identifier: MIT */
// test_conformance.cc - every cascade ruling in glue/conformance
// (kc_cascade_cases.c), through the loaded cascade plugin, with several
// seeds; and the table lookup `keyact check` uses.
#include <gtest/gtest.h>

#include <vector>

#include "cascade_support.h"

namespace {

std::vector<const KcCase *> cascade_cases()
{
    guint n = 0;
    const KcCase *cases = kc_cascade_cases(&n);
    std::vector<const KcCase *> out;
    for (guint i = 0; i < n; i++)
        out.push_back(&cases[i]);
    return out;
}

class CascadeRuling : public ::testing::TestWithParam<const KcCase *> {};

// Through libkeyact-host; the bottom order differs with the seed, the
// outcome must not.
TEST_P(CascadeRuling, MatchesExpectationAndConservesCards)
{
    const KcCase &c = *GetParam();
    SCOPED_TRACE(c.ruling);
    for (guint64 seed : {1u, 2u, 3u, 1000u}) {
        SCOPED_TRACE(seed);
        g_auto(KcGame) game = {};
        kc_game_init(&game, &c, seed);
        FakeResolve res;
        unit::resolve_with(unit::cascade(), game.host, KC_PLAYER, c.n, game.source, &res);
        EXPECT_EQ(unit::expectation_problem(c, game, res), "");
        EXPECT_EQ(unit::conservation_problem(game, res), "");
        EXPECT_EQ(fake_host_log_dropped(game.host), 0u);
    }
}

INSTANTIATE_TEST_SUITE_P(Cascade, CascadeRuling, ::testing::ValuesIn(cascade_cases()),
                         [](const ::testing::TestParamInfo<const KcCase *> &info) {
                             return std::string(info.param->name);
                         });

// kc_case_run is what `keyact check` runs for a cascade action.
TEST(CascadeConformanceRunner, EveryCasePassesThroughKcCaseRun)
{
    const KeyactBoundAction &bound = unit::cascade();
    for (const KcCase *c : cascade_cases()) {
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(kc_case_run(c, bound.action, bound.plugin_ctx, &error))
            << (error ? error->message : "");
    }
}

// The cascade table is no copy of discover's: the discover plugin fails
// it, first of all on the last event, and on outcomes where they differ.
TEST(CascadeConformanceRunner, DiscoverFailsTheCascadeCases)
{
    const KeyactBoundAction &discover = unit::discover();
    guint failed = 0;
    for (const KcCase *c : cascade_cases()) {
        g_autoptr(GError) error = nullptr;
        if (!kc_case_run(c, discover.action, discover.plugin_ctx, &error))
            failed++;
    }
    EXPECT_EQ(failed, cascade_cases().size());

    // With the last event set aside, the value-equal-to-N row still fails.
    KcCase equal = *kc_cascade_case_find("cascade_equal_to_n_is_not_a_hit");
    equal.expect.events = nullptr;
    equal.expect.last_event = KEYACT_EVENT_DISCOVERED;
    g_autoptr(GError) error = nullptr;
    ASSERT_FALSE(kc_case_run(&equal, discover.action, discover.plugin_ctx, &error));
    EXPECT_NE(std::string(error->message).find("discovered Geological Appraiser, expected Fireball"),
              std::string::npos)
        << error->message;
}

TEST(CascadeConformanceRunner, ReportsAMismatchWithItsReason)
{
    KcCase wrong = *kc_cascade_case_find("cascade_player_declines_bottom");
    wrong.expect.outcome = KEYACT_OUTCOME_HAND;
    const KeyactBoundAction &bound = unit::cascade();
    g_autoptr(GError) error = nullptr;
    ASSERT_FALSE(kc_case_run(&wrong, bound.action, bound.plugin_ctx, &error));
    EXPECT_NE(std::string(error->message).find("outcome KEYACT_OUTCOME_BOTTOM, expected KEYACT_OUTCOME_HAND"),
              std::string::npos)
        << error->message;
}

TEST(CasesForAction, EachActionItsOwnTable)
{
    guint n = 0, expected = 0;
    EXPECT_EQ(kc_cases_for_action("discover", &n), kc_cases(&expected));
    EXPECT_EQ(n, expected);
    EXPECT_EQ(kc_cases_for_action("cascade", &n), kc_cascade_cases(&expected));
    EXPECT_EQ(n, expected);
    n = 7;
    EXPECT_EQ(kc_cases_for_action("take_top", &n), nullptr);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(kc_cases_for_action(nullptr, &n), nullptr);
    EXPECT_EQ(kc_cascade_case_find("hit_at_n"), nullptr);  // a discover row
    EXPECT_NE(kc_cascade_case_find("cascade_hit_below_n"), nullptr);
}

// Every name is unique across both tables (keyact check reports by name).
TEST(CasesForAction, NamesAreUniqueAcrossTables)
{
    for (const KcCase *c : cascade_cases())
        EXPECT_EQ(kc_case_find(c->name), nullptr) << c->name;
}

}  // namespace
