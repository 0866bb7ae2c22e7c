/* SPDX-License-Identifier: MIT */
// test_batched.cc - ABI 1.1: a host whose table has the batched calls sees
// what a 1.0 host sees (the same moves and events in the same order, the
// same random draws, the same zones and result), in fewer calls: at most
// two per exiled card plus a constant. Through the loaded discover and
// cascade plugins, on every conformance case with several seeds, on the
// fault sweep's layout games, and on deck-like, 200-card and 300-card
// libraries (more cards than the plugin keeps inline).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "conformance.h"
#include "faults_support.h"

namespace {

struct Table {
    const char *name;
    guint batched;  // fake_host_set_batched() members; 0: a 1.0 table
};

constexpr Table kV1_0 = {"v1_0", 0u};
constexpr Table kV1_1Tables[] = {
    {"v1_1", FAKE_BATCHED_ALL},
    {"library_cards", FAKE_BATCHED_LIBRARY_CARDS},
    {"describe_cards", FAKE_BATCHED_DESCRIBE_CARDS},
    {"apply_steps", FAKE_BATCHED_APPLY_STEPS},
    {"random_below_each", FAKE_BATCHED_RANDOM_BELOW_EACH},
    {"reads_and_steps", FAKE_BATCHED_LIBRARY_CARDS | FAKE_BATCHED_DESCRIBE_CARDS
                            | FAKE_BATCHED_APPLY_STEPS},
};

const KeyactBoundAction &bound(const char *action)
{
    return std::string(action) == "cascade" ? faults::cascade() : faults::discover();
}

// What a host can tell of one resolve.
struct Seen {
    int32_t status = 0;
    std::string result;           // the result's fields as text
    std::string moves_and_events; // in order
    std::string draws;            // bound -> value, in order
    std::string events;           // every field of every event
    std::string zones;            // every zone of every player
    guint calls = 0;              // every call into the table
    uint32_t exiled = 0;
};

std::string result_text(const FakeResolve &res)
{
    const keyact_resolve_result &r = res.result;
    std::vector<keyact_card_id> stranded(res.stranded, res.stranded + std::min<uint32_t>(
                                                           r.stranded_count,
                                                           FAKE_STRANDED_CAPACITY));
    std::sort(stranded.begin(), stranded.end());
    std::string text = "flags=" + std::to_string(r.flags) + " outcome="
                       + std::to_string(r.outcome) + " discovered=" + std::to_string(r.discovered)
                       + " halves=" + std::to_string(r.mana_value_halves) + " face="
                       + std::to_string(r.face_cast) + " exiled=" + std::to_string(r.exiled_count)
                       + " bottomed=" + std::to_string(r.bottomed_count) + " stranded=";
    for (keyact_card_id id : stranded)
        text += std::to_string(id) + ",";
    return text;
}

Seen see(FakeHost *host, const FakeResolve &res)
{
    Seen seen;
    seen.status = res.status;
    seen.result = result_text(res);
    seen.exiled = res.result.exiled_count;
    seen.calls = fake_host_total_calls(host);

    guint n = 0;
    const FakeAction *actions = fake_host_actions(host, &n);
    for (guint i = 0; i < n; i++) {
        const FakeAction &a = actions[i];
        std::string line = std::to_string(a.card) + " " + std::to_string(a.a) + " "
                           + std::to_string(a.b) + "\n";
        if (a.kind == FAKE_ACTION_DRAW)
            seen.draws += line;
        else
            seen.moves_and_events += (a.kind == FAKE_ACTION_MOVE ? "move " : "event ") + line;
    }
    const keyact_event *events = fake_host_events(host, &n);
    for (guint i = 0; i < n; i++) {
        const keyact_event &e = events[i];
        seen.events += std::to_string(e.struct_size) + " " + std::to_string(e.type) + " "
                       + std::to_string(e.player) + " " + std::to_string(e.card) + " "
                       + std::to_string(e.n) + " " + std::to_string(e.face) + " "
                       + std::to_string(e.index) + " " + std::to_string(e.mana_value_halves)
                       + "\n";
    }
    for (keyact_player_id player = 1; player <= fake_host_n_players(host); player++) {
        for (FakeZone zone : {FAKE_ZONE_LIBRARY, FAKE_ZONE_EXILE, FAKE_ZONE_HAND,
                              FAKE_ZONE_STACK, FAKE_ZONE_BATTLEFIELD}) {
            guint count = 0;
            const keyact_card_id *cards = fake_host_zone(host, player, zone, &count);
            std::vector<keyact_card_id> ids(cards, cards + count);
            if (zone != FAKE_ZONE_LIBRARY)  // order means nothing outside the library
                std::sort(ids.begin(), ids.end());
            seen.zones += std::to_string(player) + fake_zone_name(zone) + ":";
            for (keyact_card_id id : ids)
                seen.zones += " " + std::to_string(id);
            seen.zones += "\n";
        }
    }
    EXPECT_EQ(fake_host_log_dropped(host), 0u);
    return seen;
}

void expect_same(const Seen &v1_0, const Seen &v1_1)
{
    EXPECT_EQ(v1_1.status, v1_0.status);
    EXPECT_EQ(v1_1.result, v1_0.result);
    EXPECT_EQ(v1_1.moves_and_events, v1_0.moves_and_events);
    EXPECT_EQ(v1_1.draws, v1_0.draws);
    EXPECT_EQ(v1_1.events, v1_0.events);
    EXPECT_EQ(v1_1.zones, v1_0.zones);
}

// ---- every conformance case, several seeds ----

Seen run_case(const char *action, const KcCase *c, guint64 seed, const Table &table)
{
    g_auto(KcGame) game;
    kc_game_init(&game, c, seed);
    fake_host_set_batched(game.host, table.batched);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, KC_PLAYER, c->n, game.source);
    fake_host_reset_logs(game.host);
    res.status = keyact_bound_action_resolve(&bound(action), fake_host_table(game.host),
                                             &res.args, &res.result);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(kc_case_check(c, &game, &res, &error)) << (error ? error->message : "");
    g_clear_error(&error);
    EXPECT_TRUE(fake_host_check_conservation(game.host, game.before, &res.result, &error))
        << (error ? error->message : "");
    return see(game.host, res);
}

