/* SPDX-License-Identifier: MIT */
// compare_test.cc - kp_card_evaluate under both comparisons, side by side:
// KP_AT_MOST (discover, CR 701.57a: "mana value N or less") and KP_BELOW
// (cascade, CR 702.85a: "less than this spell's mana value"), for the hit
// and for each face the player may cast.
#include <gtest/gtest.h>

#include <cstdint>

extern "C" {
#include <keyact/status.h>
#include "kp_card_rules.h"
}

#include "card_builder.h"

namespace {

using keyact_test::CardBuilder;
using keyact_test::Land;
using keyact_test::Spell;

struct Seen {
    uint32_t hit;
    uint32_t faces;
};

Seen Evaluate(CardBuilder &card, int32_t n, kp_compare compare)
{
    kp_card_eval eval{};
    EXPECT_EQ(kp_card_evaluate(card.desc(), n, compare, &eval), KEYACT_OK) << "n=" << n;
    return {eval.hit, eval.faces_mask};
}

// What discover n and cascade n see of one card.
void ExpectBoth(CardBuilder &card, int32_t n, Seen discover, Seen cascade)
{
    Seen d = Evaluate(card, n, KP_AT_MOST);
    Seen c = Evaluate(card, n, KP_BELOW);
    EXPECT_EQ(d.hit, discover.hit) << "discover " << n;
    EXPECT_EQ(d.faces, discover.faces) << "discover " << n;
    EXPECT_EQ(c.hit, cascade.hit) << "cascade " << n;
    EXPECT_EQ(c.faces, cascade.faces) << "cascade " << n;
}

constexpr Seen kMiss{0, 0};

TEST(Compare, ValueEqualToNHitsDiscoverOnly)
{
    CardBuilder giant(KEYACT_LAYOUT_NORMAL, {Spell("Hill Giant", "{3}{R}")});
    ExpectBoth(giant, 3, kMiss, kMiss);
    ExpectBoth(giant, 4, {1, 0x1}, kMiss);
    ExpectBoth(giant, 5, {1, 0x1}, {1, 0x1});
}

TEST(Compare, NothingIsBelowZero)
{
    CardBuilder ornithopter(KEYACT_LAYOUT_NORMAL, {Spell("Ornithopter", "{0}")});
    CardBuilder no_cost(KEYACT_LAYOUT_NORMAL, {Spell("Living End", "")});
    ExpectBoth(ornithopter, 0, {1, 0x1}, kMiss);
    ExpectBoth(no_cost, 0, {1, 0x1}, kMiss);
    ExpectBoth(ornithopter, 1, {1, 0x1}, {1, 0x1});
}

TEST(Compare, HalfManaHasNoRounding)
{
    CardBuilder girl(KEYACT_LAYOUT_NORMAL, {Spell("Little Girl", "{HW}")});
    CardBuilder half_giant(KEYACT_LAYOUT_NORMAL, {Spell("Half-giant", "{3}{HW}")});
    ExpectBoth(girl, 0, kMiss, kMiss);          // 1/2 is above 0
    ExpectBoth(girl, 1, {1, 0x1}, {1, 0x1});    // 1/2 < 1
    ExpectBoth(half_giant, 3, kMiss, kMiss);    // 3 1/2
    ExpectBoth(half_giant, 4, {1, 0x1}, {1, 0x1});
}

TEST(Compare, LandsNeverHit)
{
    CardBuilder forest(KEYACT_LAYOUT_NORMAL, {Land("Forest")});
    ExpectBoth(forest, 1, kMiss, kMiss);
    ExpectBoth(forest, 100, kMiss, kMiss);
}

TEST(Compare, SplitCombinedValueDecidesTheHit)
{
    // Fire // Ice: 4 in exile, each half 2. Both halves are offered when it
    // hits (one of them is cast, never both: the caller casts one face).
    CardBuilder fire_ice(KEYACT_LAYOUT_SPLIT, {Spell("Fire", "{1}{R}"), Spell("Ice", "{1}{U}")});
    ExpectBoth(fire_ice, 3, kMiss, kMiss);  // each half alone would fit
    ExpectBoth(fire_ice, 4, {1, 0x3}, kMiss);
    ExpectBoth(fire_ice, 5, {1, 0x3}, {1, 0x3});
}

TEST(Compare, AftermathSecondHalfNeverUnderEither)
{
    CardBuilder cut(KEYACT_LAYOUT_AFTERMATH, {Spell("Cut", "{1}{R}"), Spell("Ribbons", "{X}{B}{B}")});
    ExpectBoth(cut, 4, {1, 0x1}, kMiss);
    ExpectBoth(cut, 5, {1, 0x1}, {1, 0x1});
    ExpectBoth(cut, 20, {1, 0x1}, {1, 0x1});
}

TEST(Compare, AdventureFacesJudgedAlone)
{
    // Galvanic Giant {3}{U} (4) // Storm Reading {5}{U}{U} (7).
    CardBuilder giant(KEYACT_LAYOUT_ADVENTURE,
                      {Spell("Galvanic Giant", "{3}{U}"), Spell("Storm Reading", "{5}{U}{U}")});
    ExpectBoth(giant, 4, {1, 0x1}, kMiss);
    ExpectBoth(giant, 5, {1, 0x1}, {1, 0x1});
    ExpectBoth(giant, 7, {1, 0x3}, {1, 0x1});  // Storm Reading 7: <= 7, not < 7
    ExpectBoth(giant, 8, {1, 0x3}, {1, 0x3});
}

TEST(Compare, AdventureCostlierThanTheCreature)
{
    // Aquatic Alchemist {1}{U} (2) // Bubble Up {2}{U} (3): the card hits by
    // the creature's value; the adventure needs a larger N under either rule.
    CardBuilder card(KEYACT_LAYOUT_ADVENTURE,
                     {Spell("Aquatic Alchemist", "{1}{U}"), Spell("Bubble Up", "{2}{U}")});
    ExpectBoth(card, 2, {1, 0x1}, kMiss);
    ExpectBoth(card, 3, {1, 0x3}, {1, 0x1});
    ExpectBoth(card, 4, {1, 0x3}, {1, 0x3});
}

TEST(Compare, ModalDfcByTheFrontEitherFaceIfItFits)
{
    CardBuilder valki(KEYACT_LAYOUT_MODAL_DFC,
                      {Spell("Valki, God of Lies", "{1}{B}"),
                       Spell("Tibalt, Cosmic Impostor", "{5}{B}{R}")});
    ExpectBoth(valki, 2, {1, 0x1}, kMiss);
    ExpectBoth(valki, 3, {1, 0x1}, {1, 0x1});
    ExpectBoth(valki, 7, {1, 0x3}, {1, 0x1});
    ExpectBoth(valki, 8, {1, 0x3}, {1, 0x3});
}

TEST(Compare, ModalDfcLandFaceNeverCast)
{
    CardBuilder sea_gate(KEYACT_LAYOUT_MODAL_DFC,
                         {Spell("Sea Gate Restoration", "{4}{U}{U}{U}"), Land("Sea Gate, Reborn")});
    CardBuilder pathway(KEYACT_LAYOUT_MODAL_DFC,
                        {Land("Hengegate Pathway"), Land("Mistgate Pathway")});
    ExpectBoth(sea_gate, 7, {1, 0x1}, kMiss);
    ExpectBoth(sea_gate, 8, {1, 0x1}, {1, 0x1});
    ExpectBoth(pathway, 10, kMiss, kMiss);
}

TEST(Compare, TransformFlipMeldOnlyTheFront)
{
    CardBuilder delver(KEYACT_LAYOUT_TRANSFORM,
                       {Spell("Delver of Secrets", "{U}"), Spell("Insectile Aberration", "")});
    CardBuilder akki(KEYACT_LAYOUT_FLIP,
                     {Spell("Akki Lavarunner", "{3}{R}"), Spell("Tok-Tok, Volcano Born", "")});
    CardBuilder bruna(KEYACT_LAYOUT_MELD,
                      {Spell("Bruna, the Fading Light", "{5}{W}{W}"),
                       Spell("Brisela, Voice of Nightmares", "")});
    ExpectBoth(delver, 1, {1, 0x1}, kMiss);
    ExpectBoth(delver, 2, {1, 0x1}, {1, 0x1});
    ExpectBoth(akki, 5, {1, 0x1}, {1, 0x1});
    ExpectBoth(bruna, 7, {1, 0x1}, kMiss);
}

TEST(Compare, NotCastableFaceStillHits)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {{"Forbidden", "{2}", KEYACT_FACE_NOT_CASTABLE}});
    ExpectBoth(card, 3, {1, 0}, {1, 0});
}

