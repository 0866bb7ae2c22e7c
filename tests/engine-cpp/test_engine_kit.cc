/* SPDX-License-Identifier: MIT */
// test_engine_kit.cc - keyact-engine.hpp as a small C++ engine uses it: its card objects are
// re-made on every move and linked to the new one (as Wagic's are), its library is a vector
// whose top is the front, and it answers the player's questions on later "frames". Discover
// through keyact-discover.so (loaded from $KEYACT_PLUGIN_DIR by keyact::Plugins), stepped,
// under KEYACT_VALIDATE=fatal: a wrong answer of the kit or the engine fails the resolve.
// Compiled as an engine is: keyact's headers and libkeyact-host, no GLib include path.
#if defined(__has_include)
#if __has_include(<glib.h>)
#error "the kit's test is built without GLib's include path: the kit must need no GLib header"
#endif
#endif
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <keyact-engine.hpp>

namespace {

struct Card {
    std::string name, cost;  // cost: the printed text, "" for a land
    std::string back, back_cost;  // a split card's second half
    Card *next = nullptr;  // the object this card became when it last moved
};

struct Player {
    std::vector<Card *> library, exile, hand, stack;  // library[0] is the top
    std::vector<Card *> *zones[4] = { nullptr, &library, &exile, &hand };
    std::vector<std::unique_ptr<Card>> all;  // every object, the old ones too (they link on)
};

const KeyactBoundAction &discover()
{
    const char *dir = std::getenv("KEYACT_PLUGIN_DIR");
    EXPECT_NE(dir, nullptr);
    const KeyactBoundAction *bound =
        keyact::Plugins::once(dir ? dir : "", "the build's plugin/discover/").find("discover");
    EXPECT_NE(bound, nullptr);
    return *bound;
}

// The engine: one object per resolve, on the heap, as the kit asks.
class Engine : public keyact::Adapter<Engine, Card, Player> {
public:
    explicit Engine(Player *p) : Adapter("kit-test"), player_(p) {}

    Card *make(const std::string &name, const std::string &cost, const std::string &back = "",
               const std::string &back_cost = "")
    {
        player_->all.emplace_back(new Card { name, cost, back, back_cost, nullptr });
        return player_->all.back().get();
    }

    // ---- the host callbacks, as methods ----
    keyact::Library<Card> library(Player *p) { return { p->library, keyact::LibraryTop::Front }; }
    int32_t move_card(Player *p, Card *&card, uint32_t zone, uint32_t, uint32_t)
    {
        if (zone < KEYACT_ZONE_LIBRARY || zone > KEYACT_ZONE_HAND)
            return KEYACT_E_NOTFOUND;
        take(card);
        card = card->next = make(card->name, card->cost, card->back, card->back_cost);
        std::vector<Card *> &to = *p->zones[zone];
        to.insert(zone == KEYACT_ZONE_LIBRARY ? to.begin() : to.end(), card);  // on top: the kit places it
        moves++;
        return KEYACT_OK;
    }
    void describe_card(Card *card, keyact::Description &d)
    {
        described.push_back(card->name);
        d.layout = card->back.empty() ? KEYACT_LAYOUT_NORMAL : KEYACT_LAYOUT_SPLIT;
        d.face(card->name, card->cost, card->cost.empty() ? KEYACT_FACE_LAND : 0);
        if (!card->back.empty())
            d.face(card->back, card->back_cost);
    }
    bool can_cast_face(Player *, Card *, uint32_t) { return true; }
    uint32_t random_below(uint32_t bound) { return draws++ % bound; }
    uint32_t card_zone(Card *card)
    {
        const char *names[] = { "library", "exile", "hand", "stack" };
        std::vector<Card *> *zones[] = { &player_->library, &player_->exile, &player_->hand, &player_->stack };
        for (int i = 0; i < 4; i++)
            if (std::find(zones[i]->begin(), zones[i]->end(), card) != zones[i]->end())
                return keyact::zone_named(names[i]);
        return KEYACT_ZONE_OTHER;
    }
    static Card *card_now(Card *card) { return card->next ? card_now(card->next) : card; }

