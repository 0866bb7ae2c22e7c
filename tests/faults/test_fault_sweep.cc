/* SPDX-License-Identifier: MIT */
// test_fault_sweep.cc - the k-th host call fails, for every k a resolve
// makes, every kind of failure, every layout and N = 0..10, through the
// loaded discover and cascade plugins, on a 1.0 host table and on 1.1
// tables with all of the batched calls or one of them alone. Nothing may be
// lost (action.h's failure policy). Then the m-th move fails, wherever it
// is (a move_card call or a step of apply_steps): every table must end in
// the same zones with the same stranded cards.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "faults_support.h"

namespace {

using faults::Game;

// How the k-th call goes wrong.
struct Failure {
    const char *name;
    FakeFault fault;
    int32_t status;  // for FAKE_FAULT_STATUS
};

constexpr Failure kFailures[] = {
    {"error KEYACT_E_HOST", FAKE_FAULT_STATUS, KEYACT_E_HOST},
    {"error KEYACT_E_STATE", FAKE_FAULT_STATUS, KEYACT_E_STATE},
    // A host that returns a positive number still failed; the plugin must
    // turn it into a negative code.
    {"positive status 3", FAKE_FAULT_STATUS, 3},
    {"out-of-range answer", FAKE_FAULT_BAD_ANSWER, 0},
    {"unparsable cost", FAKE_FAULT_BAD_COST, 0},
};

bool is_question(FakeCallKind kind)
{
    return kind == FAKE_CALL_CAN_CAST_FACE || kind == FAKE_CALL_CHOOSE
           || kind == FAKE_CALL_CAST_FREE;
}

// The two actions on the same games. An uncast hit goes to hand
// (discover) or to the bottom with the rest (cascade).
struct Action {
    const char *name;
    bool is_cascade;

