/* SPDX-License-Identifier: MIT */
// test_side_by_side.cc - the same library under discover N (CR 701.57a) and
// cascade N (CR 702.85a), through the two loaded plugins, one game each.
// Each test shows one difference (or one thing that must stay the same);
// every resolve is checked for conservation (Played::resolve).
#include <gtest/gtest.h>

#include <cstring>

#include "cascade_support.h"

namespace {

using cascade_test::library_case;
using cascade_test::Played;

constexpr uint32_t kFace0 = 1u;
constexpr uint32_t kBothFaces = 3u;

// ---- the hit: <= N against < N ------------------------------------------

TEST(SideBySide, ValueEqualToNIsAHitForDiscoverOnly)
{
    // Geological Appraiser is MV 4: discover 4 stops there; cascade 4 goes on
    // to Fireball (MV 1).
    const KcCase c = library_case(4, {&kc_mountain, &kc_geological_appraiser, &kc_fireball});
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.res.result.discovered, d.card(1));
    EXPECT_EQ(d.res.result.mana_value_halves, 8u);
    EXPECT_EQ(d.res.result.exiled_count, 2u);
    EXPECT_EQ(d.zone_of(d.card(1)), FAKE_ZONE_STACK);
    EXPECT_EQ(d.zone_of(d.card(2)), FAKE_ZONE_LIBRARY);
    EXPECT_EQ(d.position_of(d.card(2)), 0u);  // untouched, now on top

    EXPECT_EQ(k.res.result.discovered, k.card(2));
    EXPECT_EQ(k.res.result.mana_value_halves, 2u);
    EXPECT_EQ(k.res.result.exiled_count, 3u);
    EXPECT_EQ(k.res.result.bottomed_count, 2u);
    EXPECT_EQ(k.zone_of(k.card(1)), FAKE_ZONE_LIBRARY);
    EXPECT_EQ(k.zone_of(k.card(2)), FAKE_ZONE_STACK);
}

TEST(SideBySide, NothingIsBelowZero)
{
    const KcCase c = library_case(0, {&kc_ornithopter, &kc_mountain});
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.res.result.outcome, KEYACT_OUTCOME_CAST);
    EXPECT_EQ(d.res.result.discovered, d.card(0));
    EXPECT_EQ(d.res.result.exiled_count, 1u);

    EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_NONE);
    EXPECT_EQ(k.res.result.discovered, KEYACT_CARD_NONE);
    EXPECT_EQ(k.res.result.exiled_count, 2u);
    EXPECT_EQ(k.res.result.bottomed_count, 2u);
    EXPECT_EQ(k.events(), "EXILED EXILED BOTTOM BOTTOM FINISHED");
}

// ---- a hit that is not cast: hand against bottom ------------------------------

TEST(SideBySide, DeclinedHitGoesToHandOrToTheBottom)
{
    KcCase c = library_case(5, {&kc_mountain, &kc_geological_appraiser, &kc_fireball});
    c.choose = FAKE_CHOOSE_HAND;  // decline: TO_HAND, or TO_BOTTOM for cascade
    Played d(c), k(c);
    const guint hand_before = d.count(FAKE_ZONE_HAND);
    const guint library_before = d.count(FAKE_ZONE_LIBRARY);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.res.result.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(d.zone_of(d.card(1)), FAKE_ZONE_HAND);
    EXPECT_EQ(d.count(FAKE_ZONE_HAND), hand_before + 1);
    EXPECT_EQ(d.res.result.bottomed_count, 1u);
    EXPECT_EQ(d.events(), "EXILED EXILED HIT TO_HAND BOTTOM DISCOVERED");

    EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_BOTTOM);
    EXPECT_EQ(k.res.result.discovered, k.card(1));
    EXPECT_EQ(k.res.result.face_cast, KEYACT_FACE_NONE);
    EXPECT_EQ(k.zone_of(k.card(1)), FAKE_ZONE_LIBRARY);
    EXPECT_GE(k.position_of(k.card(1)), library_before - 2);  // among the bottom two
    EXPECT_EQ(k.count(FAKE_ZONE_HAND), hand_before);
    EXPECT_EQ(k.count(FAKE_ZONE_LIBRARY), library_before);
    EXPECT_EQ(k.res.result.bottomed_count, 2u);
    EXPECT_EQ(k.events(), "EXILED EXILED HIT BOTTOM BOTTOM FINISHED");
}

