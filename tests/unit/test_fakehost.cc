/* SPDX-License-Identifier: MIT */
// test_fakehost.cc - the test harness itself: the fake host's zones and
// scripted answers, fault injection, and that the conservation checker and
// the conformance runner catch actions that break the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "conformance.h"
#include "fake_host.h"

namespace {

const FakeCardSpec kLand = {KEYACT_LAYOUT_NORMAL, 1, {{"Mountain", "", KEYACT_FACE_LAND}}};
const FakeCardSpec kSpell = {KEYACT_LAYOUT_NORMAL, 1, {{"Shock", "{R}", 0}}};
const FakeCardSpec kSplit = {KEYACT_LAYOUT_SPLIT, 2, {{"Fire", "{1}{R}", 0}, {"Ice", "{1}{U}", 0}}};

constexpr keyact_game_id kGame = 9;

// A game: player 1 library [1..5] top first, card 6 in hand; player 2 library [7].
struct Game {
    FakeHost *host = fake_host_new(kGame, 2);
    const keyact_host *t = fake_host_table(host);
    Game()
    {
        for (int i = 0; i < 5; i++)
            fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, i == 2 ? &kSplit : &kLand);
        fake_host_add_card(host, 1, FAKE_ZONE_HAND, &kSpell);
        fake_host_add_card(host, 2, FAKE_ZONE_LIBRARY, &kSpell);
    }
    ~Game() { fake_host_free(host); }

    std::string zone(keyact_player_id player, FakeZone z) const
    {
        guint n = 0;
        const keyact_card_id *cards = fake_host_zone(host, player, z, &n);
        std::string out;
        for (guint i = 0; i < n; i++)
            out += (i ? " " : "") + std::to_string(cards[i]);
        return out;
    }
};

TEST(FakeHost, AddsCardsWithIdsFromOne)
{
    Game g;
    EXPECT_EQ(fake_host_n_cards(g.host), 7u);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "1 2 3 4 5");
    EXPECT_EQ(g.zone(1, FAKE_ZONE_HAND), "6");
    EXPECT_EQ(g.zone(2, FAKE_ZONE_LIBRARY), "7");
    FakeCardSpec empty = {KEYACT_LAYOUT_NORMAL, 0, {}};
    EXPECT_EQ(fake_host_add_card(g.host, 1, FAKE_ZONE_LIBRARY, &empty), KEYACT_CARD_NONE);
    EXPECT_EQ(fake_host_add_card(g.host, 3, FAKE_ZONE_LIBRARY, &kLand), KEYACT_CARD_NONE);
    EXPECT_EQ(fake_host_add_card(g.host, 1, FAKE_ZONE_NONE, &kLand), KEYACT_CARD_NONE);
    EXPECT_EQ(fake_host_n_cards(g.host), 7u);
}

TEST(FakeHost, LibraryQueries)
{
    Game g;
    uint32_t size = 0;
    keyact_card_id card = 0;
    ASSERT_EQ(g.t->library_size(g.t, kGame, 1, &size), KEYACT_OK);
    EXPECT_EQ(size, 5u);
    ASSERT_EQ(g.t->library_card(g.t, kGame, 1, 4, &card), KEYACT_OK);
    EXPECT_EQ(card, 5u);
    EXPECT_EQ(g.t->library_card(g.t, kGame, 1, 5, &card), KEYACT_E_NOTFOUND);
    EXPECT_EQ(g.t->library_size(g.t, kGame + 1, 1, &size), KEYACT_E_NOTFOUND);
    EXPECT_EQ(g.t->library_size(g.t, kGame, 3, &size), KEYACT_E_NOTFOUND);
}

TEST(FakeHost, MoveCardToEveryZoneAndLibraryIndex)
{
    Game g;
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_EXILE, 0, KEYACT_MOVE_REVEAL), KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_EXILE), "1");
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM, 0),
              KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "2 3 4 5 1");
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_TOP, 0),
              KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "1 2 3 4 5");
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_LIBRARY, 2, 0), KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "2 3 1 4 5");
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 2, KEYACT_ZONE_LIBRARY, 99, 0), KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "3 1 4 5 2");
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 5, KEYACT_ZONE_HAND, 0, 0), KEYACT_OK);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_HAND), "6 5");
    FakeZone zone = FAKE_ZONE_NONE;
    guint position = 0;
    ASSERT_TRUE(fake_host_locate(g.host, 5, &zone, &position));
    EXPECT_EQ(zone, FAKE_ZONE_HAND);
    EXPECT_EQ(position, 1u);
}