    // ---- the stepped resolve's questions and its end ----
    void ask_choice(Card *card, const keyact_question &q)
    {
        asked = card;
        for (uint32_t i = 0; i < q.option_count; i++)
            options.push_back(option_text(q, i));
    }
    void ask_cast(Card *card, uint32_t face)
    {
        asked = card;
        cast_face = face;
        if (cast_at_once) {  // an engine whose cast needs no later frame answers inside ask_cast
            cast(card);
            answer(KEYACT_CAST_DONE);
        }
    }
    void finished(int32_t s, const keyact_resolve_result &r)
    {
        over = true;
        status = s;
        result = r;
    }

    // The engine's own cast, as a frame loop would make it: the card goes to the stack.
    void cast(Card *card)
    {
        take(card);
        player_->stack.push_back(card);
    }

    Card *asked = nullptr;
    bool cast_at_once = false;
    uint32_t cast_face = KEYACT_FACE_NONE, draws = 0, moves = 0;
    std::vector<std::string> options, described;
    bool over = false;
    int32_t status = 1;
    keyact_resolve_result result = {};

private:
    void take(Card *card)
    {
        for (std::vector<Card *> *zone : { &player_->library, &player_->exile, &player_->hand, &player_->stack })
            zone->erase(std::remove(zone->begin(), zone->end(), card), zone->end());
    }