TEST(SideBySide, TheDeclineOptionIsToHandOrToBottom)
{
    const KcCase c = library_case(5, {&kc_geological_appraiser});
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    for (Played *p : {&d, &k}) {
        guint n = 0;
        const keyact_option *options = fake_host_last_options(p->game.host, &n);
        ASSERT_EQ(n, 2u);
        EXPECT_EQ(options[0].kind, KEYACT_OPTION_CAST_FACE);
        EXPECT_EQ(options[0].face, 0u);
        EXPECT_EQ(options[0].mana_value_halves, 8u);
        EXPECT_EQ(options[1].face, KEYACT_FACE_NONE);
        EXPECT_EQ(options[1].mana_value_halves, 0u);
        EXPECT_EQ(options[1].kind,
                  p == &d ? KEYACT_OPTION_TO_HAND : KEYACT_OPTION_TO_BOTTOM);
    }
}

TEST(SideBySide, NoLegalTargetsGoesToHandOrToTheBottom)
{
    KcCase c = library_case(5, {&kc_fire_ice, &kc_mountain});
    c.cannot_cast[0] = kBothFaces;
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    // Nothing can be cast, so nobody is asked.
    EXPECT_EQ(fake_host_call_count(d.game.host, FAKE_CALL_CHOOSE), 0u);
    EXPECT_EQ(fake_host_call_count(k.game.host, FAKE_CALL_CHOOSE), 0u);
    EXPECT_EQ(fake_host_call_count(k.game.host, FAKE_CALL_CAN_CAST_FACE), 2u);
    EXPECT_EQ(fake_host_call_count(k.game.host, FAKE_CALL_CAST_FREE), 0u);

    EXPECT_EQ(d.zone_of(d.card(0)), FAKE_ZONE_HAND);
    EXPECT_EQ(d.events(), "EXILED HIT TO_HAND DISCOVERED");

    EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_BOTTOM);
    EXPECT_EQ(k.zone_of(k.card(0)), FAKE_ZONE_LIBRARY);
    EXPECT_EQ(k.position_of(k.card(0)), k.count(FAKE_ZONE_LIBRARY) - 1);  // the only one bottomed
    EXPECT_EQ(k.position_of(k.card(1)), 0u);  // the Mountain was never exiled
    EXPECT_EQ(k.events(), "EXILED HIT BOTTOM FINISHED");
}

TEST(SideBySide, FailedCastGoesToHandOrToTheBottom)
{
    KcCase c = library_case(5, {&kc_geological_appraiser, &kc_mountain});
    c.cast_fails[0] = kFace0;
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.res.result.outcome, KEYACT_OUTCOME_HAND);
    EXPECT_EQ(d.events(), "EXILED HIT CAST_FAILED TO_HAND DISCOVERED");
    EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_BOTTOM);
    EXPECT_EQ(k.res.result.face_cast, KEYACT_FACE_NONE);
    EXPECT_EQ(k.zone_of(k.card(0)), FAKE_ZONE_LIBRARY);
    EXPECT_EQ(k.events(), "EXILED HIT CAST_FAILED BOTTOM FINISHED");
}

