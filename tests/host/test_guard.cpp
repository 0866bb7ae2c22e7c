/* SPDX-License-Identifier: MIT */
// test_guard.cpp - the guard (glue/host/guard.h): a plugin's calls about a
// card, player or game its resolve was never handed are refused with
// KEYACT_E_DENIED before they reach the host, the resolve says so, one
// warning names the plugin, and what the plugin hands back is cleaned of
// cards it never read. Against the trespass fixture (fixtures/trespass.c).
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "fixtures/fixture_common.h"
#include "host_test_support.h"

namespace {

using keyact_test::fixture_path;
using keyact_test::WarningCapture;

constexpr keyact_game_id kGame = 5;
constexpr keyact_player_id kPlayer = 2;

// A host with one library; every card it knows is in one zone. Records each
// call that reached it.
struct MiniHost {
    keyact_host table{};
    std::vector<keyact_card_id> library{101, 102, 103};
    std::map<keyact_card_id, uint32_t> zone;
    std::vector<std::string> calls;
    std::vector<keyact_event> events;

    MiniHost()
    {
        for (keyact_card_id c : library)
            zone[c] = KEYACT_ZONE_LIBRARY;
        zone[TRESPASS_FOREIGN_CARD] = KEYACT_ZONE_LIBRARY; // the other player's
        keyact_host_table_init(&table);
        table.host_data = this;
        table.host_name = "mini";
        table.library_size = library_size;
        table.library_card = library_card;
        table.move_card = move_card;
        table.describe_card = describe_card;
        table.can_cast_face = can_cast_face;
        table.choose = choose;
        table.cast_free = cast_free;
        table.random_below = random_below;
        table.notify = notify;
        table.card_zone = card_zone;
    }
    MiniHost(const MiniHost &) = delete;
    MiniHost &operator=(const MiniHost &) = delete;

    static MiniHost &of(const keyact_host *h) { return *static_cast<MiniHost *>(h->host_data); }

    static int32_t library_size(const keyact_host *h, keyact_game_id, keyact_player_id,
                                uint32_t *out)
    {
        of(h).calls.push_back("library_size");
        *out = uint32_t(of(h).library.size());
        return KEYACT_OK;
    }
    static int32_t library_card(const keyact_host *h, keyact_game_id, keyact_player_id,
                                uint32_t index, keyact_card_id *out)
    {
        of(h).calls.push_back("library_card");
        if (index >= of(h).library.size())
            return KEYACT_E_NOTFOUND;
        *out = of(h).library[index];
        return KEYACT_OK;
    }
    static int32_t move_card(const keyact_host *h, keyact_game_id, keyact_player_id,
                             keyact_card_id card, uint32_t to_zone, uint32_t, uint32_t)
    {
        MiniHost &self = of(h);
        self.calls.push_back("move_card " + std::to_string(card));
        auto &lib = self.library;
        lib.erase(std::remove(lib.begin(), lib.end(), card), lib.end());
        self.zone[card] = to_zone;
        return KEYACT_OK;
    }
    static int32_t describe_card(const keyact_host *h, keyact_game_id, keyact_card_id card,
                                 keyact_card_desc *out)
    {
        static const keyact_face_desc face = {sizeof face, 0, "Opt", "{U}"};
        of(h).calls.push_back("describe_card " + std::to_string(card));
        out->layout = KEYACT_LAYOUT_NORMAL;
        out->face_count = 1;
        out->faces[0] = &face;
        return KEYACT_OK;
    }
    static int32_t can_cast_face(const keyact_host *h, keyact_game_id, keyact_player_id,
                                 keyact_card_id, uint32_t, uint32_t *out)
    {
        of(h).calls.push_back("can_cast_face");
        *out = 1;
        return KEYACT_OK;
    }
    static int32_t choose(const keyact_host *h, keyact_game_id, keyact_player_id, keyact_card_id,
                          const keyact_option *, uint32_t count, uint32_t *out)
    {
        of(h).calls.push_back("choose");
        *out = count - 1u;
        return KEYACT_OK;
    }
    static int32_t cast_free(const keyact_host *h, keyact_game_id, keyact_player_id,
                             keyact_card_id, uint32_t, uint32_t *out)
    {
        of(h).calls.push_back("cast_free");
        *out = KEYACT_CAST_FAILED;
        return KEYACT_OK;
    }
    static int32_t random_below(const keyact_host *h, keyact_game_id, uint32_t, uint32_t *out)
    {
        of(h).calls.push_back("random_below");
        *out = 0;
        return KEYACT_OK;
    }
    static void notify(const keyact_host *h, keyact_game_id, const keyact_event *event)
    {
        of(h).events.push_back(*event);
    }
    static int32_t card_zone(const keyact_host *h, keyact_game_id, keyact_card_id card,
                             uint32_t *out)
    {
        auto it = of(h).zone.find(card);
        if (it == of(h).zone.end())
            return KEYACT_E_NOTFOUND;
        *out = it->second;
        return KEYACT_OK;
    }