TEST(Batched, EveryConformanceCaseSeesTheSameGame)
{
    guint checked = 0;
    for (const char *action : {"discover", "cascade"}) {
        guint n_cases = 0;
        const KcCase *cases = kc_cases_for_action(action, &n_cases);
        ASSERT_GT(n_cases, 0u) << action;
        for (guint i = 0; i < n_cases; i++) {
            const KcCase *c = &cases[i];
            for (guint64 seed : {guint64(g_str_hash(c->name)), guint64(1), guint64(2),
                                 guint64(0xdecafbad)}) {
                const Seen v1_0 = run_case(action, c, seed, kV1_0);
                for (const Table &table : kV1_1Tables) {
                    SCOPED_TRACE(std::string(action) + " " + c->name + " seed "
                                 + std::to_string(seed) + " " + table.name);
                    expect_same(v1_0, run_case(action, c, seed, table));
                    checked++;
                }
            }
        }
    }
    std::printf("batched: %u conformance runs on 1.1 tables matched the 1.0 table\n", checked);
}

// ---- the fault sweep's layout games ----

Seen run_layout(const char *action, uint32_t layout, int32_t n, guint64 seed, bool casts_fail,
                const Table &table)
{
    faults::Game game(layout, seed);
    fake_host_set_batched(game.host, table.batched);
    if (casts_fail)
        game.make_casts_fail();
    FakeResolve res;
    faults::resolve(bound(action), game.host, n, game.source, &res);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
    return see(game.host, res);
}

TEST(Batched, EveryLayoutGameSeesTheSameGame)
{
    for (const char *action : {"discover", "cascade"})
        for (uint32_t layout : faults::kLayouts)
            for (int32_t n = 0; n <= 10; n++)
                for (bool casts_fail : {false, true})
                    for (guint64 seed : {3u, 99u}) {
                        const Seen v1_0 =
                            run_layout(action, layout, n, seed, casts_fail, kV1_0);
                        for (const Table &table : kV1_1Tables) {
                            SCOPED_TRACE(std::string(action) + " "
                                         + faults::layout_name(layout) + " N="
                                         + std::to_string(n) + (casts_fail ? " casts fail" : "")
                                         + " " + table.name);
                            expect_same(v1_0, run_layout(action, layout, n, seed, casts_fail,
                                                         table));
                        }
                    }
}

// ---- long libraries: windows, several chunks, the heap list ----

FakeCardSpec spell(const char *name, const char *cost)
{
    FakeCardSpec spec{};
    spec.layout = KEYACT_LAYOUT_NORMAL;
    spec.face_count = 1;
    spec.faces[0] = {name, cost, 0};
    return spec;
}

FakeCardSpec land()
{
    FakeCardSpec spec = spell("Mountain", "");
    spec.faces[0].flags = KEYACT_FACE_LAND;
    return spec;
}

enum class Library { Deck, Bottom200, Bottom300 };

const char *library_name(Library library)
{
    switch (library) {
    case Library::Deck: return "deck";
    case Library::Bottom200: return "bottom-200";
    case Library::Bottom300: return "bottom-300";
    }
    return "?";
}