// Thousands of random moves agree with a plain model: the library keeps its
// exact order, the other zones their contents.
TEST(FakeHost, RandomMovesMatchAModel)
{
    FakeHost *host = fake_host_new(kGame, 1);
    const keyact_host *t = fake_host_table(host);
    std::map<uint32_t, std::vector<keyact_card_id>> model;
    for (keyact_card_id id = 1; id <= 40; id++) {
        ASSERT_EQ(fake_host_add_card(host, 1, FAKE_ZONE_LIBRARY, &kLand), id);
        model[KEYACT_ZONE_LIBRARY].push_back(id);
    }
    std::mt19937 rng(12345);
    const uint32_t zones[] = {KEYACT_ZONE_LIBRARY, KEYACT_ZONE_EXILE, KEYACT_ZONE_HAND};
    for (int step = 0; step < 20000; step++) {
        keyact_card_id card = 1 + rng() % 40;
        uint32_t to = zones[rng() % 3];
        uint32_t index = rng() % 4 == 0 ? KEYACT_LIBRARY_BOTTOM : rng() % 45;
        ASSERT_EQ(t->move_card(t, kGame, 1, card, to, index, 0), KEYACT_OK);
        for (auto &zone : model)
            zone.second.erase(std::remove(zone.second.begin(), zone.second.end(), card),
                              zone.second.end());
        std::vector<keyact_card_id> &dest = model[to];
        size_t at = to == KEYACT_ZONE_LIBRARY ? std::min<size_t>(index, dest.size()) : dest.size();
        dest.insert(dest.begin() + long(at), card);
    }
    for (uint32_t z : zones) {
        guint n = 0;
        const keyact_card_id *cards = fake_host_zone(host, 1, FakeZone(z), &n);
        std::vector<keyact_card_id> got(cards, cards + n);
        std::vector<keyact_card_id> want = model[z];
        if (z != KEYACT_ZONE_LIBRARY) {
            std::sort(got.begin(), got.end());
            std::sort(want.begin(), want.end());
        }
        EXPECT_EQ(got, want) << "zone " << z;
        for (guint i = 0; i < n; i++) {
            FakeZone where = FAKE_ZONE_NONE;
            guint position = 0;
            ASSERT_TRUE(fake_host_locate(host, cards[i], &where, &position));
            EXPECT_EQ(where, FakeZone(z));
            EXPECT_EQ(position, i);
        }
    }
    fake_host_free(host);
}

TEST(FakeHost, FailedMoveLeavesTheCardPut)
{
    Game g;
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 99, KEYACT_ZONE_EXILE, 0, 0), KEYACT_E_NOTFOUND);
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, KEYACT_CARD_NONE, KEYACT_ZONE_EXILE, 0, 0),
              KEYACT_E_NOTFOUND);
    EXPECT_EQ(g.t->move_card(g.t, kGame, 2, 1, KEYACT_ZONE_EXILE, 0, 0), KEYACT_E_STATE);
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, 0, 0, 0), KEYACT_E_INVAL);
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, FAKE_ZONE_STACK, 0, 0), KEYACT_E_INVAL);
    EXPECT_EQ(g.t->move_card(g.t, kGame + 1, 1, 1, KEYACT_ZONE_EXILE, 0, 0), KEYACT_E_NOTFOUND);
    fake_host_inject(g.host, FAKE_CALL_MOVE_CARD, 7, FAKE_FAULT_STATUS, KEYACT_E_HOST);
    EXPECT_EQ(g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_EXILE, 0, 0), KEYACT_E_HOST);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "1 2 3 4 5");
    EXPECT_EQ(g.zone(1, FAKE_ZONE_EXILE), "");
}

