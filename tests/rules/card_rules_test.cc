/* SPDX-License-Identifier: MIT */
// card_rules_test.cc - kp_card_mana_value, kd_discover_options and
// kp_card_evaluate for every layout, the N boundaries (<= N for discover,
// < N for cascade), and refused descriptions.
#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <cstdint>

extern "C" {
#include <keyact/status.h>
#include "discover_rules.h"
#include "kp_card_rules.h"
}

#include "card_builder.h"

namespace {

using keyact_test::CardBuilder;
using keyact_test::Land;
using keyact_test::Spell;

struct Value {
    uint32_t halves;
    uint32_t is_land;
};

Value CardValue(CardBuilder &card)
{
    Value v{999, 999};
    EXPECT_EQ(kp_card_mana_value(card.desc(), &v.halves, &v.is_land), KEYACT_OK);
    return v;
}

struct Options {
    uint32_t hit;
    uint32_t faces;
};

Options Discover(CardBuilder &card, int32_t n)
{
    Options o{999, 999};
    EXPECT_EQ(kd_discover_options(card.desc(), n, &o.hit, &o.faces), KEYACT_OK) << "n=" << n;
    return o;
}

void ExpectOptions(CardBuilder &card, int32_t n, uint32_t hit, uint32_t faces)
{
    Options o = Discover(card, n);
    EXPECT_EQ(o.hit, hit) << "n=" << n;
    EXPECT_EQ(o.faces, faces) << "n=" << n;
}

// --- normal -------------------------------------------------------------

TEST(NormalCard, ValueIsTheFace)
{
    CardBuilder shock(KEYACT_LAYOUT_NORMAL, {Spell("Lightning Bolt", "{R}")});
    Value v = CardValue(shock);
    EXPECT_EQ(v.halves, 2u);
    EXPECT_EQ(v.is_land, 0u);
}

TEST(NormalCard, HitsAtExactlyNNotAbove)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Hill Giant", "{3}{R}")});
    ExpectOptions(card, 3, 0, 0);  // value N+1
    ExpectOptions(card, 4, 1, 1);  // value == N
    ExpectOptions(card, 5, 1, 1);
}

TEST(NormalCard, ZeroCostsHitAtNZero)
{
    CardBuilder zero(KEYACT_LAYOUT_NORMAL, {Spell("Ornithopter", "{0}")});
    CardBuilder none(KEYACT_LAYOUT_NORMAL, {Spell("Living End", "")});
    CardBuilder x(KEYACT_LAYOUT_NORMAL, {Spell("Stonecoil Serpent", "{X}")});
    CardBuilder one(KEYACT_LAYOUT_NORMAL, {Spell("Sol Ring", "{1}")});
    ExpectOptions(zero, 0, 1, 1);
    ExpectOptions(none, 0, 1, 1);
    ExpectOptions(x, 0, 1, 1);
    ExpectOptions(one, 0, 0, 0);
}

TEST(NormalCard, HalfManaComparesExactly)
{
    CardBuilder girl(KEYACT_LAYOUT_NORMAL, {Spell("Little Girl", "{HW}")});
    CardBuilder three_and_half(KEYACT_LAYOUT_NORMAL, {Spell("Half-giant", "{3}{HW}")});
    EXPECT_EQ(CardValue(girl).halves, 1u);
    ExpectOptions(girl, 0, 0, 0);  // 1/2 > 0
    ExpectOptions(girl, 1, 1, 1);
    EXPECT_EQ(CardValue(three_and_half).halves, 7u);
    ExpectOptions(three_and_half, 3, 0, 0);  // 3.5 > 3: no rounding down
    ExpectOptions(three_and_half, 4, 1, 1);
}

TEST(NormalCard, LargestNAndGleemax)
{
    CardBuilder gleemax(KEYACT_LAYOUT_NORMAL, {Spell("Gleemax", "{1000000}")});
    EXPECT_EQ(CardValue(gleemax).halves, 2000000u);
    ExpectOptions(gleemax, 999999, 0, 0);
    ExpectOptions(gleemax, 1000000, 1, 1);
    ExpectOptions(gleemax, INT32_MAX, 1, 1);
}