    bool reached(const std::string &call) const
    {
        return std::find(calls.begin(), calls.end(), call) != calls.end();
    }
};

class Guard : public ::testing::Test {
protected:
    void SetUp() override
    {
        path_ = fixture_path("trespass");
        registry_ = keyact_registry_new();
        g_autoptr(GError) error = nullptr;
        ASSERT_TRUE(keyact_registry_load(registry_, path_.c_str(), KEYACT_LOAD_ALLOW_UNSAFE,
                                         &error))
            << error->message;
        ASSERT_TRUE(keyact_registry_lookup(registry_, "trespass", nullptr, &bound_, &error));
    }
    void TearDown() override { keyact_registry_free(registry_); }

    int32_t resolve(int32_t n)
    {
        keyact_resolve_args args = {sizeof args, n, kGame, kPlayer, 77};
        result_ = keyact_resolve_result{};
        result_.struct_size = sizeof result_;
        result_.stranded = stranded_;
        result_.stranded_capacity = 4;
        return keyact_bound_action_resolve(&bound_, &host_.table, &args, &result_);
    }

    // The one warning of a refused resolve names the plugin's file and
    // implementation id, and what it asked.
    void expect_one_warning_naming(const WarningCapture &warnings, const std::string &what)
    {
        ASSERT_EQ(warnings.messages().size(), 1u);
        const std::string &m = warnings.messages()[0];
        EXPECT_NE(m.find(path_), std::string::npos) << m;
        EXPECT_NE(m.find("org.keyact.test.trespass.v1"), std::string::npos) << m;
        EXPECT_NE(m.find("KEYACT_E_DENIED"), std::string::npos) << m;
        EXPECT_NE(m.find(what), std::string::npos) << m;
    }

    std::string path_;
    KeyactRegistry *registry_ = nullptr;
    KeyactBoundAction bound_{};
    MiniHost host_;
    keyact_resolve_result result_{};
    keyact_card_id stranded_[4]{};
};

TEST_F(Guard, AFairResolveIsNotTouched)
{
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_FAIR), KEYACT_OK);
    EXPECT_EQ(result_.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(result_.discovered, 101u);
    EXPECT_EQ(host_.zone[101], KEYACT_ZONE_HAND);
    EXPECT_TRUE(warnings.messages().empty());
}

TEST_F(Guard, AMoveOfACardNeverReadNeverReachesTheHost)
{
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_MOVE_UNREAD), KEYACT_E_DENIED);
    EXPECT_FALSE(host_.reached("move_card 9001"));
    EXPECT_EQ(host_.zone[TRESPASS_FOREIGN_CARD], KEYACT_ZONE_LIBRARY);
    // Nothing lost: the card it did exile is listed.
    ASSERT_EQ(result_.stranded_count, 1u);
    EXPECT_EQ(stranded_[0], 101u);
    EXPECT_EQ(host_.zone[101], KEYACT_ZONE_EXILE);
    expect_one_warning_naming(warnings, "move_card about card 9001");
}

TEST_F(Guard, AnotherPlayerOrGameIsRefused)
{
    {
        WarningCapture warnings;
        EXPECT_EQ(resolve(TRESPASS_OTHER_PLAYER), KEYACT_E_DENIED);
        EXPECT_EQ(std::count(host_.calls.begin(), host_.calls.end(), "library_size"), 0);
        expect_one_warning_naming(warnings, "library_size for player 3");
    }
    {
        WarningCapture warnings;
        EXPECT_EQ(resolve(TRESPASS_OTHER_GAME), KEYACT_E_DENIED);
        EXPECT_FALSE(host_.reached("describe_card 102"));
        expect_one_warning_naming(warnings, "describe_card in game 6");
        ASSERT_EQ(result_.stranded_count, 1u);
        EXPECT_EQ(stranded_[0], 102u);
    }
}

TEST_F(Guard, AnEventAboutACardNeverReadIsDropped)
{
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_EVENT), KEYACT_E_DENIED);
    for (const keyact_event &e : host_.events)
        EXPECT_NE(e.card, TRESPASS_FOREIGN_CARD);
    EXPECT_EQ(host_.events.size(), 1u); // the EXILED event of its own card
    EXPECT_EQ(host_.zone[101], KEYACT_ZONE_HAND);
    expect_one_warning_naming(warnings, "notify about card 9001");
}

TEST_F(Guard, MoreOptionsThanACardHasAreRefused)
{
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_OPTIONS), KEYACT_E_DENIED);
    EXPECT_FALSE(host_.reached("choose"));
    expect_one_warning_naming(warnings, "choose with 100 options");
    ASSERT_EQ(result_.stranded_count, 1u);
    EXPECT_EQ(stranded_[0], 101u);
}

