/* SPDX-License-Identifier: MIT */
// test_wrong_hosts.cc - each check of the validation layer, provoked by a
// host that gets one thing wrong, and named correctly: the callback, the
// card (id and name) and the rule.
#include <cstdio>

#include <gtest/gtest.h>

#include "validate_support.h"

using namespace validate;

namespace {

struct WrongCase {
    const char *name;
    Wrong wrong;
    bool card_zone;       // the fake host offers card_zone (a 1.2 table)
    guint batched;        // FakeBatched bits
    unsigned lands_above; // lands above Shock
    bool decline;         // the player puts Shock into hand instead of casting it
    const char *rule;     // the rule the first report names
    const char *callback; // the callback it names
    int card;             // -1: no card; -2: Shock (the hit); else library index of the card
};

const WrongCase kCases[] = {
    { "library_size_stale", Wrong::LibrarySizeStale, true, 0, 2, false, kLibrarySize,
      "library_size", -1 },
    { "library_card_not_found", Wrong::LibraryCardNotFound, true, 0, 2, false,
      kLibraryCardRange, "library_card", -1 },
    { "library_card_stale_top", Wrong::LibraryCardStaleTop, true, 0, 2, false, kLibraryAgrees,
      "library_card", 0 },
    { "library_cards_duplicate", Wrong::LibraryCardsDuplicate, true, FAKE_BATCHED_ALL, 2, false,
      kLibraryAgrees, "library_cards", 0 },
    { "move_to_hand_leaves_exile", Wrong::MoveToHandExiles, true, 0, 2, true, kMoveDestination,
      "move_card", -2 },
    { "failed_move_moved", Wrong::MoveFailsAfterMoving, true, 0, 2, false, kMoveFailedStays,
      "move_card", -3 },
    { "bottom_on_top_1_0_host", Wrong::BottomOnTop, false, 0, 2, false, kEndZones,
      "move_card", -3 },
    { "describe_changes_on_stack", Wrong::DescribeByZone, true, 0, 2, false, kDescribeStable,
      "describe_card", -2 },
    { "cast_done_nothing_cast", Wrong::CastDoneNotCast, true, 0, 2, false, kCastDoneOnStack,
      "cast_free", -2 },
    { "cast_failed_but_cast", Wrong::CastFailedButCast, true, 0, 2, false, kCastFailedInExile,
      "cast_free", -2 },
    { "random_always_zero", Wrong::RandomAlwaysZero, true, 0, 30, false, kRandomUniform,
      "random_below", -1 },
    { "random_each_always_zero", Wrong::RandomAlwaysZero, true, FAKE_BATCHED_ALL, 30, false,
      kRandomUniform, "random_below_each", -1 },
    { "apply_steps_short", Wrong::ApplyStepsShort, true, FAKE_BATCHED_ALL, 2, false,
      kApplyStepsDone, "apply_steps", -1 },
};

class WrongHostTest : public ::testing::TestWithParam<WrongCase> {};

TEST_P(WrongHostTest, FirstReportNamesTheRuleTheCallbackAndTheCard)
{
    const WrongCase &c = GetParam();
    Game game(c.lands_above, 3, c.card_zone, c.batched);
    if (c.decline)
        fake_host_set_chooser(game.host, FAKE_CHOOSE_HAND, 0, nullptr, nullptr);
    WrongHost wrong(fake_host_table(game.host), c.wrong);
    Validated v(KEYACT_VALIDATION_REPORT);

    FakeResolve res;
    v.resolve(wrong.table(), &res, 3);

    ASSERT_FALSE(v.reports().empty()) << c.name << ": no report";
    const Report &first = v.reports().front();
    // Shown as an integrator would read it.
    std::printf("%s: %s\n", c.name, first.message.c_str());
    EXPECT_NE(first.rule.find(c.rule), std::string::npos) << v.all();
    EXPECT_EQ(first.callback, c.callback) << v.all();
    EXPECT_EQ(first.host, wrong.table()) << "the handler gets the table the resolve was given";
    if (c.card == -1) {
        EXPECT_EQ(first.card, KEYACT_CARD_NONE) << v.all();
    } else if (c.card == -2) {
        EXPECT_EQ(first.card, game.hit) << v.all();
        EXPECT_EQ(first.card_name, "Shock") << v.all();
        EXPECT_NE(first.message.find("card " + std::to_string(game.hit) + " \"Shock\""),
                  std::string::npos) << first.message;
    } else if (c.card == -3) {
        // One of the lands above Shock (which one the random order decides).
        EXPECT_TRUE(first.card == game.library[0] || first.card == game.library[1]) << v.all();
        EXPECT_EQ(first.card_name, "Forest") << v.all();
    } else {
        EXPECT_EQ(first.card, game.library[(size_t)c.card]) << v.all();
    }
    // One line naming the host, the callback and the rule.
    EXPECT_EQ(first.message.find('\n'), std::string::npos);
    EXPECT_EQ(first.message.rfind("host \"wrong host\": " + first.callback, 0), 0u)
        << first.message;
    EXPECT_NE(first.message.find("rule: " + first.rule), std::string::npos) << first.message;
    // Each violation once: no two reports alike.
    for (size_t i = 0; i < v.reports().size(); i++)
        for (size_t j = 0; j < i; j++)
            EXPECT_NE(v.reports()[i].message, v.reports()[j].message);
}

INSTANTIATE_TEST_SUITE_P(Each, WrongHostTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<WrongCase> &info) {
                             return std::string(info.param.name);
                         });