TEST(NormalCard, LandNeverHits)
{
    CardBuilder forest(KEYACT_LAYOUT_NORMAL, {Land("Forest")});
    CardBuilder dryad(KEYACT_LAYOUT_NORMAL, {{"Dryad Arbor", "", KEYACT_FACE_LAND}});
    Value v = CardValue(forest);
    EXPECT_EQ(v.halves, 0u);
    EXPECT_EQ(v.is_land, 1u);
    ExpectOptions(forest, 0, 0, 0);
    ExpectOptions(forest, 100, 0, 0);
    ExpectOptions(dryad, 5, 0, 0);
}

TEST(NormalCard, NotCastableStillStopsTheExiling)
{
    // The host may forbid the cast; the card is still the discovered card.
    CardBuilder card(KEYACT_LAYOUT_NORMAL,
                     {{"Forbidden", "{2}", KEYACT_FACE_NOT_CASTABLE}});
    ExpectOptions(card, 2, 1, 0);
}

TEST(NormalCard, ExtraFacesOfANormalCardAreIgnored)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL,
                     {Spell("Front", "{1}"), Spell("Stray", "{Q}")});
    EXPECT_EQ(CardValue(card).halves, 2u);
    ExpectOptions(card, 1, 1, 1);
}

TEST(UnknownLayout, BehavesLikeNormal)
{
    CardBuilder card(99u, {Spell("Front", "{2}"), Spell("Back", "{1}")});
    EXPECT_EQ(CardValue(card).halves, 4u);
    ExpectOptions(card, 2, 1, 1);
    ExpectOptions(card, 1, 0, 0);
}

// --- split --------------------------------------------------------------

TEST(SplitCard, ValueSumsTheHalves)
{
    CardBuilder fire_ice(KEYACT_LAYOUT_SPLIT,
                         {Spell("Fire", "{1}{R}"), Spell("Ice", "{1}{U}")});
    Value v = CardValue(fire_ice);
    EXPECT_EQ(v.halves, 8u);
    EXPECT_EQ(v.is_land, 0u);
}

TEST(SplitCard, HitNeedsTheCombinedValueThenEitherHalf)
{
    CardBuilder fire_ice(KEYACT_LAYOUT_SPLIT,
                         {Spell("Fire", "{1}{R}"), Spell("Ice", "{1}{U}")});
    ExpectOptions(fire_ice, 2, 0, 0);  // each half is 2, the card is 4
    ExpectOptions(fire_ice, 3, 0, 0);
    ExpectOptions(fire_ice, 4, 1, 0x3);
}

TEST(SplitCard, ThreeHalves)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT,
                     {Spell("Smelt", "{R}"), Spell("Herd", "{5}{G}"), Spell("Saw", "{1}{B}")});
    EXPECT_EQ(CardValue(card).halves, 18u);
    ExpectOptions(card, 8, 0, 0);
    ExpectOptions(card, 9, 1, 0x7);
}

TEST(SplitCard, NotCastableHalfIsLeftOut)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT,
                     {Spell("Alive", "{3}{G}"), {"Well", "{W}", KEYACT_FACE_NOT_CASTABLE}});
    EXPECT_EQ(CardValue(card).halves, 10u);
    ExpectOptions(card, 5, 1, 0x1);
}

TEST(SplitCard, AnyLandHalfMakesItALand)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT, {Spell("Spell half", "{1}"), Land("Land half")});
    Value v = CardValue(card);
    EXPECT_EQ(v.halves, 2u);
    EXPECT_EQ(v.is_land, 1u);
    ExpectOptions(card, 10, 0, 0);
}

TEST(SplitCard, OverflowingSumIsABadCost)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT,
                     {Spell("Big", "{2147483647}"), Spell("Bigger", "{2147483647}")});
    uint32_t halves = 0, is_land = 0, hit = 0, faces = 0;
    EXPECT_EQ(kp_card_mana_value(card.desc(), &halves, &is_land), KEYACT_E_BADCOST);
    EXPECT_EQ(kd_discover_options(card.desc(), INT32_MAX, &hit, &faces), KEYACT_E_BADCOST);
}