TEST(SideBySide, FailingCastFreeIsRecoveredAsHandOrBottom)
{
    KcCase c = library_case(5, {&kc_geological_appraiser});
    c.fault_kind = FAKE_CALL_CAST_FREE;
    c.fault_nth = 1;
    c.fault = FAKE_FAULT_STATUS;
    c.fault_status = KEYACT_E_STATE;
    Played d(c), k(c);
    EXPECT_EQ(d.resolve(unit::discover(), c), KEYACT_E_STATE);
    EXPECT_EQ(k.resolve(unit::cascade(), c), KEYACT_E_STATE);

    EXPECT_TRUE(d.res.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_TRUE(k.res.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(d.zone_of(d.card(0)), FAKE_ZONE_HAND);
    EXPECT_EQ(k.zone_of(k.card(0)), FAKE_ZONE_LIBRARY);
    EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_BOTTOM);
}

// ---- faces offered: each face's own value <= N against < N ----------------

struct Offer {
    const char *what;
    const FakeCardSpec *card;
    int32_t n;
    uint32_t discover_faces;  // faces offered; 0 with discover_hit means nothing castable
    bool discover_hit;
    uint32_t cascade_faces;
    bool cascade_hit;
};

class FaceOffers : public ::testing::TestWithParam<Offer> {};

TEST_P(FaceOffers, SameCardBothRules)
{
    const Offer &o = GetParam();
    // A land under it, so a miss shows as the land exiled too.
    const KcCase c = library_case(o.n, {o.card, &kc_mountain});
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.res.result.discovered, o.discover_hit ? d.card(0) : KEYACT_CARD_NONE);
    EXPECT_EQ(fake_host_offered_faces(d.game.host), o.discover_faces);
    EXPECT_EQ(k.res.result.discovered, o.cascade_hit ? k.card(0) : KEYACT_CARD_NONE);
    EXPECT_EQ(fake_host_offered_faces(k.game.host), o.cascade_faces);
    if (o.cascade_hit) {
        // The first offered face is cast (FAKE_CHOOSE_FIRST_CAST).
        EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_CAST);
        EXPECT_EQ(k.res.result.exiled_count, 1u);
    } else {
        EXPECT_EQ(k.res.result.outcome, KEYACT_OUTCOME_NONE);
        EXPECT_EQ(k.res.result.exiled_count, 2u);
        EXPECT_EQ(k.res.result.bottomed_count, 2u);
    }
}

// Values x1: Galvanic Giant 4 // Storm Reading 7; Valki 2 // Tibalt 7;
// Fire // Ice 2 + 2 (4 in exile); Wear // Tear 2 + 1 (3); Cut // Ribbons
// 2 + 2 (4; Ribbons only from a graveyard); Sea Gate Restoration 7 // land.
const Offer kOffers[] = {
    {"adventure_n7", &kc_galvanic_giant, 7, kBothFaces, true, kFace0, true},
    {"adventure_n8", &kc_galvanic_giant, 8, kBothFaces, true, kBothFaces, true},
    {"adventure_n4", &kc_galvanic_giant, 4, kFace0, true, 0, false},
    {"mdfc_n7", &kc_valki, 7, kBothFaces, true, kFace0, true},
    {"mdfc_n8", &kc_valki, 8, kBothFaces, true, kBothFaces, true},
    {"mdfc_n2", &kc_valki, 2, kFace0, true, 0, false},
    {"split_n4", &kc_fire_ice, 4, kBothFaces, true, 0, false},
    {"split_n5", &kc_fire_ice, 5, kBothFaces, true, kBothFaces, true},
    {"split_fuse_n3", &kc_wear_tear, 3, kBothFaces, true, 0, false},
    {"aftermath_n10", &kc_cut_ribbons, 10, kFace0, true, kFace0, true},
    {"aftermath_n4", &kc_cut_ribbons, 4, kFace0, true, 0, false},
    {"mdfc_land_back_n7", &kc_sea_gate_restoration, 7, kFace0, true, 0, false},
    {"mdfc_land_back_n8", &kc_sea_gate_restoration, 8, kFace0, true, kFace0, true},
    {"transform_n1", &kc_delver_of_secrets, 1, kFace0, true, 0, false},
    {"meld_n7", &kc_bruna, 7, kFace0, true, 0, false},
};

INSTANTIATE_TEST_SUITE_P(Layouts, FaceOffers, ::testing::ValuesIn(kOffers),
                         [](const ::testing::TestParamInfo<Offer> &info) {
                             return std::string(info.param.what);
                         });