TEST(FakeHost, DescribeFillsOnlyWhatThePluginHasRoomFor)
{
    Game g;
    keyact_card_desc desc;
    std::memset(&desc, 0xEE, sizeof desc);
    desc.struct_size = sizeof desc;
    ASSERT_EQ(g.t->describe_card(g.t, kGame, 3, &desc), KEYACT_OK);
    EXPECT_EQ(desc.layout, KEYACT_LAYOUT_SPLIT);
    ASSERT_EQ(desc.face_count, 2u);
    EXPECT_STREQ(desc.faces[1]->name, "Ice");
    EXPECT_STREQ(desc.faces[1]->mana_cost, "{1}{U}");
    EXPECT_EQ(desc.faces[1]->struct_size, sizeof(keyact_face_desc));

    keyact_card_desc short_desc;
    std::memset(&short_desc, 0xEE, sizeof short_desc);
    short_desc.struct_size = offsetof(keyact_card_desc, faces);
    ASSERT_EQ(g.t->describe_card(g.t, kGame, 3, &short_desc), KEYACT_OK);
    EXPECT_EQ(short_desc.struct_size, offsetof(keyact_card_desc, faces));
    EXPECT_EQ(short_desc.face_count, 2u);
    unsigned char untouched[sizeof short_desc.faces];
    std::memset(untouched, 0xEE, sizeof untouched);
    EXPECT_EQ(std::memcmp(short_desc.faces, untouched, sizeof untouched), 0);
    EXPECT_EQ(g.t->describe_card(g.t, kGame, 99, &desc), KEYACT_E_NOTFOUND);
}

TEST(FakeHost, OutOfRangeDescriptions)
{
    Game g;
    keyact_card_desc desc{};
    desc.struct_size = sizeof desc;
    fake_host_inject(g.host, FAKE_CALL_ANY, 1, FAKE_FAULT_BAD_ANSWER, KEYACT_OK);
    ASSERT_EQ(g.t->describe_card(g.t, kGame, 3, &desc), KEYACT_OK);
    EXPECT_EQ(desc.face_count, 0u);
    fake_host_reset_logs(g.host);
    fake_host_inject(g.host, FAKE_CALL_DESCRIBE_CARD, 1, FAKE_FAULT_BAD_COST, KEYACT_OK);
    desc.struct_size = sizeof desc;
    ASSERT_EQ(g.t->describe_card(g.t, kGame, 3, &desc), KEYACT_OK);
    EXPECT_STREQ(desc.faces[0]->mana_cost, "{?}");
    EXPECT_STREQ(desc.faces[1]->mana_cost, "{1}{U}");
}

int32_t pick_last(gpointer, keyact_card_id, const keyact_option *, uint32_t count,
                  uint32_t *out_index)
{
    *out_index = count - 1;
    return KEYACT_OK;
}

TEST(FakeHost, ChooserPolicies)
{
    Game g;
    const keyact_option options[] = {
        {sizeof(keyact_option), KEYACT_OPTION_CAST_FACE, 0, 4},
        {sizeof(keyact_option), KEYACT_OPTION_CAST_FACE, 1, 4},
        {sizeof(keyact_option), KEYACT_OPTION_TO_HAND, KEYACT_FACE_NONE, 0},
    };
    uint32_t index = 99;
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 3, &index), KEYACT_OK);
    EXPECT_EQ(index, 0u);
    fake_host_set_chooser(g.host, FAKE_CHOOSE_FACE, 1, nullptr, nullptr);
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 3, &index), KEYACT_OK);
    EXPECT_EQ(index, 1u);
    fake_host_set_chooser(g.host, FAKE_CHOOSE_FACE, 3, nullptr, nullptr);
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 3, &index), KEYACT_OK);
    EXPECT_EQ(index, 2u);
    fake_host_set_chooser(g.host, FAKE_CHOOSE_HAND, 0, nullptr, nullptr);
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 3, &index), KEYACT_OK);
    EXPECT_EQ(index, 2u);
    fake_host_set_chooser(g.host, FAKE_CHOOSE_CALLBACK, 0, pick_last, nullptr);
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 2, &index), KEYACT_OK);
    EXPECT_EQ(index, 1u);
    EXPECT_EQ(fake_host_offered_faces(g.host), 3u);
    guint n = 0;
    fake_host_last_options(g.host, &n);
    EXPECT_EQ(n, 2u);
    fake_host_inject(g.host, FAKE_CALL_CHOOSE, 6, FAKE_FAULT_BAD_ANSWER, KEYACT_OK);
    ASSERT_EQ(g.t->choose(g.t, kGame, 1, 3, options, 3, &index), KEYACT_OK);
    EXPECT_EQ(index, 3u);
}