// --- aftermath ----------------------------------------------------------

TEST(AftermathCard, ValueSumsButOnlyTheFirstHalfIsCast)
{
    CardBuilder card(KEYACT_LAYOUT_AFTERMATH,
                     {Spell("Appeal", "{G}"), Spell("Authority", "{1}{W}")});
    EXPECT_EQ(CardValue(card).halves, 6u);
    ExpectOptions(card, 2, 0, 0);
    ExpectOptions(card, 3, 1, 0x1);  // Authority is cast only from a graveyard
    ExpectOptions(card, 20, 1, 0x1);
}

TEST(AftermathCard, NotCastableFirstHalfLeavesNothing)
{
    CardBuilder card(KEYACT_LAYOUT_AFTERMATH,
                     {{"Appeal", "{G}", KEYACT_FACE_NOT_CASTABLE}, Spell("Authority", "{1}{W}")});
    ExpectOptions(card, 3, 1, 0);
}

// --- adventure ----------------------------------------------------------

TEST(AdventureCard, ValueIsTheCreatureEitherMayBeCast)
{
    CardBuilder giant(KEYACT_LAYOUT_ADVENTURE,
                      {Spell("Bonecrusher Giant", "{2}{R}"), Spell("Stomp", "{1}{R}")});
    EXPECT_EQ(CardValue(giant).halves, 6u);
    ExpectOptions(giant, 2, 0, 0);  // Stomp alone would fit, but the card is 3
    ExpectOptions(giant, 3, 1, 0x3);
}

TEST(AdventureCard, CostlierAdventureNeedsALargerN)
{
    CardBuilder card(KEYACT_LAYOUT_ADVENTURE,
                     {Spell("Aquatic Alchemist", "{1}{U}"), Spell("Bubble Up", "{2}{U}")});
    EXPECT_EQ(CardValue(card).halves, 4u);
    ExpectOptions(card, 2, 1, 0x1);
    ExpectOptions(card, 3, 1, 0x3);
}

TEST(AdventureCard, EvaluateGivesEachFacesOwnValue)
{
    CardBuilder giant(KEYACT_LAYOUT_ADVENTURE,
                      {Spell("Bonecrusher Giant", "{2}{R}"), Spell("Stomp", "{1}{R}")});
    kp_card_eval eval;
    ASSERT_EQ(kp_card_evaluate(giant.desc(), 3, KP_AT_MOST, &eval), KEYACT_OK);
    EXPECT_EQ(eval.mana_value_halves, 6u);
    EXPECT_EQ(eval.hit, 1u);
    EXPECT_EQ(eval.faces_mask, 0x3u);
    EXPECT_EQ(eval.face_halves[0], 6u);
    EXPECT_EQ(eval.face_halves[1], 4u);
    EXPECT_EQ(eval.face_halves[2], 0u);
}

TEST(AdventureCard, BadAdventureCostIsABadCost)
{
    CardBuilder card(KEYACT_LAYOUT_ADVENTURE,
                     {Spell("Creature", "{1}"), Spell("Adventure", "{Q}")});
    uint32_t hit = 0, faces = 0;
    EXPECT_EQ(kd_discover_options(card.desc(), 5, &hit, &faces), KEYACT_E_BADCOST);
}

// --- modal double-faced --------------------------------------------------

TEST(ModalDfc, SpellBothSidesValueIsTheFront)
{
    CardBuilder valki(KEYACT_LAYOUT_MODAL_DFC,
                      {Spell("Valki, God of Lies", "{1}{B}"),
                       Spell("Tibalt, Cosmic Impostor", "{5}{B}{R}")});
    EXPECT_EQ(CardValue(valki).halves, 4u);
    ExpectOptions(valki, 1, 0, 0);
    ExpectOptions(valki, 2, 1, 0x1);  // Tibalt's own 7 is too much
    ExpectOptions(valki, 6, 1, 0x1);
    ExpectOptions(valki, 7, 1, 0x3);
}