TEST(SideBySide, EachOfferCarriesTheFaceOwnValue)
{
    const KcCase c = library_case(8, {&kc_galvanic_giant});
    Played k(c);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);
    guint n = 0;
    const keyact_option *options = fake_host_last_options(k.game.host, &n);
    ASSERT_EQ(n, 3u);
    EXPECT_EQ(options[0].face, 0u);
    EXPECT_EQ(options[0].mana_value_halves, 8u);   // Galvanic Giant
    EXPECT_EQ(options[1].face, 1u);
    EXPECT_EQ(options[1].mana_value_halves, 14u);  // Storm Reading
    EXPECT_EQ(options[2].kind, KEYACT_OPTION_TO_BOTTOM);
}

// ---- events ------------------------------------------------------------------

TEST(SideBySide, EventsFieldByField)
{
    // Mountain, Hengegate Pathway (land front), Valki (MV 2): a hit for both.
    const KcCase c = library_case(5, {&kc_mountain, &kc_hengegate_pathway, &kc_valki});
    Played d(c), k(c);
    ASSERT_EQ(d.resolve(unit::discover(), c), KEYACT_OK);
    ASSERT_EQ(k.resolve(unit::cascade(), c), KEYACT_OK);

    EXPECT_EQ(d.events(), "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM DISCOVERED");
    EXPECT_EQ(k.events(), "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM FINISHED");

    const std::vector<keyact_event> de = d.event_list(), ke = k.event_list();
    ASSERT_EQ(ke.size(), 8u);
    ASSERT_EQ(de.size(), ke.size());
    for (size_t i = 0; i < ke.size(); i++) {
        SCOPED_TRACE(i);
        EXPECT_EQ(ke[i].struct_size, sizeof(keyact_event));
        EXPECT_EQ(ke[i].player, KC_PLAYER);
        EXPECT_EQ(ke[i].n, 5);
        // Both games number their cards alike, so all but the last event agree.
        if (i + 1 < ke.size()) {
            EXPECT_EQ(ke[i].type, de[i].type);
            EXPECT_EQ(ke[i].card, de[i].card);
            EXPECT_EQ(ke[i].face, de[i].face);
            EXPECT_EQ(ke[i].index, de[i].index);
            EXPECT_EQ(ke[i].mana_value_halves, de[i].mana_value_halves);
        }
    }
    for (uint32_t i = 0; i < 3; i++) {
        EXPECT_EQ(ke[i].card, k.card(i));
        EXPECT_EQ(ke[i].index, i);
        EXPECT_EQ(ke[i].face, KEYACT_FACE_NONE);
    }
    EXPECT_EQ(ke[3].card, k.card(2));
    EXPECT_EQ(ke[3].mana_value_halves, 4u);  // HIT carries the value
    EXPECT_EQ(ke[4].card, k.card(2));
    EXPECT_EQ(ke[4].face, 0u);
    EXPECT_EQ(ke[5].index, 0u);
    EXPECT_EQ(ke[6].index, 1u);
    // The last event: DISCOVERED with the value, FINISHED without.
    EXPECT_EQ(de[7].type, KEYACT_EVENT_DISCOVERED);
    EXPECT_EQ(de[7].card, d.card(2));
    EXPECT_EQ(de[7].mana_value_halves, 4u);
    EXPECT_EQ(ke[7].type, KEYACT_EVENT_FINISHED);
    EXPECT_EQ(ke[7].card, k.card(2));
    EXPECT_EQ(ke[7].mana_value_halves, 0u);
    EXPECT_EQ(ke[7].face, KEYACT_FACE_NONE);
}