TEST(FakeHost, CanCastAndCastFree)
{
    Game g;
    uint32_t answer = 9;
    fake_host_set_cannot_cast(g.host, 3, 1, TRUE);
    ASSERT_EQ(g.t->can_cast_face(g.t, kGame, 1, 3, 0, &answer), KEYACT_OK);
    EXPECT_EQ(answer, 1u);
    ASSERT_EQ(g.t->can_cast_face(g.t, kGame, 1, 3, 1, &answer), KEYACT_OK);
    EXPECT_EQ(answer, 0u);
    EXPECT_EQ(g.t->can_cast_face(g.t, kGame, 1, 3, 2, &answer), KEYACT_E_INVAL);

    // Not in exile: cannot be cast from there.
    EXPECT_EQ(g.t->cast_free(g.t, kGame, 1, 3, 0, &answer), KEYACT_E_STATE);
    ASSERT_EQ(g.t->move_card(g.t, kGame, 1, 3, KEYACT_ZONE_EXILE, 0, 0), KEYACT_OK);
    fake_host_set_cast_fails(g.host, 3, 0, TRUE);
    ASSERT_EQ(g.t->cast_free(g.t, kGame, 1, 3, 0, &answer), KEYACT_OK);
    EXPECT_EQ(answer, KEYACT_CAST_FAILED);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_EXILE), "3");
    ASSERT_EQ(g.t->cast_free(g.t, kGame, 1, 3, 1, &answer), KEYACT_OK);
    EXPECT_EQ(answer, KEYACT_CAST_DONE);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_EXILE), "");
    EXPECT_EQ(g.zone(1, FAKE_ZONE_STACK), "3");
}

TEST(FakeHost, RandomIsSeededAndUniform)
{
    Game a, b;
    fake_host_set_seed(a.host, 5);
    fake_host_set_seed(b.host, 5);
    uint32_t counts[3] = {};
    for (int i = 0; i < 30000; i++) {
        uint32_t x = 0, y = 0;
        ASSERT_EQ(a.t->random_below(a.t, kGame, 3, &x), KEYACT_OK);
        ASSERT_EQ(b.t->random_below(b.t, kGame, 3, &y), KEYACT_OK);
        ASSERT_EQ(x, y);
        ASSERT_LT(x, 3u);
        counts[x]++;
    }
    double chi = 0;
    for (uint32_t n : counts)
        chi += (n - 10000.0) * (n - 10000.0) / 10000.0;
    EXPECT_LT(chi, 13.816);  // df = 2, p = 0.001
    uint32_t x = 0;
    EXPECT_EQ(a.t->random_below(a.t, kGame, 0, &x), KEYACT_E_INVAL);
    fake_host_reset_logs(a.host);
    fake_host_inject(a.host, FAKE_CALL_RANDOM_BELOW, 1, FAKE_FAULT_BAD_ANSWER, KEYACT_OK);
    ASSERT_EQ(a.t->random_below(a.t, kGame, 3, &x), KEYACT_OK);
    EXPECT_EQ(x, 3u);
}