TEST(ModalDfc, LandBackedOnlyTheSpellFace)
{
    CardBuilder card(KEYACT_LAYOUT_MODAL_DFC,
                     {Spell("Agadeem's Awakening", "{X}{B}{B}{B}"),
                      Land("Agadeem, the Undercrypt")});
    Value v = CardValue(card);
    EXPECT_EQ(v.halves, 6u);
    EXPECT_EQ(v.is_land, 0u);
    ExpectOptions(card, 2, 0, 0);
    ExpectOptions(card, 3, 1, 0x1);
}

TEST(ModalDfc, LandFrontedIsALandInTheLibrary)
{
    CardBuilder pathway(KEYACT_LAYOUT_MODAL_DFC,
                        {Land("Branchloft Pathway"), Land("Boulderloft Pathway")});
    CardBuilder spell_back(KEYACT_LAYOUT_MODAL_DFC,
                           {Land("Land front"), Spell("Spell back", "{1}{G}")});
    EXPECT_EQ(CardValue(pathway).is_land, 1u);
    ExpectOptions(pathway, 10, 0, 0);
    Value v = CardValue(spell_back);
    EXPECT_EQ(v.halves, 0u);
    EXPECT_EQ(v.is_land, 1u);
    ExpectOptions(spell_back, 10, 0, 0);
}

TEST(ModalDfc, NotCastableBack)
{
    CardBuilder card(KEYACT_LAYOUT_MODAL_DFC,
                     {Spell("Front", "{1}"), {"Back", "{1}", KEYACT_FACE_NOT_CASTABLE}});
    ExpectOptions(card, 1, 1, 0x1);
}

// --- transform, flip, meld -------------------------------------------------

TEST(TransformCard, OnlyTheFront)
{
    CardBuilder witch(KEYACT_LAYOUT_TRANSFORM,
                      {Spell("Accursed Witch", "{3}{B}"), Spell("Infectious Curse", "")});
    EXPECT_EQ(CardValue(witch).halves, 8u);
    ExpectOptions(witch, 3, 0, 0);
    ExpectOptions(witch, 4, 1, 0x1);
}

TEST(TransformCard, BackFaceCostIsNeverRead)
{
    CardBuilder card(KEYACT_LAYOUT_TRANSFORM,
                     {Spell("Front", "{2}"), Spell("Back", "{not a cost")});
    EXPECT_EQ(CardValue(card).halves, 4u);
    ExpectOptions(card, 2, 1, 0x1);
}

TEST(FlipCard, OnlyTheUnflippedHalf)
{
    CardBuilder akki(KEYACT_LAYOUT_FLIP,
                     {Spell("Akki Lavarunner", "{3}{R}"), Spell("Tok-Tok, Volcano Born", "")});
    EXPECT_EQ(CardValue(akki).halves, 8u);
    ExpectOptions(akki, 4, 1, 0x1);
}

TEST(MeldCard, OnlyTheFront)
{
    CardBuilder bruna(KEYACT_LAYOUT_MELD,
                      {Spell("Bruna, the Fading Light", "{5}{W}{W}"),
                       Spell("Brisela, Voice of Nightmares", "")});
    CardBuilder lone(KEYACT_LAYOUT_MELD, {Spell("Gisela, the Broken Blade", "{2}{W}{W}")});
    EXPECT_EQ(CardValue(bruna).halves, 14u);
    ExpectOptions(bruna, 6, 0, 0);
    ExpectOptions(bruna, 7, 1, 0x1);
    ExpectOptions(lone, 4, 1, 0x1);
}

// --- refused descriptions ---------------------------------------------------