// The out-of-range answers, through the fake host's own fault injection.
struct BadAnswer {
    const char *name;
    FakeCallKind kind;
    FakeFault fault;
    guint batched;
    const char *rule;
    bool about_shock;
};

const BadAnswer kBadAnswers[] = {
    { "describe_no_faces", FAKE_CALL_DESCRIBE_CARD, FAKE_FAULT_BAD_ANSWER, 0, kDescribeValid,
      false },
    { "describe_bad_cost", FAKE_CALL_DESCRIBE_CARD, FAKE_FAULT_BAD_COST, 0, kDescribeCost, false },
    { "can_cast_face_7", FAKE_CALL_CAN_CAST_FACE, FAKE_FAULT_BAD_ANSWER, 0, kCanCastRange, true },
    { "cast_free_0x7f", FAKE_CALL_CAST_FREE, FAKE_FAULT_BAD_ANSWER, 0, kCastFreeRange, true },
    { "random_below_bound", FAKE_CALL_RANDOM_BELOW, FAKE_FAULT_BAD_ANSWER, 0, kRandomRange,
      false },
    { "library_cards_none", FAKE_CALL_LIBRARY_CARDS, FAKE_FAULT_BAD_ANSWER, FAKE_BATCHED_ALL,
      kLibraryCardRange, false },
    { "random_below_each_bound", FAKE_CALL_RANDOM_BELOW_EACH, FAKE_FAULT_BAD_ANSWER,
      FAKE_BATCHED_ALL, kRandomRange, false },
};

class BadAnswerTest : public ::testing::TestWithParam<BadAnswer> {};

TEST_P(BadAnswerTest, IsReportedUnderItsCallback)
{
    const BadAnswer &c = GetParam();
    Game game(2, 3, true, c.batched);
    fake_host_inject(game.host, c.kind, 1, c.fault, 0);
    Validated v(KEYACT_VALIDATION_REPORT);

    FakeResolve res;
    v.resolve(fake_host_table(game.host), &res, 3);

    ASSERT_TRUE(fake_host_fault_fired(game.host));
    ASSERT_FALSE(v.reports().empty()) << c.name;
    const Report &first = v.reports().front();
    EXPECT_EQ(first.callback, fake_call_kind_name(c.kind)) << v.all();
    EXPECT_NE(first.rule.find(c.rule), std::string::npos) << v.all();
    if (c.about_shock) {
        EXPECT_EQ(first.card, game.hit) << v.all();
    }
}

INSTANTIATE_TEST_SUITE_P(Each, BadAnswerTest, ::testing::ValuesIn(kBadAnswers),
                         [](const ::testing::TestParamInfo<BadAnswer> &info) {
                             return std::string(info.param.name);
                         });

// choose out of range: the plugin asks only when a face is castable.
TEST(BadAnswer, ChooseIndexPastTheOptions)
{
    Game game(1, 1, true);
    fake_host_inject(game.host, FAKE_CALL_CHOOSE, 1, FAKE_FAULT_BAD_ANSWER, 0);
    Validated v(KEYACT_VALIDATION_REPORT);
    FakeResolve res;
    v.resolve(fake_host_table(game.host), &res, 3);
    ASSERT_EQ(v.with_rule(kChooseRange).size(), 1u) << v.all();
    EXPECT_EQ(v.with_rule(kChooseRange)[0].callback, "choose");
    EXPECT_EQ(v.with_rule(kChooseRange)[0].card, game.hit);
    EXPECT_NE(v.with_rule(kChooseRange)[0].answer.find("index 2 of 2 options"),
              std::string::npos) << v.all();
}

// The same wrong host, resolved through the action's slot.
TEST(Slots, ResolvesThroughASlotAreValidated)
{
    Game game(2, 3, true);
    WrongHost wrong(fake_host_table(game.host), Wrong::CastDoneNotCast);
    Validated v(KEYACT_VALIDATION_REPORT);
    FakeResolve res{};
    res.args = { sizeof res.args, 3, 1, 1, KEYACT_CARD_NONE };
    res.result.struct_size = sizeof res.result;
    KeyactSlot *slot = keyact_registry_get_slot(v.registry(), "discover");
    keyact_slot_resolve(slot, wrong.table(), &res.args, &res.result);
    ASSERT_EQ(v.with_rule(kCastDoneOnStack).size(), 1u) << v.all();
}

}  // namespace