TEST(SideBySide, NoEventsWithoutNotify)
{
    // notify is optional: a host without it gets the same zones.
    const KcCase c = library_case(5, {&kc_mountain, &kc_valki});
    Played k(c);
    keyact_host table = *fake_host_table(k.game.host);
    table.notify = nullptr;
    fake_resolve_prepare(&k.res, k.game.host, KC_PLAYER, c.n, KEYACT_CARD_NONE);
    fake_host_reset_logs(k.game.host);
    const KeyactBoundAction &cascade = unit::cascade();
    ASSERT_EQ(keyact_bound_action_resolve(&cascade, &table, &k.res.args, &k.res.result),
              KEYACT_OK);
    EXPECT_EQ(k.events(), "");
    EXPECT_EQ(k.zone_of(k.card(1)), FAKE_ZONE_STACK);
    EXPECT_EQ(unit::conservation_problem(k.game, k.res), "");
}

// ---- past the 256-card inline list ------------------------------------------

TEST(SideBySide, ThreeHundredExiledCardsAllConserved)
{
    // 299 lands, then Geological Appraiser, declined: discover keeps the
    // hit in hand, cascade bottoms all 300.
    for (const KeyactBoundAction *action : {&unit::discover(), &unit::cascade()}) {
        SCOPED_TRACE(action->action->name);
        g_autoptr(FakeHost) host = fake_host_new(3, 1);
        for (int i = 0; i < 299; i++)
            fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_mountain);
        keyact_card_id hit =
            fake_host_add_card(host, KC_PLAYER, FAKE_ZONE_LIBRARY, &kc_geological_appraiser);
        fake_host_set_chooser(host, FAKE_CHOOSE_HAND, 0, nullptr, nullptr);
        fake_host_set_seed(host, 300);
        g_autoptr(FakeSnapshot) before = fake_host_snapshot(host);
        FakeResolve res;
        ASSERT_EQ(unit::resolve_with(*action, host, KC_PLAYER, 5, KEYACT_CARD_NONE, &res),
                  KEYACT_OK);
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(fake_host_check_conservation(host, before, &res.result, &error))
            << error->message;
        EXPECT_EQ(res.result.exiled_count, 300u);
        const bool is_cascade = action == &unit::cascade();
        EXPECT_EQ(res.result.bottomed_count, is_cascade ? 300u : 299u);
        FakeZone zone = FAKE_ZONE_NONE;
        guint position = 0;
        fake_host_locate(host, hit, &zone, &position);
        EXPECT_EQ(zone, is_cascade ? FAKE_ZONE_LIBRARY : FAKE_ZONE_HAND);
    }
}

// ---- refusals are the same ---------------------------------------------------

TEST(SideBySide, BadInputRefusedAlikeAndNothingTouched)
{
    const KcCase c = library_case(5, {&kc_geological_appraiser});
    Played k(c);
    for (const KeyactBoundAction *action : {&unit::discover(), &unit::cascade()}) {
        SCOPED_TRACE(action->action->name);
        fake_resolve_prepare(&k.res, k.game.host, KC_PLAYER, -1, KEYACT_CARD_NONE);
        fake_host_reset_logs(k.game.host);
        const keyact_resolve_result untouched = k.res.result;
        const keyact_host *table = fake_host_table(k.game.host);
        EXPECT_EQ(action->action->resolve(action->plugin_ctx, table, &k.res.args, &k.res.result),
                  KEYACT_E_INVAL);  // n < 0
        k.res.args.n = 5;
        int foreign = 0;
        EXPECT_EQ(action->action->resolve(&foreign, table, &k.res.args, &k.res.result),
                  KEYACT_E_INVAL);  // not a context of the plugin
        EXPECT_EQ(action->action->resolve(action->plugin_ctx, nullptr, &k.res.args, &k.res.result),
                  KEYACT_E_INVAL);
        keyact_host no_random = *table;
        no_random.random_below = nullptr;
        EXPECT_EQ(action->action->resolve(action->plugin_ctx, &no_random, &k.res.args,
                                          &k.res.result),
                  KEYACT_E_INVAL);  // a required callback missing
        EXPECT_EQ(std::memcmp(&untouched, &k.res.result, sizeof untouched), 0);
        guint n_calls = 0;
        fake_host_calls(k.game.host, &n_calls);
        EXPECT_EQ(n_calls, 0u);
        EXPECT_EQ(unit::conservation_problem(k.game, k.res), "");
    }
}

}  // namespace