TEST_F(Guard, TheResultNamesOnlyCardsTheResolveRead)
{
    {
        WarningCapture warnings;
        EXPECT_EQ(resolve(TRESPASS_RESULT), KEYACT_E_DENIED);
        EXPECT_EQ(result_.discovered, KEYACT_CARD_NONE);
        expect_one_warning_naming(warnings, "discovered card about card 9001");
    }
    {
        WarningCapture warnings;
        EXPECT_EQ(resolve(TRESPASS_LIST_FOREIGN), KEYACT_E_DENIED);
        ASSERT_EQ(result_.stranded_count, 1u); // 9001 taken out; 102 kept
        EXPECT_EQ(stranded_[0], 102u);
        expect_one_warning_naming(warnings, "stranded list about card 9001");
    }
}

// A host reads a full buffer when the count is above its capacity: a list
// that lied about one card is not believed past the buffer either.
TEST_F(Guard, AStrandedListThatLiesIsNotBelievedPastTheBuffer)
{
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_CLAIM_MANY), KEYACT_E_DENIED);
    ASSERT_EQ(result_.stranded_count, 1u);
    EXPECT_EQ(stranded_[0], 101u);
    for (uint32_t i = 1; i < 4; i++)
        EXPECT_EQ(stranded_[i], KEYACT_CARD_NONE);
    expect_one_warning_naming(warnings, "stranded list about card 9002");
}

TEST_F(Guard, TheHostsStrandedBufferStaysTheHosts)
{
    EXPECT_EQ(resolve(TRESPASS_STRANDED_POINTER), KEYACT_OK);
    EXPECT_EQ(result_.stranded, stranded_);
    EXPECT_EQ(result_.stranded_capacity, 4u);
}

TEST_F(Guard, UnderFatalValidationNothingIsLost)
{
    keyact_registry_set_validation(registry_, KEYACT_VALIDATION_FATAL);
    WarningCapture warnings;
    EXPECT_EQ(resolve(TRESPASS_MOVE_UNREAD), KEYACT_E_DENIED);
    ASSERT_EQ(result_.stranded_count, 1u);
    EXPECT_EQ(stranded_[0], 101u);
    EXPECT_EQ(host_.zone[101], KEYACT_ZONE_EXILE);
    EXPECT_EQ(host_.zone[TRESPASS_FOREIGN_CARD], KEYACT_ZONE_LIBRARY);
}

struct SteppedBlock {
    std::vector<unsigned char> bytes;
    void *state;
    explicit SteppedBlock(gsize size) : bytes(size + KEYACT_RESOLVE_STATE_ALIGN)
    {
        auto at = reinterpret_cast<guintptr>(bytes.data());
        at = (at + KEYACT_RESOLVE_STATE_ALIGN - 1u) & ~guintptr(KEYACT_RESOLVE_STATE_ALIGN - 1u);
        state = reinterpret_cast<void *>(at);
    }
};

TEST_F(Guard, AQuestionAboutACardNeverReadEndsTheStepResolve)
{
    gsize size = keyact_bound_action_state_size(&bound_);
    ASSERT_GT(size, 0u);
    for (int32_t n : {TRESPASS_FAIR, TRESPASS_QUESTION}) {
        SCOPED_TRACE(n);
        MiniHost host;
        SteppedBlock block(size);
        keyact_resolve_args args = {sizeof args, n, kGame, kPlayer, 77};
        ASSERT_EQ(keyact_bound_action_begin(&bound_, &host.table, &args, KEYACT_WAIT_ALL,
                                            block.state, size),
                  KEYACT_OK);
        keyact_resolve_result r{};
        r.struct_size = sizeof r;
        r.stranded = stranded_;
        r.stranded_capacity = 4;
        keyact_question q{};
        q.struct_size = sizeof q;
        WarningCapture warnings;
        int32_t status = keyact_resolve_step(block.state, &r, &q);
        if (n == TRESPASS_FAIR) {
            ASSERT_EQ(status, KEYACT_WAITING);
            EXPECT_EQ(q.card, 101u);
            keyact_answer a = {sizeof a, KEYACT_QUESTION_CHOOSE, KEYACT_OK, 1};
            ASSERT_EQ(keyact_resolve_answer(block.state, &a), KEYACT_OK);
            EXPECT_EQ(keyact_resolve_step(block.state, &r, &q), KEYACT_OK);
            EXPECT_EQ(host.zone[101], KEYACT_ZONE_HAND);
            EXPECT_TRUE(warnings.messages().empty());
        } else {
            EXPECT_EQ(status, KEYACT_E_DENIED);
            EXPECT_EQ(q.kind, KEYACT_QUESTION_NONE);
            ASSERT_EQ(r.stranded_count, 1u);
            EXPECT_EQ(stranded_[0], 101u);
            EXPECT_EQ(host.zone[101], KEYACT_ZONE_EXILE);
            expect_one_warning_naming(warnings, "question about card 9001");
            EXPECT_EQ(keyact_resolve_step(block.state, &r, &q), KEYACT_E_STATE);
        }
    }
}

}  // namespace
