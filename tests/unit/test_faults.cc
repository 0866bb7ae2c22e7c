/* SPDX-License-Identifier: MIT */
// test_faults.cc - every host call failing in turn (action.h's failure policy).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "unit_support.h"

namespace {

bool is_question(FakeCallKind kind)
{
    return kind == FAKE_CALL_CAN_CAST_FACE || kind == FAKE_CALL_CHOOSE
           || kind == FAKE_CALL_CAST_FREE;
}

// The numbered calls of a clean resolve of the case.
std::vector<FakeCallKind> clean_calls(const KcCase &c)
{
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, 11);
    FakeResolve res;
    unit::resolve_case(&game, &c, &res);
    guint n = 0;
    const FakeCallKind *calls = fake_host_calls(game.host, &n);
    return std::vector<FakeCallKind>(calls, calls + n);
}

// Cards in exile now (the case games start with an empty exile).
guint exile_size(const KcGame &game)
{
    guint n = 0;
    fake_host_zone(game.host, KC_PLAYER, FAKE_ZONE_EXILE, &n);
    return n;
}

class StatusSweep : public ::testing::TestWithParam<const char *> {};

TEST_P(StatusSweep, EveryCallFailingIsReportedAndLosesNothing)
{
    const KcCase &c = unit::find_case(GetParam());
    std::vector<FakeCallKind> calls = clean_calls(c);
    ASSERT_FALSE(calls.empty());
    for (int32_t status : {KEYACT_E_HOST, KEYACT_E_STATE}) {
        for (guint k = 1; k <= calls.size(); k++) {
            FakeCallKind kind = calls[k - 1];
            SCOPED_TRACE(std::string("call ") + std::to_string(k) + " " + fake_call_kind_name(kind)
                         + " fails with " + keyact_status_name(status));
            g_auto(KcGame) game = {};
            kc_game_init(&game, &c, 11);
            fake_host_inject(game.host, FAKE_CALL_ANY, k, FAKE_FAULT_STATUS, status);
            FakeResolve res;
            unit::resolve_case(&game, &c, &res);

            EXPECT_TRUE(fake_host_fault_fired(game.host));
            EXPECT_EQ(res.status, status);
            EXPECT_EQ(unit::conservation_problem(game, res), "");
            const keyact_resolve_result &r = res.result;
            if (is_question(kind)) {
                // Recovered by the rules, all done: a failed choose or cast
                // means hand; a failed can_cast_face only drops that face.
                EXPECT_TRUE(r.flags & KEYACT_RESULT_COMPLETE);
                if (kind != FAKE_CALL_CAN_CAST_FACE) {
                    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_HAND);
                }
                EXPECT_NE(r.outcome, KEYACT_OUTCOME_NONE);
                EXPECT_EQ(r.stranded_count, 0u);
            } else {
                EXPECT_FALSE(r.flags & KEYACT_RESULT_COMPLETE);
                EXPECT_EQ(r.stranded_count, exile_size(game));
                for (guint i = 0; i < r.stranded_count; i++) {
                    FakeZone zone = FAKE_ZONE_NONE;
                    EXPECT_TRUE(fake_host_locate(game.host, r.stranded[i], &zone, nullptr));
                    EXPECT_EQ(zone, FAKE_ZONE_EXILE);
                }
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Discover, StatusSweep,
                         ::testing::Values("hit_at_n", "above_n_is_exiled_and_bottomed",
                                           "player_chooses_hand", "no_hit_all_lands",
                                           "split_one_half_cast", "cast_fails_hand"));

// What the action must return for an out-of-range answer of each callback.
struct BadAnswer {
    FakeFault fault;
    FakeCallKind kind;
    int32_t status;     // expected resolve status
    bool complete;      // recovered (question) or stopped (action)
};

class BadAnswerSweep : public ::testing::TestWithParam<const char *> {};

TEST_P(BadAnswerSweep, OutOfRangeAnswersAreCaught)
{
    const KcCase &c = unit::find_case(GetParam());
    std::vector<FakeCallKind> calls = clean_calls(c);
    const BadAnswer table[] = {
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_LIBRARY_CARD, KEYACT_E_RANGE, false},
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_DESCRIBE_CARD, KEYACT_E_BADCARD, false},
        {FAKE_FAULT_BAD_COST, FAKE_CALL_DESCRIBE_CARD, KEYACT_E_BADCOST, false},
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_CAN_CAST_FACE, KEYACT_E_RANGE, true},
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_CHOOSE, KEYACT_E_RANGE, true},
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_CAST_FREE, KEYACT_E_RANGE, true},
        {FAKE_FAULT_BAD_ANSWER, FAKE_CALL_RANDOM_BELOW, KEYACT_E_RANGE, false},
    };
    for (const BadAnswer &bad : table) {
        for (guint k = 1; k <= calls.size(); k++) {
            if (calls[k - 1] != bad.kind)
                continue;
            SCOPED_TRACE(std::string("bad answer at call ") + std::to_string(k) + " "
                         + fake_call_kind_name(bad.kind));
            g_auto(KcGame) game = {};
            kc_game_init(&game, &c, 11);
            fake_host_inject(game.host, FAKE_CALL_ANY, k, bad.fault, KEYACT_OK);
            FakeResolve res;
            unit::resolve_case(&game, &c, &res);
            EXPECT_TRUE(fake_host_fault_fired(game.host));
            EXPECT_EQ(res.status, bad.status);
            EXPECT_EQ(bool(res.result.flags & KEYACT_RESULT_COMPLETE), bad.complete);
            // A bad choose or cast answer means hand; a bad can_cast_face
            // only drops that face (the other half may still be cast).
            if (bad.complete && bad.kind != FAKE_CALL_CAN_CAST_FACE) {
                EXPECT_EQ(res.result.outcome, KEYACT_OUTCOME_HAND);
            }
            EXPECT_EQ(unit::conservation_problem(game, res), "");
        }
    }
}

