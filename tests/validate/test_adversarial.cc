/* SPDX-License-Identifier: MIT */
// test_adversarial.cc - hosts written to make the validation layer fail:
// each lies in one way an engine integrator could, and each is run with
// validation off, on and fatal (tests/validate/README.md has the table):
//   - off is silent;
//   - on names the liar in its first report (both callbacks when the layer
//     cannot tell which of two answers is wrong), once per cause;
//   - the game is the same off and on (moves, events, draws, result);
//   - fatal fails the resolve with KEYACT_E_HOST and loses nothing: every
//     card in exile is in the result's stranded list or in the unsettled
//     list of keyact_bound_action_resolve_validated(), and every stranded
//     card is in exile.
#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "validate_support.h"

using namespace validate;

namespace {

struct Lie {
    const char *name;
    Wrong wrong;
    bool card_zone;       // a 1.2 table
    guint batched;        // FakeBatched bits (a 1.1 table)
    unsigned lands_above; // lands above Shock
    bool with_hit;        // false: lands_above lands and no Shock
    bool decline;         // the player puts Shock into hand
    const char *named;    // the first report names this ("a" or "a or b")
    // The answers the layer locates cards with (card_zone, or library_card
    // on a host without it) are the lie: they cannot check the unsettled list.
    bool locator_lies;
};

const guint kAll = FAKE_BATCHED_ALL;

const Lie kLies[] = {
    { "library_size_stale", Wrong::LibrarySizeStale, true, 0, 2, true, false, "library_size", false },
    { "library_size_one_high_no_hit", Wrong::LibrarySizeOneHigh, false, 0, 5, false, false,
      "library_size or library_card", false },
    { "library_size_one_high", Wrong::LibrarySizeOneHigh, true, 0, 2, true, false,
      "library_size or library_card", false },
    { "library_card_not_found", Wrong::LibraryCardNotFound, true, 0, 2, true, false,
      "library_card", false },
    { "library_card_stale_top", Wrong::LibraryCardStaleTop, true, 0, 2, true, false,
      "library_card", false },
    { "library_card_stale_top_1_0", Wrong::LibraryCardStaleTop, false, 0, 2, true, false,
      "move_card or library_card", true },
    { "library_card_foreign_1_0", Wrong::LibraryCardForeign, false, 0, 2, true, false,
      "library_card or move_card", false },
    { "library_card_foreign", Wrong::LibraryCardForeign, true, 0, 2, true, false,
      "library_card or card_zone", false },
    { "library_cards_duplicate", Wrong::LibraryCardsDuplicate, true, kAll, 2, true, false,
      "library_cards", false },
    { "library_cards_shifted", Wrong::LibraryCardsShifted, true, kAll, 2, true, false,
      "library_cards or library_card", false },
    { "move_to_hand_leaves_exile", Wrong::MoveToHandExiles, true, 0, 2, true, true,
      "move_card or card_zone", false },
    { "move_no_op_1_0", Wrong::MoveNoOp, false, 0, 2, true, false,
      "move_card or library_card", false },
    { "move_no_op", Wrong::MoveNoOp, true, 0, 2, true, false, "move_card", false },
    { "move_exile_to_hand", Wrong::MoveExileToHand, true, 0, 2, true, false,
      "move_card or card_zone", false },
    { "failed_move_moved", Wrong::MoveFailsAfterMoving, true, 0, 2, true, false,
      "move_card or card_zone", false },
    { "failed_move_moved_1_0", Wrong::MoveFailsAfterMoving, false, 0, 2, true, false,
      "move_card", false },
    { "bottom_on_top_1_0", Wrong::BottomOnTop, false, 0, 2, true, false,
      "move_card or library_card", false },
    { "describe_changes_on_stack", Wrong::DescribeByZone, true, 0, 2, true, false,
      "describe_card", false },
    { "describe_cards_dearer", Wrong::DescribeCardsDearer, true, kAll, 2, true, false,
      "describe_cards or describe_card", false },
    { "describe_bad_layout", Wrong::DescribeBadLayout, false, 0, 2, true, false,
      "describe_card", false },
    { "can_cast_counts_targets", Wrong::CanCastCountsTargets, true, 0, 2, true, false,
      "can_cast_face", false },
    { "choose_one_based", Wrong::ChooseOneBased, true, 0, 2, true, true, "choose", false },
    { "cast_done_nothing_cast", Wrong::CastDoneNotCast, true, 0, 2, true, false,
      "cast_free or card_zone", false },
    { "cast_failed_but_cast", Wrong::CastFailedButCast, true, 0, 2, true, false,
      "cast_free or card_zone", false },
    { "cast_free_answers_zero", Wrong::CastFreeAnswersZero, true, 0, 2, true, false,
      "cast_free", false },
    { "random_always_zero", Wrong::RandomAlwaysZero, true, 0, 30, true, false, "random_below", false },
    { "random_one_based", Wrong::RandomOneBased, true, 0, 30, true, false, "random_below", false },
    { "random_each_always_zero", Wrong::RandomAlwaysZero, true, kAll, 30, true, false,
      "random_below_each", false },
    { "apply_steps_short", Wrong::ApplyStepsShort, true, kAll, 2, true, false, "apply_steps", false },
    { "apply_steps_short_1_1", Wrong::ApplyStepsShort, false, kAll, 2, true, false,
      "apply_steps", false },
    { "apply_steps_over", Wrong::ApplyStepsOver, true, kAll, 2, true, false, "apply_steps", false },
    { "apply_steps_fail_after_all", Wrong::ApplyStepsFailAfterAll, true, kAll, 2, true, false,
      "apply_steps or card_zone", false },
    { "apply_steps_fail_after_all_1_1", Wrong::ApplyStepsFailAfterAll, false, kAll, 2, true,
      false, "apply_steps", false },
    { "apply_steps_fail_done_high", Wrong::ApplyStepsFailDoneHigh, true, kAll, 2, true, false,
      "apply_steps", false },
    { "apply_steps_fail_done_high_1_1", Wrong::ApplyStepsFailDoneHigh, false, kAll, 2, true,
      false, "apply_steps", false },
    { "apply_steps_skips_one", Wrong::ApplyStepsSkipsOne, true, kAll, 2, true, false,
      "apply_steps", false },
    { "apply_steps_fail_fewer", Wrong::ApplyStepsFailFewer, true, kAll, 2, true, false,
      "apply_steps", false },
    { "apply_steps_fail_fewer_1_1", Wrong::ApplyStepsFailFewer, false, kAll, 2, true, false,
      "apply_steps", false },
    { "card_zone_none", Wrong::CardZoneNone, true, 0, 2, true, false, "card_zone", true },
    { "card_zone_stale", Wrong::CardZoneStale, true, 0, 2, true, false, "card_zone", true },
};

// One run of a lie (LieRun): a fresh game, the wrong host around it, one resolve.
struct LieRun {
    Game game;
    WrongHost wrong;
    Validated v;
    FakeResolve res{};
    KeyactUnsettledCard unsettled[16]{};
    KeyactValidationResult validation{};