TEST(FakeHost, FaultFiresOnTheKthCallAndTheCallLogShowsIt)
{
    Game g;
    uint32_t size = 0;
    keyact_card_id card = 0;
    fake_host_inject(g.host, FAKE_CALL_ANY, 3, FAKE_FAULT_STATUS, KEYACT_E_NOMEM);
    EXPECT_EQ(g.t->library_size(g.t, kGame, 1, &size), KEYACT_OK);
    EXPECT_EQ(g.t->library_card(g.t, kGame, 1, 0, &card), KEYACT_OK);
    EXPECT_FALSE(fake_host_fault_fired(g.host));
    EXPECT_EQ(g.t->library_card(g.t, kGame, 1, 0, &card), KEYACT_E_NOMEM);
    EXPECT_TRUE(fake_host_fault_fired(g.host));
    EXPECT_EQ(g.t->library_card(g.t, kGame, 1, 0, &card), KEYACT_OK);
    g_autofree char *calls = fake_host_format_calls(g.host);
    EXPECT_STREQ(calls, "library_size library_card library_card library_card");
    EXPECT_EQ(fake_host_call_count(g.host, FAKE_CALL_LIBRARY_CARD), 3u);

    // Reset clears the logs; the fault stays armed and fires again.
    fake_host_reset_logs(g.host);
    EXPECT_EQ(fake_host_call_count(g.host, FAKE_CALL_LIBRARY_CARD), 0u);
    g.t->library_size(g.t, kGame, 1, &size);
    g.t->library_size(g.t, kGame, 1, &size);
    EXPECT_EQ(g.t->library_card(g.t, kGame, 1, 0, &card), KEYACT_E_NOMEM);
}

TEST(FakeHost, EventsAreCopied)
{
    Game g;
    keyact_event ev{};
    ev.struct_size = sizeof ev;
    ev.type = KEYACT_EVENT_EXILED;
    ev.card = 4;
    g.t->notify(g.t, kGame, &ev);
    ev.type = KEYACT_EVENT_DISCOVERED;
    g.t->notify(g.t, kGame, &ev);
    guint n = 0;
    const keyact_event *events = fake_host_events(g.host, &n);
    ASSERT_EQ(n, 2u);
    EXPECT_EQ(events[0].card, 4u);
    g_autofree char *types = fake_host_format_events(g.host);
    EXPECT_STREQ(types, "EXILED DISCOVERED");
}

TEST(FakeHost, RestorePutsEveryCardBack)
{
    Game g;
    g_autoptr(FakeSnapshot) snap = fake_host_snapshot(g.host);
    g.t->move_card(g.t, kGame, 1, 2, KEYACT_ZONE_HAND, 0, 0);
    g.t->move_card(g.t, kGame, 1, 1, KEYACT_ZONE_EXILE, 0, 0);
    fake_host_restore(g.host, snap);
    EXPECT_EQ(g.zone(1, FAKE_ZONE_LIBRARY), "1 2 3 4 5");
    EXPECT_EQ(g.zone(1, FAKE_ZONE_HAND), "6");
    EXPECT_EQ(g.zone(1, FAKE_ZONE_EXILE), "");
    EXPECT_TRUE(fake_host_check_conservation(g.host, snap, nullptr, nullptr));
}

// ---- the conservation checker against rogue "actions" ----

struct Rogue : Game {
    FakeSnapshot *before = fake_host_snapshot(host);
    keyact_resolve_result result{};
    keyact_card_id stranded[8] = {};
    Rogue()
    {
        result.struct_size = sizeof result;
        result.stranded = stranded;
        result.stranded_capacity = 8;
    }
    ~Rogue() { fake_snapshot_free(before); }
    void move(keyact_card_id card, uint32_t zone, uint32_t index = 0)
    {
        keyact_player_id owner = card == 7 ? 2 : 1;
        ASSERT_EQ(t->move_card(t, kGame, owner, card, zone, index, 0), KEYACT_OK);
    }
    std::string problem()
    {
        g_autoptr(GError) error = nullptr;
        if (fake_host_check_conservation(host, before, &result, &error))
            return {};
        return error->message;
    }
};

TEST(Conservation, AHonestDiscoverPasses)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(2, KEYACT_ZONE_EXILE);
    r.move(3, KEYACT_ZONE_EXILE);
    r.move(3, KEYACT_ZONE_HAND);
    r.move(2, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM);
    r.move(1, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM);
    r.result.flags = KEYACT_RESULT_COMPLETE;
    r.result.exiled_count = 3;
    r.result.bottomed_count = 2;
    EXPECT_EQ(r.problem(), "");
}

TEST(Conservation, AnHonestStopPasses)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(2, KEYACT_ZONE_EXILE);
    r.result.stranded_count = 2;
    r.stranded[0] = 2;
    r.stranded[1] = 1;
    EXPECT_EQ(r.problem(), "");
}