TEST(InvalidCard, NullArguments)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{1}")});
    uint32_t a = 0, b = 0;
    kp_card_eval eval;
    EXPECT_EQ(kp_card_mana_value(nullptr, &a, &b), KEYACT_E_INVAL);
    EXPECT_EQ(kp_card_mana_value(card.desc(), nullptr, &b), KEYACT_E_INVAL);
    EXPECT_EQ(kp_card_mana_value(card.desc(), &a, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(kd_discover_options(nullptr, 1, &a, &b), KEYACT_E_INVAL);
    EXPECT_EQ(kd_discover_options(card.desc(), 1, nullptr, &b), KEYACT_E_INVAL);
    EXPECT_EQ(kd_discover_options(card.desc(), 1, &a, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(kp_card_evaluate(card.desc(), 1, KP_AT_MOST, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(kp_card_evaluate(nullptr, 1, KP_AT_MOST, &eval), KEYACT_E_INVAL);
}

TEST(InvalidCard, NegativeN)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{0}")});
    uint32_t hit = 7, faces = 7;
    EXPECT_EQ(kd_discover_options(card.desc(), -1, &hit, &faces), KEYACT_E_INVAL);
    EXPECT_EQ(kd_discover_options(card.desc(), INT32_MIN, &hit, &faces), KEYACT_E_INVAL);
    EXPECT_EQ(hit, 7u);
    EXPECT_EQ(faces, 7u);
}

void ExpectRefused(keyact_card_desc *desc, int32_t code)
{
    uint32_t halves = 77, is_land = 77, hit = 77, faces = 77;
    EXPECT_EQ(kp_card_mana_value(desc, &halves, &is_land), code);
    EXPECT_EQ(kd_discover_options(desc, 10, &hit, &faces), code);
    // Nothing is written on failure.
    EXPECT_EQ(halves, 77u);
    EXPECT_EQ(is_land, 77u);
    EXPECT_EQ(hit, 77u);
    EXPECT_EQ(faces, 77u);
}

TEST(InvalidCard, NoFaces)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{1}")});
    card.desc()->face_count = 0;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
}

TEST(InvalidCard, TooManyFaces)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT,
                     {Spell("A", "{1}"), Spell("B", "{1}"), Spell("C", "{1}"), Spell("D", "{1}")});
    card.desc()->face_count = KEYACT_MAX_FACES + 1;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
    card.desc()->face_count = UINT32_MAX;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
}

TEST(InvalidCard, NullFacePointer)
{
    CardBuilder card(KEYACT_LAYOUT_ADVENTURE, {Spell("Creature", "{1}"), Spell("Adventure", "{1}")});
    card.desc()->faces[1] = nullptr;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
}

TEST(InvalidCard, FaceTooSmall)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{1}")});
    card.face(0)->struct_size = offsetof(keyact_face_desc, mana_cost);
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
    card.face(0)->struct_size = 0;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
}

TEST(InvalidCard, CardTooSmallForItsFaces)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT, {Spell("A", "{1}"), Spell("B", "{1}")});
    card.desc()->struct_size = offsetof(keyact_card_desc, faces) + sizeof(card.desc()->faces[0]);
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
    card.desc()->struct_size = 0;
    ExpectRefused(card.desc(), KEYACT_E_BADCARD);
}

TEST(InvalidCard, BadCostOfTheFront)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{Q}")});
    ExpectRefused(card.desc(), KEYACT_E_BADCOST);
}

TEST(InvalidCard, BadCostOfASplitHalf)
{
    CardBuilder card(KEYACT_LAYOUT_SPLIT, {Spell("A", "{1}"), Spell("B", "{2")});
    ExpectRefused(card.desc(), KEYACT_E_BADCOST);
}

TEST(VersionedCard, LargerStructsFromANewerHostAreRead)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{2}")});
    card.face(0)->struct_size = sizeof(keyact_face_desc) + 16;  // appended fields
    card.desc()->struct_size = sizeof(keyact_card_desc) + 32;
    // Only the 1.0 fields are read; the builder's storage is 1.0-sized but
    // nothing past it is touched.
    ExpectOptions(card, 2, 1, 0x1);
}

TEST(VersionedCard, ShorterCardWithOnlyItsFacesIsEnough)
{
    CardBuilder card(KEYACT_LAYOUT_NORMAL, {Spell("Card", "{2}")});
    card.desc()->struct_size = offsetof(keyact_card_desc, faces) + sizeof(card.desc()->faces[0]);
    ExpectOptions(card, 2, 1, 0x1);
}

} // namespace
