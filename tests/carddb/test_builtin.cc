/* SPDX-License-Identifier: MIT */
// test_builtin.cc - the built-in card set compiled into the reference host.
#include <set>
#include <string>

#include "carddb_test_util.h"

namespace {

class Builtin : public ::testing::Test {
protected:
    void SetUp() override
    {
        g_autoptr(GError) error = nullptr;
        db_ = ref_carddb_load_builtin(&error);
        ASSERT_NE(db_, nullptr) << (error ? error->message : "");
    }
    void TearDown() override { ref_carddb_free(db_); }

    const RefCard *Card(const char *name)
    {
        const RefCard *card = ref_carddb_lookup(db_, name);
        EXPECT_NE(card, nullptr) << name << " is not in the built-in set";
        return card;
    }

    RefCardDb *db_ = nullptr;
};

// Colours of a printed cost: the W/U/B/R/G letters inside its symbols.
std::set<char> Colours(const char *cost)
{
    std::set<char> out;
    for (const char *p = cost; *p; p++)
        if (std::string("WUBRG").find(*p) != std::string::npos)
            out.insert(*p);
    return out;
}

TEST_F(Builtin, LoadsEveryCardWithAUsableDescription)
{
    EXPECT_GE(ref_carddb_size(db_), 90u);
    for (guint i = 0; i < ref_carddb_size(db_); i++) {
        const RefCard *card = ref_carddb_get(db_, i);
        ExpectDescMatchesCard(card);
        EXPECT_EQ(ref_carddb_lookup(db_, card->name), card);
        // Facts only: the built-in set has no published mana values.
        EXPECT_EQ(card->published_mana_value, -1);
    }
    EXPECT_EQ(ref_carddb_get(db_, ref_carddb_size(db_)), nullptr);
}

TEST_F(Builtin, DiscoverCardsCarryKindAndN)
{
    const RefCard *appraiser = Card("Geological Appraiser");
    ASSERT_NE(appraiser, nullptr);
    EXPECT_EQ(appraiser->discover_kind, REF_DISCOVER_ETB_IF_CAST);
    EXPECT_EQ(appraiser->discover_n, 3);
    EXPECT_TRUE(appraiser->is_permanent);
    EXPECT_STREQ(appraiser->faces[0].mana_cost, "{2}{R}{R}");

    const RefCard *hurl = Card("Hurl into History");
    ASSERT_NE(hurl, nullptr);
    EXPECT_EQ(hurl->discover_kind, REF_DISCOVER_ON_RESOLVE);
    EXPECT_EQ(hurl->discover_n, -1);
    EXPECT_FALSE(hurl->is_permanent);

    const RefCard *daring = Card("Daring Discovery");
    ASSERT_NE(daring, nullptr);
    EXPECT_EQ(daring->discover_kind, REF_DISCOVER_ON_RESOLVE);
    EXPECT_EQ(daring->discover_n, 4);

    const RefCard *carnosaur = Card("Trumpeting Carnosaur");
    ASSERT_NE(carnosaur, nullptr);
    EXPECT_EQ(carnosaur->discover_kind, REF_DISCOVER_ETB);
    EXPECT_EQ(carnosaur->discover_n, 5);

    const RefCard *favor = Card("Etali's Favor");
    ASSERT_NE(favor, nullptr);
    EXPECT_EQ(favor->discover_kind, REF_DISCOVER_ETB);
    EXPECT_EQ(favor->discover_n, 3);
    EXPECT_TRUE(favor->is_permanent);

    const RefCard *basic = Card("Mountain");
    ASSERT_NE(basic, nullptr);
    EXPECT_EQ(basic->discover_kind, REF_DISCOVER_NONE);
    EXPECT_EQ(basic->discover_n, 0);

    guint discovering = 0;
    for (guint i = 0; i < ref_carddb_size(db_); i++)
        discovering += ref_carddb_get(db_, i)->discover_kind != REF_DISCOVER_NONE;
    EXPECT_EQ(discovering, 22u) << "every LCI card that discovers";
}

// Real cascade cards, with the instance count of their keyword line.
TEST_F(Builtin, CascadeCardsCarryTheirInstances)
{
    struct Expect {
        const char *name;
        guint cascade;
        const char *cost;
    } cases[] = {
        { "Ardent Plea", 1, "{1}{W}{U}" },
        { "Shardless Agent", 1, "{1}{G}{U}" },
        { "Violent Outburst", 1, "{1}{R}{G}" },
        { "Bloodbraid Elf", 1, "{2}{R}{G}" },
        { "Bituminous Blast", 1, "{3}{B}{R}" },
        { "Enlisted Wurm", 1, "{4}{G}{W}" },
        { "Maelstrom Wanderer", 2, "{5}{G}{U}{R}" },
    };
    for (const Expect &e : cases) {
        SCOPED_TRACE(e.name);
        const RefCard *card = Card(e.name);
        ASSERT_NE(card, nullptr);
        ASSERT_EQ(card->n_faces, 1u);
        EXPECT_EQ(card->faces[0].cascade, e.cascade);
        EXPECT_STREQ(card->faces[0].mana_cost, e.cost);
        EXPECT_EQ(card->discover_kind, REF_DISCOVER_NONE);
    }
    guint cascading = 0;
    for (guint i = 0; i < ref_carddb_size(db_); i++) {
        const RefCard *card = ref_carddb_get(db_, i);
        for (guint f = 0; f < card->n_faces; f++)
            cascading += card->faces[f].cascade != 0;
    }
    EXPECT_EQ(cascading, G_N_ELEMENTS(cases)) << "no other card has cascade";
    EXPECT_EQ(Card("Geological Appraiser")->faces[0].cascade, 0u);
}

TEST_F(Builtin, MultiFaceCardsHaveLayoutFacesAndCosts)
{
    struct Expect {
        const char *name;
        guint32 layout;
        const char *layout_name;
        const char *face0, *cost0, *face1, *cost1;
        bool land0, land1;
    } cases[] = {
        { "Fire // Ice", KEYACT_LAYOUT_SPLIT, "split", "Fire", "{1}{R}", "Ice", "{1}{U}", false, false },
        { "Cut // Ribbons", KEYACT_LAYOUT_AFTERMATH, "aftermath", "Cut", "{1}{R}", "Ribbons", "{X}{B}{B}", false, false },
        { "Galvanic Giant // Storm Reading", KEYACT_LAYOUT_ADVENTURE, "adventure",
          "Galvanic Giant", "{3}{U}", "Storm Reading", "{5}{U}{U}", false, false },
        { "Valki, God of Lies // Tibalt, Cosmic Impostor", KEYACT_LAYOUT_MODAL_DFC, "modal_dfc",
          "Valki, God of Lies", "{1}{B}", "Tibalt, Cosmic Impostor", "{5}{B}{R}", false, false },
        { "Delver of Secrets // Insectile Aberration", KEYACT_LAYOUT_TRANSFORM, "transform",
          "Delver of Secrets", "{U}", "Insectile Aberration", "", false, false },
        { "Akki Lavarunner // Tok-Tok, Volcano Born", KEYACT_LAYOUT_FLIP, "flip",
          "Akki Lavarunner", "{3}{R}", "Tok-Tok, Volcano Born", "", false, false },
        { "Brightclimb Pathway // Grimclimb Pathway", KEYACT_LAYOUT_MODAL_DFC, "modal_dfc",
          "Brightclimb Pathway", "", "Grimclimb Pathway", "", true, true },
    };
    for (const Expect &e : cases) {
        SCOPED_TRACE(e.name);
        const RefCard *card = Card(e.name);
        ASSERT_NE(card, nullptr);
        EXPECT_EQ(card->layout, e.layout);
        EXPECT_STREQ(card->layout_name, e.layout_name);
        ASSERT_EQ(card->n_faces, 2u);
        EXPECT_STREQ(card->faces[0].name, e.face0);
        EXPECT_STREQ(card->faces[1].name, e.face1);
        EXPECT_EQ(FaceCost(card, 0), e.cost0);
        EXPECT_EQ(FaceCost(card, 1), e.cost1);
        EXPECT_EQ(card->faces[0].is_land != FALSE, e.land0);
        EXPECT_EQ(card->faces[1].is_land != FALSE, e.land1);
        ExpectDescMatchesCard(card);
    }
}

TEST_F(Builtin, SpecialCostsAreKeptAsPrinted)
{
    const RefCard *fireball = Card("Fireball");
    ASSERT_NE(fireball, nullptr);
    EXPECT_EQ(FaceCost(fireball, 0), "{X}{R}");
    const RefCard *probe = Card("Gitaxian Probe");
    ASSERT_NE(probe, nullptr);
    EXPECT_EQ(FaceCost(probe, 0), "{U/P}");
    const RefCard *procession = Card("Spectral Procession");
    ASSERT_NE(procession, nullptr);
    EXPECT_EQ(FaceCost(procession, 0), "{2/W}{2/W}{2/W}");
    EXPECT_EQ(procession->layout, KEYACT_LAYOUT_NORMAL);
    EXPECT_EQ(procession->n_faces, 1u);
    EXPECT_STREQ(procession->faces[0].name, "Spectral Procession");
}

TEST_F(Builtin, LookupByFaceNameAnyCase)
{
    const RefCard *fire_ice = Card("Fire // Ice");
    ASSERT_NE(fire_ice, nullptr);
    EXPECT_EQ(ref_carddb_lookup(db_, "Fire"), fire_ice);
    EXPECT_EQ(ref_carddb_lookup(db_, "ICE"), fire_ice);
    EXPECT_EQ(ref_carddb_lookup(db_, "fire // ice"), fire_ice);
    const RefCard *valki = Card("Valki, God of Lies // Tibalt, Cosmic Impostor");
    EXPECT_EQ(ref_carddb_lookup(db_, "tibalt, cosmic impostor"), valki);
    EXPECT_EQ(ref_carddb_lookup(db_, "Storm Reading"),
              ref_carddb_lookup(db_, "Galvanic Giant"));
    EXPECT_EQ(ref_carddb_lookup(db_, "No Such Card"), nullptr);
    EXPECT_EQ(ref_carddb_lookup(db_, ""), nullptr);
    EXPECT_EQ(ref_carddb_lookup(db_, nullptr), nullptr);
}

TEST_F(Builtin, BasicLandsAreLands)
{
    for (const char *name : { "Plains", "Island", "Swamp", "Mountain", "Forest" }) {
        SCOPED_TRACE(name);
        const RefCard *land = Card(name);
        ASSERT_NE(land, nullptr);
        EXPECT_TRUE(land->faces[0].is_land);
        EXPECT_TRUE(land->is_permanent);
        EXPECT_EQ(land->face_desc[0].flags, KEYACT_FACE_LAND);
        EXPECT_EQ(FaceCost(land, 0), "");
    }
}

// A 60-card deck in any two colours: at least 9 distinct nonland cards
// (36 at four copies) that cost only those colours, over mana values 1..5.
TEST_F(Builtin, EveryColourPairCanFillADeck)
{
    const std::string colours = "WUBRG";
    for (size_t a = 0; a < colours.size(); a++) {
        for (size_t b = a + 1; b < colours.size(); b++) {
            std::set<char> pair = { colours[a], colours[b] };
            std::set<int> values;
            guint playable = 0;
            for (guint i = 0; i < ref_carddb_size(db_); i++) {
                const RefCard *card = ref_carddb_get(db_, i);
                if (card->faces[0].is_land || card->n_faces != 1)
                    continue;
                std::set<char> need = Colours(card->faces[0].mana_cost);
                bool fits = !need.empty();
                for (char c : need)
                    fits = fits && pair.count(c) != 0;
                if (!fits)
                    continue;
                playable++;
                // Generic part plus one per coloured symbol is enough here.
                int value = 0;
                for (const char *p = card->faces[0].mana_cost; *p; p++) {
                    if (g_ascii_isdigit(*p) && p != card->faces[0].mana_cost && p[-1] == '{')
                        value += atoi(p);
                    else if (colours.find(*p) != std::string::npos)
                        value++;
                }
                values.insert(value);
            }
            SCOPED_TRACE(std::string(1, colours[a]) + colours[b]);
            EXPECT_GE(playable, 9u);
            for (int v = 1; v <= 5; v++)
                EXPECT_TRUE(values.count(v)) << "no card of mana value " << v;
        }
    }
}

}  // namespace