    Player *player_;
};

std::vector<std::string> names(const std::vector<Card *> &cards)
{
    std::vector<std::string> out;
    for (Card *c : cards)
        out.push_back(c->name);
    return out;
}

// Forest (a land), Colossal Dreadmaw (6), Lightning Bolt (1), Grizzly Bears on top of the rest.
struct Game {
    Player player;
    std::unique_ptr<Engine> engine { new Engine(&player) };
    Game()
    {
        for (Card *c : { engine->make("Forest", ""), engine->make("Colossal Dreadmaw", "{4}{G}{G}"),
                         engine->make("Lightning Bolt", "{R}"), engine->make("Grizzly Bears", "{1}{G}") })
            player.library.push_back(c);
    }
};

TEST(EngineKit, TableFromMethods)
{
    Player p;
    Engine e(&p);
    const keyact_host &h = e.host_table();
    EXPECT_EQ(h.host_data, static_cast<void *>(static_cast<keyact::Adapter<Engine, Card, Player> *>(&e)));
    EXPECT_STREQ(h.host_name, "kit-test");
    EXPECT_NE(h.library_size, nullptr);
    EXPECT_NE(h.can_cast_face, nullptr);
    EXPECT_NE(h.card_zone, nullptr);
    // No method, no member: the questions the engine waits for, and what it does not offer.
    EXPECT_EQ(h.choose, nullptr);
    EXPECT_EQ(h.cast_free, nullptr);
    EXPECT_EQ(h.notify, nullptr);
    EXPECT_EQ(h.log, nullptr);
    EXPECT_EQ(h.library_cards, nullptr);
}

// The hit is cast: asked on one frame, cast on a later one; the cards above it go to the
// bottom, the ids follow the cards through the objects each move made.
TEST(EngineKit, DiscoverCastSteppedOverFrames)
{
    Game g;
    Engine &e = *g.engine;
    ASSERT_TRUE(e.start(discover(), 1, &g.player, 3));
    ASSERT_NE(e.asked, nullptr);
    EXPECT_EQ(e.asked->name, "Lightning Bolt");
    EXPECT_EQ(names(g.player.exile), (std::vector<std::string> { "Forest", "Colossal Dreadmaw", "Lightning Bolt" }));
    EXPECT_EQ(e.options, (std::vector<std::string> { "Cast Lightning Bolt", "Put into your hand" }));
    e.pump();  // a frame without an answer: nothing happens
    EXPECT_EQ(e.cast_face, KEYACT_FACE_NONE);
    e.answer(0);  // runs on at once: the cast is asked before answer() returns
    EXPECT_EQ(e.cast_face, 0u);
    ASSERT_TRUE(e.resolving());
    e.pump();  // a frame while the cast goes on: nothing happens
    ASSERT_TRUE(e.resolving());
    e.cast(e.asked);
    e.answer(KEYACT_CAST_DONE);
    ASSERT_TRUE(e.over);
    EXPECT_FALSE(e.resolving());
    EXPECT_EQ(e.status, KEYACT_OK);
    EXPECT_EQ(e.result.outcome, KEYACT_OUTCOME_CAST);
    ASSERT_NE(e.card(e.result.discovered), nullptr);
    EXPECT_EQ(e.card(e.result.discovered), g.player.stack.at(0));
    EXPECT_EQ(names(g.player.stack), (std::vector<std::string> { "Lightning Bolt" }));
    EXPECT_TRUE(g.player.exile.empty());
    ASSERT_EQ(g.player.library.size(), 3u);
    EXPECT_EQ(g.player.library[0]->name, "Grizzly Bears");
    std::vector<std::string> bottom = names({ g.player.library[1], g.player.library[2] });
    std::sort(bottom.begin(), bottom.end());
    EXPECT_EQ(bottom, (std::vector<std::string> { "Colossal Dreadmaw", "Forest" }));
    // Each card described once, however often the plugin and the validation layer asked.
    std::vector<std::string> described = e.described;
    std::sort(described.begin(), described.end());
    EXPECT_EQ(described, (std::vector<std::string> { "Colossal Dreadmaw", "Forest", "Lightning Bolt" }));
}

TEST(EngineKit, DiscoverToHand)
{
    Game g;
    Engine &e = *g.engine;
    ASSERT_TRUE(e.start(discover(), 1, &g.player, 3));
    e.answer(1);
    ASSERT_TRUE(e.over);
    EXPECT_EQ(e.status, KEYACT_OK);
    EXPECT_EQ(e.result.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(names(g.player.hand), (std::vector<std::string> { "Lightning Bolt" }));
    EXPECT_EQ(e.card(e.result.discovered), g.player.hand.at(0));
    EXPECT_EQ(g.player.library.size(), 3u);
}

// A split card's halves are faces; the options name them from the description.
TEST(EngineKit, SplitCardOptions)
{
    Player p;
    std::unique_ptr<Engine> e(new Engine(&p));
    p.library.push_back(e->make("Fire", "{1}{R}", "Ice", "{1}{U}"));
    ASSERT_TRUE(e->start(discover(), 1, &p, 5));
    EXPECT_EQ(e->options, (std::vector<std::string> { "Cast Fire", "Cast Ice", "Put into your hand" }));
    e->answer(1);
    EXPECT_EQ(e->cast_face, 1u);
}

// A game that goes away while the resolve waits: the destructor abandons it, and nothing
// moves any more (the exiled cards stay where the plugin put them).
TEST(EngineKit, DestroyedWhileWaitingAbandons)
{
    Game g;
    ASSERT_TRUE(g.engine->start(discover(), 1, &g.player, 3));
    uint32_t moves = g.engine->moves;
    g.engine.reset();
    EXPECT_EQ(moves, 3u);
    EXPECT_EQ(g.player.exile.size(), 3u);
    EXPECT_EQ(g.player.library.size(), 1u);
}

// A copy is a fresh adapter (engines clone their abilities): its own table, no resolve.
TEST(EngineKit, CopyIsFresh)
{
    Game g;
    ASSERT_TRUE(g.engine->start(discover(), 1, &g.player, 3));
    Engine copy(*g.engine);
    EXPECT_FALSE(copy.resolving());
    EXPECT_EQ(copy.host_table().host_data, static_cast<void *>(static_cast<keyact::Adapter<Engine, Card, Player> *>(&copy)));
    EXPECT_EQ(copy.card(1), nullptr);
    EXPECT_TRUE(g.engine->resolving());
}

TEST(EngineKit, SteppedResolveAbandon)
{
    Game g;
    keyact_resolve_args args = { sizeof args, 3, 1, (keyact_player_id) (uintptr_t) &g.player, KEYACT_CARD_NONE };
    keyact::SteppedResolve r;
    ASSERT_EQ(r.begin(discover(), g.engine->host_table(), args, KEYACT_WAIT_PLAYER), 0);
    ASSERT_EQ(r.step(), KEYACT_WAITING);
    EXPECT_EQ(r.question().kind, KEYACT_QUESTION_CHOOSE);
    EXPECT_TRUE(r.waiting());
    r.abandon();
    EXPECT_FALSE(r.active());
    EXPECT_EQ(r.result().stranded_count, 3u);  // every card it exiled, left in exile
    EXPECT_EQ(g.player.exile.size(), 3u);
    EXPECT_EQ(r.step(), KEYACT_E_STATE);
}

// An answer given inside ask_cast (a cast that needs no later frame) is taken when it returns.
TEST(EngineKit, AnswerInsideAskCast)
{
    Game g;
    Engine &e = *g.engine;
    e.cast_at_once = true;
    ASSERT_TRUE(e.start(discover(), 1, &g.player, 3));
    e.answer(0);
    ASSERT_TRUE(e.over);
    EXPECT_EQ(e.status, KEYACT_OK);
    EXPECT_EQ(e.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(names(g.player.stack), (std::vector<std::string> { "Lightning Bolt" }));
}

// A menu option keeps an Answer: it answers its own question once, and nothing after.
TEST(EngineKit, AnswerLater)
{
    Game g;
    Engine &e = *g.engine;
    ASSERT_TRUE(e.start(discover(), 1, &g.player, 3));
    keyact::Answer cast = e.answer_later(0), hand = e.answer_later(1);
    EXPECT_TRUE(cast && hand);
    EXPECT_TRUE(cast());  // option 0, cast: the resolve now waits for the cast
    EXPECT_EQ(e.cast_face, 0u);
    EXPECT_FALSE(hand());  // the same question, answered already: not "put into hand" now
    ASSERT_TRUE(e.resolving());
    e.cast(e.asked);
    EXPECT_TRUE(e.answer_later()(KEYACT_CAST_DONE));
    ASSERT_TRUE(e.over);
    EXPECT_EQ(e.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_FALSE(cast());  // the resolve is over
    EXPECT_FALSE(keyact::Answer());  // an empty one is false, and answers nothing
    EXPECT_FALSE(keyact::Answer()(0));
}

// The game went away with its menu open: the option's Answer does nothing, safely.
TEST(EngineKit, AnswerAfterTheResolveIsGone)
{
    Game g;
    ASSERT_TRUE(g.engine->start(discover(), 1, &g.player, 3));
    keyact::Answer choose = g.engine->answer_later();
    g.engine.reset();
    EXPECT_FALSE(choose(0));
    EXPECT_EQ(g.player.exile.size(), 3u);
}

// uniform_below: rejection, not modulo; bounds above the generator's range take more draws.
TEST(EngineKit, UniformBelow)
{
    std::vector<uint32_t> draws;
    size_t next = 0;
    auto draw = [&] { return draws.at(next++); };
    // A generator of 0..2 and bound 2: 2 would make 0 likelier (0, 2 -> 0; 1 -> 1); it is drawn again.
    draws = { 2, 1 };
    EXPECT_EQ(keyact::uniform_below(2, 2, draw), 1u);
    EXPECT_EQ(next, 2u);
    // Every draw of 0..4 for bound 3: 0, 1, 2 once each, 3 and 4 drawn again.
    std::map<uint32_t, int> seen;
    for (uint32_t first = 0; first <= 4; first++) {
        draws = { first, 0 };
        next = 0;
        uint32_t v = keyact::uniform_below(3, 4, draw);
        if (first < 3) {
            EXPECT_EQ(next, 1u);
            seen[v]++;
        } else {
            EXPECT_EQ(next, 2u);
        }
    }
    EXPECT_EQ(seen, (std::map<uint32_t, int> { { 0, 1 }, { 1, 1 }, { 2, 1 } }));
    // A generator of bits and bound 5: three draws make 0..7; 0..4 each from one triple.
    seen.clear();
    for (uint32_t bits = 0; bits < 8; bits++) {
        draws = { bits >> 2 & 1, bits >> 1 & 1, bits & 1, 0, 0, 0 };
        next = 0;
        uint32_t v = keyact::uniform_below(5, 1, draw);
        if (bits < 5) {
            EXPECT_EQ(v, bits);
            EXPECT_EQ(next, 3u);
            seen[v]++;
        }
    }
    EXPECT_EQ(seen.size(), 5u);
    // A bound of 0 or 1: 0, without drawing.
    next = 0;
    EXPECT_EQ(keyact::uniform_below(1, 9, draw), 0u);
    EXPECT_EQ(keyact::uniform_below(0, 9, draw), 0u);
    EXPECT_EQ(next, 0u);
    // The full 32-bit range from a 31-bit generator (RAND_MAX on glibc): two draws.
    draws = { 1, 5 };
    next = 0;
    EXPECT_EQ(keyact::uniform_below(UINT32_MAX, 0x7fffffffu, draw), (uint32_t) (0x80000000ull + 5));
    EXPECT_EQ(next, 2u);
}

std::vector<std::string> logged;
void log_to_vector(const char *message) { logged.push_back(message); }

// A folder of its own for a test, mode 0700, removed with the object.
struct Folder {
    std::string path;
    Folder()
    {
        char name[] = "/tmp/keyact-kit-XXXXXX";
        path = mkdtemp(name) ? name : "";
    }
    ~Folder()
    {
        std::string plugin = path + "/keyact-discover.so";
        unlink(plugin.c_str());
        rmdir(path.c_str());
    }
};

// A missing plugin: said once in the engine's log (the handler), looked for again on each
// find, and found once it is there. One set of plugins per folder.
TEST(EngineKit, PluginsLookAgainAndSayItOnce)
{
    Folder folder;
    ASSERT_FALSE(folder.path.empty());
    logged.clear();
    keyact::set_log_handler(log_to_vector);
    keyact::Plugins plugins(folder.path, "the test's folder");
    EXPECT_EQ(plugins.find("discover"), nullptr);
    EXPECT_EQ(plugins.find("discover"), nullptr);
    EXPECT_EQ(logged, (std::vector<std::string> { "keyact: no plugin resolves discover: put keyact-discover.so in the test's folder" }));
    // The plugin put into the folder while the engine runs.
    const char *dir = std::getenv("KEYACT_PLUGIN_DIR");
    ASSERT_NE(dir, nullptr);
    {
        std::ifstream in(std::string(dir) + "/keyact-discover.so", std::ios::binary);
        std::ofstream out(folder.path + "/keyact-discover.so", std::ios::binary);
        out << in.rdbuf();
    }
    chmod((folder.path + "/keyact-discover.so").c_str(), 0755);
    const KeyactBoundAction *found = plugins.find("discover");
    ASSERT_NE(found, nullptr);
    EXPECT_STREQ(found->action->name, "discover");
    EXPECT_EQ(plugins.find("discover"), found);
    EXPECT_EQ(logged.size(), 1u);
    keyact::set_log_handler(nullptr);
    // once(): one set per folder, whatever the second argument.
    const keyact::Plugins &a = keyact::Plugins::once(folder.path, "here");
    EXPECT_EQ(&keyact::Plugins::once(folder.path, "there"), &a);
    EXPECT_NE(&keyact::Plugins::once(dir, "the build's plugin/discover/"), &a);
}

TEST(EngineKit, ManaCostText)
{
    EXPECT_EQ(keyact::ManaCostText().generic(2).colored('g').colored('w', 2).str(), "{2}{G}{W}{W}");
    EXPECT_EQ(keyact::ManaCostText().generic(3).phyrexian('g').str(), "{3}{G/P}");
    EXPECT_EQ(keyact::ManaCostText().hybrid(2, 'w').hybrid('r', 'w').str(), "{2/W}{R/W}");
    EXPECT_EQ(keyact::ManaCostText().generic(3).snow().generic(-1).str(), "{2}{S}");
    EXPECT_EQ(keyact::ManaCostText().x().colored('G').str(), "{X}{G}");
    EXPECT_EQ(keyact::ManaCostText().generic(0).str(), "");
}

TEST(EngineKit, Zones)
{
    EXPECT_EQ(keyact::zone_named("library"), KEYACT_ZONE_LIBRARY);
    EXPECT_EQ(keyact::zone_named("Graveyard"), KEYACT_ZONE_GRAVEYARD);
    EXPECT_EQ(keyact::zone_named("command"), KEYACT_ZONE_OTHER);
    EXPECT_EQ(keyact::zone_named(nullptr), KEYACT_ZONE_OTHER);
    std::vector<int> back = { 1, 2, 3, 4 };  // 4 is the top
    keyact::move_within_library(back, 4, 1, keyact::LibraryTop::Back);
    EXPECT_EQ(back, (std::vector<int> { 1, 2, 4, 3 }));
    keyact::move_within_library(back, 3, KEYACT_LIBRARY_BOTTOM, keyact::LibraryTop::Back);
    EXPECT_EQ(back, (std::vector<int> { 3, 1, 2, 4 }));
    std::vector<int> front = { 1, 2, 3 };  // 1 is the top
    keyact::move_within_library(front, 1, KEYACT_LIBRARY_BOTTOM, keyact::LibraryTop::Front);
    EXPECT_EQ(front, (std::vector<int> { 2, 3, 1 }));
}

}  // namespace