    const KeyactBoundAction &bound() const
    {
        return is_cascade ? faults::cascade() : faults::discover();
    }
    uint32_t uncast_outcome() const
    {
        return is_cascade ? KEYACT_OUTCOME_BOTTOM : KEYACT_OUTCOME_HAND;
    }
    FakeZone uncast_zone() const { return is_cascade ? FAKE_ZONE_LIBRARY : FAKE_ZONE_HAND; }
};

constexpr Action kActions[] = {{"discover", false}, {"cascade", true}};

// The host tables the sweep runs on: fake_host_set_batched() members.
struct Table {
    const char *name;
    guint batched;
};

constexpr Table kTables[] = {
    {"v1_0", 0u},
    {"v1_1", FAKE_BATCHED_ALL},
    {"library_cards", FAKE_BATCHED_LIBRARY_CARDS},
    {"describe_cards", FAKE_BATCHED_DESCRIBE_CARDS},
    {"apply_steps", FAKE_BATCHED_APPLY_STEPS},
    {"random_below_each", FAKE_BATCHED_RANDOM_BELOW_EACH},
};

// What action.h promises for a failure of `kind`.
struct Expected {
    bool any_of_two = false;  // library_size one too many: harmless or NOTFOUND
    // describe_cards' bad last description: harmless when the hit comes
    // before it in the window, else that card's code.
    bool harmless_or_status = false;
    int32_t status = KEYACT_OK;
    bool complete = true;
    bool uncast = false;      // the hit was not cast: in hand (discover) or on the bottom
};

// A table whose plugin reads cards ahead of the exile, by index
// (describe_cards without library_cards: library_card for each card of a
// window), may read a bad answer it never gets to use.
bool reads_ahead(guint batched)
{
    return (batched & FAKE_BATCHED_DESCRIBE_CARDS) && !(batched & FAKE_BATCHED_LIBRARY_CARDS);
}

Expected expected(FakeCallKind kind, const Failure &failure, guint batched)
{
    Expected e;
    if (failure.fault == FAKE_FAULT_STATUS) {
        e.status = failure.status > 0 ? KEYACT_E_HOST : failure.status;
        e.complete = is_question(kind);
        e.uncast = kind == FAKE_CALL_CHOOSE || kind == FAKE_CALL_CAST_FREE;
        return e;
    }
    switch (kind) {
    case FAKE_CALL_LIBRARY_SIZE:
        e.any_of_two = true;
        break;
    case FAKE_CALL_MOVE_CARD:  // has no answer to get wrong: runs normally
    case FAKE_CALL_APPLY_STEPS:
        break;
    case FAKE_CALL_DESCRIBE_CARDS:
        e.harmless_or_status = true;
        e.status = failure.fault == FAKE_FAULT_BAD_COST ? KEYACT_E_BADCOST : KEYACT_E_BADCARD;
        e.complete = false;
        break;
    case FAKE_CALL_DESCRIBE_CARD:
        e.status = failure.fault == FAKE_FAULT_BAD_COST ? KEYACT_E_BADCOST : KEYACT_E_BADCARD;
        e.complete = false;
        break;
    case FAKE_CALL_LIBRARY_CARD:
    case FAKE_CALL_LIBRARY_CARDS:
        // No card named: the exile stops there, unless the hit came first
        // in a window read ahead.
        e.harmless_or_status = kind == FAKE_CALL_LIBRARY_CARDS || reads_ahead(batched);
        e.status = KEYACT_E_RANGE;
        e.complete = false;
        break;
    case FAKE_CALL_RANDOM_BELOW:
    case FAKE_CALL_RANDOM_BELOW_EACH:
        e.status = KEYACT_E_RANGE;
        e.complete = false;
        break;
    default:  // questions: recovered, reported as out of range
        e.status = KEYACT_E_RANGE;
        e.uncast = kind != FAKE_CALL_CAN_CAST_FACE;
        break;
    }
    return e;
}

guint g_faults_injected = 0;
guint g_resolves = 0;

// Prints the figure for the closing note once every test has run.
class FaultCount : public ::testing::Environment {
public:
    void TearDown() override
    {
        std::printf("fault sweep: %u faults injected in %u resolves (discover and cascade, "
                    "8 layouts, N 0..10, 5 failure kinds, casts succeeding and failing, "
                    "6 host tables; and every move failing)\n",
                    g_faults_injected, g_resolves);
    }
};
[[maybe_unused]] const auto *const kCountEnv = ::testing::AddGlobalTestEnvironment(new FaultCount);

FakeZone zone_of(const Game &game, keyact_card_id card)
{
    FakeZone zone = FAKE_ZONE_NONE;
    guint position = 0;
    fake_host_locate(game.host, card, &zone, &position);
    return zone;
}

// The calls of a resolve with no fault.
std::vector<FakeCallKind> clean_calls(const Action &action, uint32_t layout, int32_t n,
                                      bool casts_fail, guint batched)
{
    Game game(layout, 99);
    fake_host_set_batched(game.host, batched);
    if (casts_fail)
        game.make_casts_fail();
    FakeResolve res;
    faults::resolve(action.bound(), game.host, n, game.source, &res);
    g_resolves++;
    EXPECT_EQ(res.status, KEYACT_OK);
    EXPECT_TRUE(res.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
    EXPECT_EQ(faults::result_problem(res, action.uncast_outcome()), "");
    if (casts_fail) {
        // A failed cast is recovered: the card goes to hand or the bottom, all done.
        EXPECT_NE(res.result.outcome, KEYACT_OUTCOME_CAST);
    }
    guint count = 0;
    const FakeCallKind *calls = fake_host_calls(game.host, &count);
    EXPECT_EQ(fake_host_log_dropped(game.host), 0u);
    return std::vector<FakeCallKind>(calls, calls + count);
}

void sweep_one(const Action &action, uint32_t layout, int32_t n, bool casts_fail,
               const Table &table)
{
    std::vector<FakeCallKind> calls = clean_calls(action, layout, n, casts_fail, table.batched);
    ASSERT_FALSE(calls.empty());
    for (const Failure &failure : kFailures) {
        for (guint k = 1; k <= calls.size(); k++) {
            const FakeCallKind kind = calls[k - 1];
            SCOPED_TRACE(std::string(action.name) + " " + faults::layout_name(layout)
                         + " " + table.name + " N=" + std::to_string(n)
                         + (casts_fail ? " casts fail" : "") + ": call " + std::to_string(k)
                         + " (" + fake_call_kind_name(kind) + ") " + failure.name);
            Game game(layout, 99);
            fake_host_set_batched(game.host, table.batched);
            if (casts_fail)
                game.make_casts_fail();
            fake_host_inject(game.host, FAKE_CALL_ANY, k, failure.fault, failure.status);
            FakeResolve res;
            faults::resolve(action.bound(), game.host, n, game.source, &res);
            g_resolves++;

            ASSERT_TRUE(fake_host_fault_fired(game.host));
            g_faults_injected++;
            ASSERT_EQ(faults::conservation_problem(game.host, game.before, res), "");
            ASSERT_EQ(faults::result_problem(res, action.uncast_outcome()), "");

            const Expected e = expected(kind, failure, table.batched);
            const bool complete = (res.result.flags & KEYACT_RESULT_COMPLETE) != 0;
            if (e.any_of_two) {
                EXPECT_TRUE((res.status == KEYACT_OK && complete)
                            || (res.status == KEYACT_E_NOTFOUND && !complete))
                    << keyact_status_name(res.status);
                continue;
            }
            if (e.harmless_or_status) {
                EXPECT_TRUE((res.status == KEYACT_OK && complete)
                            || (res.status == e.status && !complete))
                    << keyact_status_name(res.status);
                continue;
            }
            EXPECT_EQ(res.status, e.status) << keyact_status_name(res.status);
            EXPECT_EQ(complete, e.complete);
            if (e.uncast) {
                EXPECT_EQ(res.result.outcome, action.uncast_outcome());
                EXPECT_EQ(zone_of(game, res.result.discovered), action.uncast_zone());
            }
            if (!complete) {
                // Everything stranded is listed: the buffer is big enough.
                EXPECT_LE(res.result.stranded_count, FAKE_STRANDED_CAPACITY);
            }
        }
    }
}

// Where every card of both players is, as text.
std::string zones_of(const Game &game)
{
    std::string text;
    for (keyact_player_id player : {faults::kPlayer, faults::kOpponent}) {
        for (FakeZone zone : {FAKE_ZONE_LIBRARY, FAKE_ZONE_EXILE, FAKE_ZONE_HAND,
                              FAKE_ZONE_STACK}) {
            guint count = 0;
            const keyact_card_id *cards = fake_host_zone(game.host, player, zone, &count);
            std::vector<keyact_card_id> ids(cards, cards + count);
            if (zone != FAKE_ZONE_LIBRARY)  // order means nothing outside the library
                std::sort(ids.begin(), ids.end());
            text += std::to_string(player) + " " + fake_zone_name(zone) + ":";
            for (keyact_card_id id : ids)
                text += " " + std::to_string(id);
            text += "\n";
        }
    }
    return text;
}

// The m-th move fails with KEYACT_E_HOST, for every m a clean resolve makes:
// on every table the resolve stops at that move and strands exactly the
// cards it left in exile, and the game ends the same as on a 1.0 table.
void sweep_moves(const Action &action, uint32_t layout, int32_t n, bool casts_fail)
{
    for (guint m = 1;; m++) {
        std::string v1_0_zones;
        std::vector<keyact_card_id> v1_0_stranded;
        bool fired = false;
        for (const Table &table : kTables) {
            SCOPED_TRACE(std::string(action.name) + " " + faults::layout_name(layout) + " "
                         + table.name + " N=" + std::to_string(n)
                         + (casts_fail ? " casts fail" : "") + ": move " + std::to_string(m));
            Game game(layout, 99);
            fake_host_set_batched(game.host, table.batched);
            if (casts_fail)
                game.make_casts_fail();
            fake_host_inject_move(game.host, m, KEYACT_E_HOST);
            FakeResolve res;
            faults::resolve(action.bound(), game.host, n, game.source, &res);
            g_resolves++;

            fired = fake_host_fault_fired(game.host);
            if (table.batched == 0 && !fired)
                return;  // past the last move
            ASSERT_TRUE(fired);
            g_faults_injected++;
            ASSERT_EQ(faults::conservation_problem(game.host, game.before, res), "");
            ASSERT_EQ(faults::result_problem(res, action.uncast_outcome()), "");
            EXPECT_EQ(res.status, KEYACT_E_HOST);
            EXPECT_FALSE(res.result.flags & KEYACT_RESULT_COMPLETE);

            std::vector<keyact_card_id> stranded(res.stranded,
                                                 res.stranded + res.result.stranded_count);
            std::sort(stranded.begin(), stranded.end());
            if (table.batched == 0) {
                v1_0_zones = zones_of(game);
                v1_0_stranded = stranded;
            } else {
                EXPECT_EQ(zones_of(game), v1_0_zones);
                EXPECT_EQ(stranded, v1_0_stranded);
            }
        }
    }
}

class FaultSweep : public ::testing::TestWithParam<std::tuple<Action, uint32_t>> {};

TEST_P(FaultSweep, EveryCallFailingInEveryWayLosesNothing)
{
    const Action action = std::get<0>(GetParam());
    const uint32_t layout = std::get<1>(GetParam());
    for (const Table &table : kTables) {
        for (int32_t n = 0; n <= 10; n++) {
            for (bool casts_fail : {false, true}) {
                sweep_one(action, layout, n, casts_fail, table);
                if (HasFatalFailure())
                    return;
            }
        }
    }
}

TEST_P(FaultSweep, EveryMoveFailingEndsAlikeOnEveryTable)
{
    const Action action = std::get<0>(GetParam());
    const uint32_t layout = std::get<1>(GetParam());
    for (int32_t n = 0; n <= 10; n++) {
        for (bool casts_fail : {false, true}) {
            sweep_moves(action, layout, n, casts_fail);
            if (HasFatalFailure())
                return;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, FaultSweep,
    ::testing::Combine(::testing::ValuesIn(kActions), ::testing::ValuesIn(faults::kLayouts)),
    [](const ::testing::TestParamInfo<std::tuple<Action, uint32_t>> &info) {
        return std::string(std::get<0>(info.param).name) + "_"
               + faults::layout_name(std::get<1>(info.param));
    });

// The sweep really reaches every kind of call somewhere (else a kind of
// failure would go untested without anyone noticing), the batched ones on
// the 1.1 tables, and none of them on the 1.0 table.
TEST(FaultSweepCoverage, EveryCallKindIsSwept)
{
    for (const Action &action : kActions) {
        bool seen[FAKE_CALL_KIND_COUNT] = {};
        for (const Table &table : kTables)
            for (uint32_t layout : faults::kLayouts)
                for (int32_t n = 0; n <= 10; n++)
                    for (FakeCallKind kind : clean_calls(action, layout, n, false, table.batched)) {
                        seen[kind] = true;
                        if (table.batched == 0) {
                            EXPECT_LE(kind, FAKE_CALL_RANDOM_BELOW) << fake_call_kind_name(kind);
                        }
                    }
        for (int kind = 0; kind < FAKE_CALL_KIND_COUNT; kind++)
            EXPECT_TRUE(seen[kind]) << action.name << ": "
                                    << fake_call_kind_name(static_cast<FakeCallKind>(kind));
    }
}

}  // namespace
