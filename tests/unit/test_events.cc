/* SPDX-License-Identifier: MIT */
// test_events.cc - the event stream and the result struct, path by path.
#include <gtest/gtest.h>

#include <cstring>

#include "unit_support.h"

namespace {

// The host's event log, as a range (no copy).
struct EventLog {
    const keyact_event *first = nullptr;
    size_t count = 0;
    const keyact_event *begin() const { return first; }
    const keyact_event *end() const { return first + count; }
    size_t size() const { return count; }
    bool empty() const { return count == 0; }
    const keyact_event &back() const { return first[count - 1]; }
};

struct Resolved {
    const KcCase &c;
    KcGame game{};
    FakeResolve res{};

    explicit Resolved(const char *name) : c(unit::find_case(name))
    {
        kc_game_init(&game, &c, 7);
        unit::resolve_case(&game, &c, &res);
    }
    ~Resolved() { kc_game_clear(&game); }

    EventLog events() const
    {
        guint n = 0;
        const keyact_event *ev = fake_host_events(game.host, &n);
        return EventLog{ev, n};
    }
};

// The DISCOVERED event: exactly one, last, naming the result's card and value.
void expect_discovered_last(const Resolved &run, keyact_card_id card, uint32_t halves)
{
    EventLog events = run.events();
    ASSERT_FALSE(events.empty());
    const keyact_event &last = events.back();
    EXPECT_EQ(last.type, KEYACT_EVENT_DISCOVERED);
    EXPECT_GE(last.struct_size, sizeof(keyact_event));
    EXPECT_EQ(last.player, KC_PLAYER);
    EXPECT_EQ(last.card, card);
    EXPECT_EQ(last.n, run.c.n);
    EXPECT_EQ(last.face, KEYACT_FACE_NONE);
    EXPECT_EQ(last.index, 0u);
    EXPECT_EQ(last.mana_value_halves, halves);
    int discovered_events = 0;
    for (const keyact_event &ev : events)
        discovered_events += ev.type == KEYACT_EVENT_DISCOVERED;
    EXPECT_EQ(discovered_events, 1);
}

TEST(DiscoveredEvent, AfterACast)
{
    Resolved run("hit_at_n");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    expect_discovered_last(run, run.game.library[1], 8);
}

TEST(DiscoveredEvent, AfterChoosingHand)
{
    Resolved run("player_chooses_hand");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    expect_discovered_last(run, run.game.library[1], 8);
}

TEST(DiscoveredEvent, AfterAFailedCast)
{
    Resolved run("cast_fails_hand");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    expect_discovered_last(run, run.game.library[0], 8);
    EventLog events = run.events();
    bool saw_failed = false;
    for (const keyact_event &ev : events) {
        if (ev.type == KEYACT_EVENT_CAST_FAILED) {
            saw_failed = true;
            EXPECT_EQ(ev.card, run.game.library[0]);
            EXPECT_EQ(ev.face, 0u);
        }
        EXPECT_NE(ev.type, KEYACT_EVENT_CAST);
    }
    EXPECT_TRUE(saw_failed);
}

// CR 701.57c: the library ran out and its final card exiled is a land
// (mana value 0 <= N): DISCOVERED names it, though nothing was cast or put
// into hand.
TEST(DiscoveredEvent, WithoutAHitTheFinalLand)
{
    Resolved run("no_hit_all_lands");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    EXPECT_EQ(run.res.result.outcome, KEYACT_OUTCOME_NONE);
    expect_discovered_last(run, run.game.library[2], 0);
}

// The final card exiled (Fire // Ice, mana value 4) is above discover 3: none.
TEST(DiscoveredEvent, WithoutAHitTheFinalCardAboveN)
{
    Resolved run("no_hit_all_too_big");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    expect_discovered_last(run, KEYACT_CARD_NONE, 0);
}

TEST(DiscoveredEvent, OnAnEmptyLibrary)
{
    Resolved run("empty_library");
    ASSERT_EQ(run.res.status, KEYACT_OK);
    EXPECT_EQ(run.events().size(), 1u);
    expect_discovered_last(run, KEYACT_CARD_NONE, 0);
}

TEST(Events, ExiledIndicesFollowTheLibraryFromTheTop)
{
    Resolved run("n_zero");
    EventLog events = run.events();
    uint32_t next = 0;
    for (const keyact_event &ev : events) {
        if (ev.type != KEYACT_EVENT_EXILED)
            continue;
        EXPECT_EQ(ev.index, next);
        ASSERT_LT(next, run.game.library_count);
        EXPECT_EQ(ev.card, run.game.library[next]);
        EXPECT_EQ(ev.face, KEYACT_FACE_NONE);
        EXPECT_EQ(ev.mana_value_halves, 0u);
        next++;
    }
    EXPECT_EQ(next, 3u);
    EXPECT_EQ(run.res.result.exiled_count, 3u);
}

TEST(Events, BottomIndicesMatchTheFinalLibraryOrder)
{
    Resolved run("no_hit_all_lands");
    guint count = 0;
    const keyact_card_id *library =
        fake_host_zone(run.game.host, KC_PLAYER, FAKE_ZONE_LIBRARY, &count);
    ASSERT_EQ(count, 3u);
    uint32_t next = 0;
    for (const keyact_event &ev : run.events()) {
        if (ev.type != KEYACT_EVENT_BOTTOM)
            continue;
        EXPECT_EQ(ev.index, next);
        // Each card goes under the previous one: BOTTOM index i ends at position i.
        EXPECT_EQ(ev.card, library[next]);
        next++;
    }
    EXPECT_EQ(next, 3u);
    EXPECT_EQ(run.res.result.bottomed_count, 3u);
}

TEST(Events, HitAndCastFields)
{
    Resolved run("mdfc_back_castable");
    bool hit = false, cast = false;
    for (const keyact_event &ev : run.events()) {
        EXPECT_EQ(ev.n, 7);
        EXPECT_EQ(ev.player, KC_PLAYER);
        if (ev.type == KEYACT_EVENT_HIT) {
            hit = true;
            EXPECT_EQ(ev.card, run.game.library[0]);
            EXPECT_EQ(ev.mana_value_halves, 4u);
            EXPECT_EQ(ev.face, KEYACT_FACE_NONE);
        } else if (ev.type == KEYACT_EVENT_CAST) {
            cast = true;
            EXPECT_EQ(ev.card, run.game.library[0]);
            EXPECT_EQ(ev.face, 1u);
        }
    }
    EXPECT_TRUE(hit);
    EXPECT_TRUE(cast);
}

TEST(Options, EachCastableFaceWithItsOwnValueThenHand)
{
    Resolved run("mdfc_back_castable");
    guint n = 0;
    const keyact_option *options = fake_host_last_options(run.game.host, &n);
    ASSERT_EQ(n, 3u);
    EXPECT_EQ(options[0].kind, KEYACT_OPTION_CAST_FACE);
    EXPECT_EQ(options[0].face, 0u);
    EXPECT_EQ(options[0].mana_value_halves, 4u);
    EXPECT_EQ(options[1].kind, KEYACT_OPTION_CAST_FACE);
    EXPECT_EQ(options[1].face, 1u);
    EXPECT_EQ(options[1].mana_value_halves, 14u);
    EXPECT_EQ(options[2].kind, KEYACT_OPTION_TO_HAND);
    EXPECT_EQ(options[2].face, KEYACT_FACE_NONE);
    for (guint i = 0; i < n; i++)
        EXPECT_EQ(options[i].struct_size, sizeof(keyact_option));
}

TEST(Result, FieldsAfterACast)
{
    Resolved run("above_n_is_exiled_and_bottomed");
    const keyact_resolve_result &r = run.res.result;
    EXPECT_EQ(r.struct_size, sizeof(keyact_resolve_result));
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(r.discovered, run.game.library[2]);
    EXPECT_EQ(r.mana_value_halves, 2u);
    EXPECT_EQ(r.face_cast, 0u);
    EXPECT_EQ(r.exiled_count, 3u);
    EXPECT_EQ(r.bottomed_count, 2u);
    EXPECT_EQ(r.flags, KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(r.stranded_count, 0u);
    EXPECT_EQ(r.stranded_capacity, FAKE_STRANDED_CAPACITY);
    EXPECT_EQ(r.reserved0, 0u);
    EXPECT_EQ(r.stranded, run.res.stranded);
}

TEST(Result, FieldsWithoutAHit)
{
    Resolved run("no_hit_all_too_big");
    const keyact_resolve_result &r = run.res.result;
    EXPECT_EQ(r.outcome, KEYACT_OUTCOME_NONE);
    EXPECT_EQ(r.discovered, KEYACT_CARD_NONE);
    EXPECT_EQ(r.mana_value_halves, 0u);
    EXPECT_EQ(r.face_cast, KEYACT_FACE_NONE);
    EXPECT_EQ(r.exiled_count, 2u);
    EXPECT_EQ(r.bottomed_count, 2u);
    EXPECT_EQ(r.flags, KEYACT_RESULT_COMPLETE);
}

// A result from a later minor is longer: the plugin writes only the 1.0 part.
TEST(Result, LongerStructKeepsItsTail)
{
    const KcCase &c = unit::find_case("hit_at_n");
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, 1);
    struct {
        keyact_resolve_result result;
        unsigned char tail[32];
    } longer;
    std::memset(&longer, 0xA5, sizeof longer);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, KC_PLAYER, c.n, KEYACT_CARD_NONE);
    longer.result = res.result;
    longer.result.struct_size = sizeof longer;
    const KeyactBoundAction &bound = unit::discover();
    ASSERT_EQ(bound.action->resolve(bound.plugin_ctx, fake_host_table(game.host), &res.args,
                                    &longer.result),
              KEYACT_OK);
    for (unsigned char byte : longer.tail)
        EXPECT_EQ(byte, 0xA5);
    EXPECT_EQ(longer.result.struct_size, sizeof longer);
    EXPECT_EQ(longer.result.outcome, KEYACT_OUTCOME_CAST);
}

// notify is optional: without it the action still resolves the same way.
TEST(Events, NotifyMayBeNull)
{
    const KcCase &c = unit::find_case("hit_at_n");
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, 1);
    keyact_host table = *fake_host_table(game.host);
    table.notify = nullptr;
    table.log = nullptr;
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, KC_PLAYER, c.n, KEYACT_CARD_NONE);
    fake_host_reset_logs(game.host);
    ASSERT_EQ(keyact_bound_action_resolve(&unit::discover(), &table, &res.args, &res.result),
              KEYACT_OK);
    guint n_events = 0;
    fake_host_events(game.host, &n_events);
    EXPECT_EQ(n_events, 0u);
    EXPECT_EQ(res.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(unit::conservation_problem(game, res), "");
}

}  // namespace