    LieRun(const Lie &lie, KeyactValidation mode)
        : game(lie.lands_above, 3, lie.card_zone, lie.batched, lie.with_hit),
          wrong(fake_host_table(game.host), lie.wrong), v(mode)
    {
        if (lie.decline)
            fake_host_set_chooser(game.host, FAKE_CHOOSE_HAND, 0, nullptr, nullptr);
        fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
        validation.struct_size = sizeof validation;
        validation.unsettled = unsettled;
        validation.unsettled_capacity = G_N_ELEMENTS(unsettled);
        res.status = keyact_bound_action_resolve_validated(&v.bound(), wrong.table(), &res.args,
                                                           &res.result, &validation);
    }

    std::string actions() const
    {
        g_autofree char *text = fake_host_format_actions(game.host);
        return text;
    }
};

class AdversarialTest : public ::testing::TestWithParam<Lie> {};

TEST_P(AdversarialTest, OffIsSilent)
{
    LieRun off(GetParam(), KEYACT_VALIDATION_OFF);
    EXPECT_TRUE(off.v.reports().empty()) << off.v.all();
    EXPECT_EQ(off.validation.n_reports, 0u);
    EXPECT_EQ(off.validation.unsettled_count, 0u);
}

TEST_P(AdversarialTest, OnNamesTheLiarAndPlaysTheSameGame)
{
    const Lie &lie = GetParam();
    LieRun off(lie, KEYACT_VALIDATION_OFF);
    LieRun on(lie, KEYACT_VALIDATION_REPORT);

    ASSERT_FALSE(on.v.reports().empty()) << lie.name << ": no report";
    const Report &first = on.v.reports().front();
    std::printf("%s: %s\n", lie.name, first.message.c_str());
    std::string named = lie.named;
    EXPECT_EQ(first.callback, named.substr(0, named.find(' '))) << on.v.all();
    std::string head = "host \"wrong host\": " + named;
    EXPECT_EQ(first.message.rfind(head, 0), 0u) << first.message;
    EXPECT_TRUE(first.message[head.size()] == ',' || first.message[head.size()] == ':')
        << first.message;
    if (named.find(" or ") != std::string::npos) {
        EXPECT_NE(first.message.find("one of the two is wrong"), std::string::npos)
            << first.message;
    }
    EXPECT_EQ(first.message.find('\n'), std::string::npos);
    EXPECT_EQ(on.validation.n_reports, on.v.reports().size());
    EXPECT_EQ(on.validation.skipped != nullptr, !lie.card_zone);
    // One cause, one report: what follows from the lie accuses no one else.
    EXPECT_EQ(on.v.reports().size(), 1u) << on.v.all();

    // The same game.
    EXPECT_EQ(off.res.status, on.res.status);
    EXPECT_EQ(off.actions(), on.actions());
    EXPECT_EQ(off.res.result.outcome, on.res.result.outcome);
    EXPECT_EQ(off.res.result.discovered, on.res.result.discovered);
    EXPECT_EQ(off.res.result.exiled_count, on.res.result.exiled_count);
    EXPECT_EQ(off.res.result.bottomed_count, on.res.result.bottomed_count);
    EXPECT_EQ(off.res.result.flags, on.res.result.flags);
    EXPECT_EQ(off.res.result.stranded_count, on.res.result.stranded_count);
}

TEST_P(AdversarialTest, FatalFailsAndLosesNothing)
{
    const Lie &lie = GetParam();
    LieRun fatal(lie, KEYACT_VALIDATION_FATAL);

    EXPECT_EQ(fatal.res.status, KEYACT_E_HOST) << fatal.v.all();
    ASSERT_FALSE(fatal.v.reports().empty());
    std::string named = lie.named;
    EXPECT_EQ(fatal.v.reports().front().callback, named.substr(0, named.find(' ')))
        << fatal.v.all();
    EXPECT_FALSE(fatal.res.result.flags & KEYACT_RESULT_COMPLETE && fatal.res.status == 0);

    ASSERT_LE(fatal.res.result.stranded_count, (uint32_t)FAKE_STRANDED_CAPACITY);
    ASSERT_LE(fatal.validation.unsettled_count, (guint)G_N_ELEMENTS(fatal.unsettled));
    std::set<keyact_card_id> stranded(fatal.res.stranded,
                                      fatal.res.stranded + fatal.res.result.stranded_count);
    std::set<keyact_card_id> unsettled;
    for (guint i = 0; i < fatal.validation.unsettled_count; i++) {
        const KeyactUnsettledCard &u = fatal.unsettled[i];
        unsettled.insert(u.card);
        FakeZone zone;
        guint position;
        if (u.zone != KEYACT_ZONE_NONE && !lie.locator_lies &&
            fake_host_locate(fatal.game.host, u.card, &zone, &position)) {
            EXPECT_EQ((uint32_t)zone, u.zone) << "unsettled card " << u.card;
        }
    }
    // Shown for the table of tests/validate/README.md.
    std::string listed = "stranded";
    for (keyact_card_id card : stranded)
        listed += " " + std::to_string(card);
    listed += "; unsettled";
    for (guint i = 0; i < fatal.validation.unsettled_count; i++)
        listed += " " + std::to_string(fatal.unsettled[i].card) + " (" +
                  (fatal.unsettled[i].zone == KEYACT_ZONE_NONE
                       ? std::string("zone unknown")
                       : std::string(fake_zone_name(FakeZone(fatal.unsettled[i].zone)))) + ")";
    std::printf("fatal %s: %s, %s\n", lie.name, keyact_status_name(fatal.res.status),
                listed.c_str());
    // Every stranded card is in exile; every card in exile is listed.
    for (keyact_card_id card : stranded) {
        FakeZone zone;
        guint position;
        ASSERT_TRUE(fake_host_locate(fatal.game.host, card, &zone, &position)) << card;
        EXPECT_EQ(zone, FAKE_ZONE_EXILE) << "stranded card " << card << " is in "
                                         << fake_zone_name(zone);
    }
    guint n_exile = 0;
    const keyact_card_id *exile = fake_host_zone(fatal.game.host, 1, FAKE_ZONE_EXILE, &n_exile);
    for (guint i = 0; i < n_exile; i++) {
        EXPECT_TRUE(stranded.count(exile[i]) || unsettled.count(exile[i]))
            << "card " << exile[i] << " is in exile and in no list; " << fatal.v.all();
    }
    // And every card of the library is still somewhere.
    for (keyact_card_id card : fatal.game.library) {
        FakeZone zone;
        guint position;
        EXPECT_TRUE(fake_host_locate(fatal.game.host, card, &zone, &position)) << card;
    }
}

INSTANTIATE_TEST_SUITE_P(Each, AdversarialTest, ::testing::ValuesIn(kLies),
                         [](const ::testing::TestParamInfo<Lie> &info) {
                             return std::string(info.param.name);
                         });

// The validation result of a right host: no report, nothing skipped on a
// 1.2 host, the skipped checks named on a 1.0 host, nothing unsettled.
TEST(ValidationResult, ARightHostGetsAnEmptyOne)
{
    for (bool card_zone : { true, false }) {
        Game game(2, 3, card_zone);
        Validated v(KEYACT_VALIDATION_FATAL);
        FakeResolve res;
        fake_resolve_prepare(&res, game.host, 1, 3, KEYACT_CARD_NONE);
        KeyactValidationResult validation{};
        validation.struct_size = sizeof validation;
        ASSERT_EQ(keyact_bound_action_resolve_validated(&v.bound(), fake_host_table(game.host),
                                                        &res.args, &res.result, &validation),
                  KEYACT_OK);
        EXPECT_EQ(validation.n_reports, 0u);
        EXPECT_EQ(validation.unsettled_count, 0u);
        if (card_zone) {
            EXPECT_EQ(validation.skipped, nullptr);
        } else {
            ASSERT_NE(validation.skipped, nullptr);
            EXPECT_NE(std::string(validation.skipped).find("no card_zone"), std::string::npos);
        }
    }
    KeyactValidationResult small{};
    small.struct_size = 4;
    EXPECT_EQ(keyact_bound_action_resolve_validated(nullptr, nullptr, nullptr, nullptr, &small),
              KEYACT_E_INVAL);
}

}  // namespace