// A 60-card deck (24 lands, 16 spells of mana value 1-3 that discover 3
// hits, 20 of 4-6) in the order `seed` shuffles it to; or lands with the
// only hit at the bottom.
FakeHost *library_host(Library library, guint64 seed)
{
    FakeHost *host = fake_host_new(5, 1);
    fake_host_set_seed(host, seed);
    std::vector<FakeCardSpec> specs;
    if (library == Library::Deck) {
        const char *cheap[] = {"{R}", "{1}{R}", "{2}{G}", "{1}{G}"};
        const char *dear[] = {"{3}{R}", "{4}{R}{R}", "{3}{G}{G}", "{5}{G}"};
        for (int i = 0; i < 24; i++)
            specs.push_back(land());
        for (int i = 0; i < 16; i++)
            specs.push_back(spell("Cheap", cheap[i % 4]));
        for (int i = 0; i < 20; i++)
            specs.push_back(spell("Dear", dear[i % 4]));
        g_autoptr(GRand) rand = g_rand_new_with_seed(static_cast<guint32>(seed));
        for (guint i = static_cast<guint>(specs.size()); i-- > 1;)
            std::swap(specs[i], specs[g_rand_int_range(rand, 0, static_cast<gint32>(i + 1))]);
    } else {
        guint size = library == Library::Bottom200 ? 200 : 300;
        for (guint i = 0; i + 1 < size; i++)
            specs.push_back(land());
        specs.push_back(spell("Brazen Blademaster", "{2}{R}"));
    }
    for (const FakeCardSpec &spec : specs)
        fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &spec);
    return host;
}

Seen run_library(const char *action, Library library, guint64 seed, bool decline,
                 const Table &table)
{
    g_autoptr(FakeHost) host = library_host(library, seed);
    g_autoptr(FakeSnapshot) before = fake_host_snapshot(host);
    fake_host_set_batched(host, table.batched);
    if (decline)
        fake_host_set_chooser(host, FAKE_CHOOSE_HAND, 0, nullptr, nullptr);
    FakeResolve res;
    faults::resolve(bound(action), host, 3, KEYACT_CARD_NONE, &res);
    EXPECT_EQ(res.status, KEYACT_OK);
    EXPECT_TRUE(res.result.flags & KEYACT_RESULT_COMPLETE);
    g_autoptr(GError) error = nullptr;
    EXPECT_TRUE(fake_host_check_conservation(host, before, &res.result, &error))
        << (error ? error->message : "");
    return see(host, res);
}

// The most calls a 1.1 host may see beyond two per exiled card: library_size,
// the questions (can_cast_face per face, choose, cast_free), the bottom's
// apply_steps and random_below_each, and a few windows' worth of reads
// (counted in the two per card).
constexpr guint kConstantCalls = 10;

TEST(Batched, LongLibrariesSeeTheSameGameInAtMostTwoCallsPerExiledCard)
{
    for (const char *action : {"discover", "cascade"})
        for (Library library : {Library::Deck, Library::Bottom200, Library::Bottom300})
            for (guint64 seed : {1u, 2u, 3u, 4u, 5u})
                for (bool decline : {false, true}) {
                    const Seen v1_0 = run_library(action, library, seed, decline, kV1_0);
                    for (const Table &table : kV1_1Tables) {
                        SCOPED_TRACE(std::string(action) + " " + library_name(library)
                                     + " seed " + std::to_string(seed)
                                     + (decline ? " declined" : "") + " " + table.name);
                        const Seen v1_1 = run_library(action, library, seed, decline, table);
                        expect_same(v1_0, v1_1);
                        if (table.batched == FAKE_BATCHED_ALL) {
                            EXPECT_LE(v1_1.calls, 2 * v1_1.exiled + kConstantCalls)
                                << v1_1.exiled << " cards exiled";
                        }
                    }
                }
}

// The figures: host calls per resolve and per exiled card on a 1.0 and a
// 1.1 table, discover 3 (deck: the mean over 200 seeds).
TEST(Batched, PrintsCallsPerExiledCard)
{
    for (Library library : {Library::Deck, Library::Bottom200}) {
        guint seeds = library == Library::Deck ? 200 : 1;
        for (const Table &table : {kV1_0, kV1_1Tables[0]}) {
            double calls = 0, exiled = 0;
            for (guint64 seed = 1; seed <= seeds; seed++) {
                const Seen seen = run_library("discover", library, seed, false, table);
                calls += seen.calls;
                exiled += seen.exiled;
            }
            ASSERT_GT(exiled, 0);
            std::printf("host calls, discover 3, %-10s %s table: %6.2f per resolve, "
                        "%5.2f per exiled card (%.2f cards exiled)\n",
                        library_name(library), table.name, calls / seeds, calls / exiled,
                        exiled / seeds);
            if (table.batched != 0) {
                EXPECT_LE(calls, 2 * exiled + kConstantCalls * seeds);
            }
        }
    }
}

}  // namespace
