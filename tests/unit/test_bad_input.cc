/* SPDX-License-Identifier: MIT */
// test_bad_input.cc - bad arguments are KEYACT_E_INVAL and touch nothing.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>

#include "unit_support.h"

namespace {

// A game with a hit in the library, so a wrongly accepted call would move cards.
class BadInput : public ::testing::Test {
protected:
    const KcCase &c = unit::find_case("above_n_is_exiled_and_bottomed");
    KcGame game{};
    FakeResolve res{};
    keyact_host table{};
    keyact_resolve_result untouched{};

    void SetUp() override
    {
        kc_game_init(&game, &c, 5);
        fake_resolve_prepare(&res, game.host, KC_PLAYER, c.n, KEYACT_CARD_NONE);
        table = *fake_host_table(game.host);
        fake_host_reset_logs(game.host);
    }
    void TearDown() override { kc_game_clear(&game); }

    // Both doors: the plugin's resolve itself and libkeyact-host's checked call.
    void expect_refused(const keyact_host *host, const keyact_resolve_args *args,
                        keyact_resolve_result *result, const std::string &what)
    {
        SCOPED_TRACE(what);
        const KeyactBoundAction &bound = unit::discover();
        if (result != nullptr)
            untouched = *result;
        EXPECT_EQ(bound.action->resolve(bound.plugin_ctx, host, args, result), KEYACT_E_INVAL);
        EXPECT_EQ(keyact_bound_action_resolve(&bound, host, args, result), KEYACT_E_INVAL);
        guint n_calls = 0, n_events = 0;
        fake_host_calls(game.host, &n_calls);
        fake_host_events(game.host, &n_events);
        EXPECT_EQ(n_calls, 0u) << "a refused resolve called the host";
        EXPECT_EQ(n_events, 0u);
        EXPECT_EQ(unit::conservation_problem(game, res), "");
        if (result != nullptr) {
            EXPECT_EQ(std::memcmp(&untouched, result, sizeof untouched), 0)
                << "a refused resolve wrote the result";
        }
    }
};

TEST_F(BadInput, NullHostArgsOrResult)
{
    expect_refused(nullptr, &res.args, &res.result, "NULL host");
    expect_refused(&table, nullptr, &res.result, "NULL args");
    expect_refused(&table, &res.args, nullptr, "NULL result");
}

TEST_F(BadInput, NegativeN)
{
    for (int32_t n : {-1, -7, INT32_MIN}) {
        res.args.n = n;
        expect_refused(&table, &res.args, &res.result, "n = " + std::to_string(n));
    }
}

TEST_F(BadInput, StructSizesTooSmall)
{
    keyact_resolve_args args = res.args;
    for (uint32_t size : {0u, 4u, uint32_t(offsetof(keyact_resolve_args, source))}) {
        args.struct_size = size;
        expect_refused(&table, &args, &res.result, "args size " + std::to_string(size));
    }
    keyact_resolve_result result = res.result;
    for (uint32_t size : {0u, 8u, uint32_t(offsetof(keyact_resolve_result, stranded))}) {
        result.struct_size = size;
        expect_refused(&table, &res.args, &result, "result size " + std::to_string(size));
    }
    keyact_host host = table;
    for (uint32_t size : {0u, 16u, uint32_t(offsetof(keyact_host, random_below))}) {
        host.struct_size = size;
        expect_refused(&host, &res.args, &res.result, "host size " + std::to_string(size));
    }
}

TEST_F(BadInput, EachRequiredCallbackNull)
{
    struct Member {
        const char *name;
        void (*clear)(keyact_host *);
    };
    const Member members[] = {
        {"library_size", [](keyact_host *h) { h->library_size = nullptr; }},
        {"library_card", [](keyact_host *h) { h->library_card = nullptr; }},
        {"move_card", [](keyact_host *h) { h->move_card = nullptr; }},
        {"describe_card", [](keyact_host *h) { h->describe_card = nullptr; }},
        {"can_cast_face", [](keyact_host *h) { h->can_cast_face = nullptr; }},
        {"choose", [](keyact_host *h) { h->choose = nullptr; }},
        {"cast_free", [](keyact_host *h) { h->cast_free = nullptr; }},
        {"random_below", [](keyact_host *h) { h->random_below = nullptr; }},
    };
    for (const Member &member : members) {
        keyact_host host = table;
        member.clear(&host);
        expect_refused(&host, &res.args, &res.result, std::string("NULL ") + member.name);
    }
}

// The same call with good arguments does resolve: the refusals above are real.
TEST_F(BadInput, GoodArgumentsResolve)
{
    const KeyactBoundAction &bound = unit::discover();
    EXPECT_EQ(keyact_bound_action_resolve(&bound, &table, &res.args, &res.result), KEYACT_OK);
    EXPECT_EQ(res.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(unit::conservation_problem(game, res), "");
}

// No context (init's answer missing) is refused by the plugin itself.
TEST_F(BadInput, NullContext)
{
    const KeyactBoundAction &bound = unit::discover();
    untouched = res.result;
    EXPECT_EQ(bound.action->resolve(nullptr, &table, &res.args, &res.result), KEYACT_E_INVAL);
    guint n_calls = 0;
    fake_host_calls(game.host, &n_calls);
    EXPECT_EQ(n_calls, 0u);
    EXPECT_EQ(std::memcmp(&untouched, &res.result, sizeof untouched), 0);
}

}  // namespace