TEST(Conservation, CatchesACardLeftInExile)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.result.flags = KEYACT_RESULT_COMPLETE;
    r.result.exiled_count = 1;
    EXPECT_NE(r.problem().find("left in exile"), std::string::npos) << r.problem();
}

TEST(Conservation, CatchesACardPutBackOnTop)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(2, KEYACT_ZONE_EXILE);
    r.move(2, KEYACT_ZONE_HAND);
    r.move(1, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_TOP);
    r.result.flags = KEYACT_RESULT_COMPLETE;
    r.result.exiled_count = 2;
    r.result.bottomed_count = 1;
    EXPECT_NE(r.problem().find("order changed"), std::string::npos) << r.problem();
}

TEST(Conservation, CatchesAReorderedUntouchedPart)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(1, KEYACT_ZONE_HAND);
    r.move(4, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_TOP);  // the library's deep part moved
    r.result.flags = KEYACT_RESULT_COMPLETE;
    r.result.exiled_count = 1;
    EXPECT_NE(r.problem(), "");
}

TEST(Conservation, CatchesAStrandedCardNotInExile)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.result.stranded_count = 1;
    r.stranded[0] = 2;
    EXPECT_NE(r.problem().find("not in exile"), std::string::npos) << r.problem();
}

TEST(Conservation, CatchesAnUnreportedStrandedCard)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(2, KEYACT_ZONE_EXILE);
    r.result.stranded_count = 1;
    r.stranded[0] = 2;
    EXPECT_NE(r.problem().find("2 cards were left in exile"), std::string::npos) << r.problem();
}

TEST(Conservation, CatchesABystanderMoved)
{
    Rogue r;
    r.move(6, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM);
    EXPECT_NE(r.problem().find("moved out of the hand"), std::string::npos) << r.problem();
}

TEST(Conservation, CatchesWrongCountsInACompleteResult)
{
    Rogue r;
    r.move(1, KEYACT_ZONE_EXILE);
    r.move(1, KEYACT_ZONE_LIBRARY, KEYACT_LIBRARY_BOTTOM);
    r.result.flags = KEYACT_RESULT_COMPLETE;
    r.result.exiled_count = 0;
    r.result.bottomed_count = 1;
    EXPECT_NE(r.problem().find("exiled"), std::string::npos) << r.problem();
}

// ---- the conformance runner against an action that ignores the rules ----

int32_t does_nothing(void *, const keyact_host *, const keyact_resolve_args *,
                     keyact_resolve_result *result)
{
    result->flags = KEYACT_RESULT_COMPLETE;
    result->face_cast = KEYACT_FACE_NONE;
    return KEYACT_OK;
}

TEST(ConformanceRunner, FailsAnActionThatIgnoresTheRules)
{
    // A 1.2 action: no stepped resolve.
    const keyact_action idle = {KEYACT_ACTION_SIZE_1_2, 0, "discover", "tests.idle", nullptr,
                                does_nothing, 0, 0, nullptr, nullptr, nullptr, nullptr};
    g_autoptr(GError) error = nullptr;
    EXPECT_FALSE(kc_case_run(kc_case_find("hit_at_n"), &idle, nullptr, &error));
    ASSERT_NE(error, nullptr);
    EXPECT_TRUE(g_error_matches(error, KC_ERROR, KC_ERROR_MISMATCH));
    g_clear_error(&error);
    // Even the empty library needs its DISCOVERED event.
    EXPECT_FALSE(kc_case_run(kc_case_find("empty_library"), &idle, nullptr, &error));
    ASSERT_NE(error, nullptr);
    EXPECT_NE(std::string(error->message).find("DISCOVERED"), std::string::npos)
        << error->message;
}

TEST(ConformanceTable, NamesAreUniqueIdentifiers)
{
    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    ASSERT_GT(n, 30u);
    for (guint i = 0; i < n; i++) {
        for (const char *p = cases[i].name; *p; p++)
            EXPECT_TRUE(g_ascii_isalnum(*p) || *p == '_') << cases[i].name;
        EXPECT_EQ(kc_case_find(cases[i].name), &cases[i]) << "duplicate " << cases[i].name;
    }
}

}  // namespace