TEST(Compare, EachOfferedFaceCarriesItsOwnValue)
{
    CardBuilder giant(KEYACT_LAYOUT_ADVENTURE,
                      {Spell("Bonecrusher Giant", "{2}{R}"), Spell("Stomp", "{1}{R}")});
    kp_card_eval eval{};
    ASSERT_EQ(kp_card_evaluate(giant.desc(), 4, KP_BELOW, &eval), KEYACT_OK);
    EXPECT_EQ(eval.mana_value_halves, 6u);
    EXPECT_EQ(eval.hit, 1u);
    EXPECT_EQ(eval.faces_mask, 0x3u);
    EXPECT_EQ(eval.face_halves[0], 6u);
    EXPECT_EQ(eval.face_halves[1], 4u);
}

TEST(Compare, LargestN)
{
    CardBuilder gleemax(KEYACT_LAYOUT_NORMAL, {Spell("Gleemax", "{1000000}")});
    ExpectBoth(gleemax, 1000000, {1, 0x1}, kMiss);
    ExpectBoth(gleemax, INT32_MAX, {1, 0x1}, {1, 0x1});
}

TEST(Compare, UnknownComparisonAndNegativeNAreRefused)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{1}")});
    kp_card_eval eval{};
    eval.hit = 7;
    EXPECT_EQ(kp_card_evaluate(card.desc(), 2, static_cast<kp_compare>(2), &eval), KEYACT_E_INVAL);
    EXPECT_EQ(kp_card_evaluate(card.desc(), -1, KP_BELOW, &eval), KEYACT_E_INVAL);
    EXPECT_EQ(eval.hit, 7u);  // nothing written
}

}  // namespace