// library_size one too many: the action may stop at the missing card, but
// loses nothing.
TEST_P(BadAnswerSweep, LibrarySizeTooLargeLosesNothing)
{
    const KcCase &c = unit::find_case(GetParam());
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, 11);
    fake_host_inject(game.host, FAKE_CALL_LIBRARY_SIZE, 1, FAKE_FAULT_BAD_ANSWER, KEYACT_OK);
    FakeResolve res;
    unit::resolve_case(&game, &c, &res);
    EXPECT_TRUE(fake_host_fault_fired(game.host));
    EXPECT_TRUE(res.status == KEYACT_OK || res.status == KEYACT_E_NOTFOUND)
        << keyact_status_name(res.status);
    EXPECT_EQ(unit::conservation_problem(game, res), "");
}

INSTANTIATE_TEST_SUITE_P(Discover, BadAnswerSweep,
                         ::testing::Values("hit_at_n", "no_hit_all_lands", "split_one_half_cast",
                                           "above_n_is_exiled_and_bottomed"));

// A stranded buffer too small (or none) still reports the full count.
TEST(Stranded, CountIsTotalEvenWhenTheBufferIsShort)
{
    const KcCase &c = unit::find_case("no_hit_all_lands");
    for (uint32_t capacity : {0u, 1u, 2u}) {
        for (bool null_buffer : {false, true}) {
            SCOPED_TRACE("capacity " + std::to_string(capacity) + (null_buffer ? " NULL" : ""));
            g_auto(KcGame) game = {};
            kc_game_init(&game, &c, 3);
            // Fail the first move to the bottom: all three exiled cards are stranded.
            fake_host_inject(game.host, FAKE_CALL_MOVE_CARD, 4, FAKE_FAULT_STATUS, KEYACT_E_HOST);
            FakeResolve res;
            fake_resolve_prepare(&res, game.host, KC_PLAYER, c.n, KEYACT_CARD_NONE);
            for (keyact_card_id &slot : res.stranded)
                slot = 0xDEAD;
            res.result.stranded_capacity = capacity;
            if (null_buffer)
                res.result.stranded = nullptr;
            fake_host_reset_logs(game.host);
            res.status = keyact_bound_action_resolve(&unit::discover(), fake_host_table(game.host),
                                                     &res.args, &res.result);
            EXPECT_EQ(res.status, KEYACT_E_HOST);
            EXPECT_EQ(res.result.stranded_count, 3u);
            EXPECT_EQ(unit::conservation_problem(game, res), "");
            // Nothing written past the capacity.
            for (guint i = null_buffer ? 0 : capacity; i < FAKE_STRANDED_CAPACITY; i++)
                EXPECT_EQ(res.stranded[i], 0xDEADu);
        }
    }
}

}  // namespace
