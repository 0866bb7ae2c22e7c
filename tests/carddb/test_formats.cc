/* SPDX-License-Identifier: MIT */
// test_formats.cc - the same cards written as Scryfall (array and list) and
// MTGJSON (AtomicCards and a set file), plain and gzip, load the same.
#include <string>
#include <vector>

#include "carddb_fixtures.h"
#include "carddb_test_util.h"

namespace {

RefCardDb *Load(const std::string &path)
{
    g_autoptr(GError) error = nullptr;
    RefCardDb *db = ref_carddb_load_file(path.c_str(), &error);
    EXPECT_NE(db, nullptr) << path << ": " << (error ? error->message : "");
    return db;
}

// What both formats carry. The card-level published mana value differs for
// a modal DFC (MTGJSON gives each face entry its own), so it is compared
// only through the front face's entry.
void ExpectSameCard(const RefCard *a, const RefCard *b)
{
    ASSERT_NE(a, nullptr);
    ASSERT_NE(b, nullptr);
    SCOPED_TRACE(a->name);
    EXPECT_STREQ(a->name, b->name);
    EXPECT_EQ(a->layout, b->layout);
    EXPECT_STREQ(a->layout_name, b->layout_name);
    EXPECT_STREQ(a->type_line, b->type_line);
    EXPECT_EQ(a->is_permanent, b->is_permanent);
    EXPECT_EQ(a->discover_kind, b->discover_kind);
    EXPECT_EQ(a->discover_n, b->discover_n);
    EXPECT_EQ(a->published_mana_value, b->published_mana_value);
    ASSERT_EQ(a->n_faces, b->n_faces);
    for (guint i = 0; i < a->n_faces; i++) {
        EXPECT_STREQ(a->faces[i].name, b->faces[i].name);
        EXPECT_STREQ(a->faces[i].mana_cost, b->faces[i].mana_cost);
        EXPECT_STREQ(a->faces[i].type_line, b->faces[i].type_line);
        EXPECT_EQ(a->faces[i].is_land, b->faces[i].is_land);
        EXPECT_EQ(a->face_published_mana_value[i], b->face_published_mana_value[i]);
    }
    ExpectDescMatchesCard(a);
    ExpectDescMatchesCard(b);
}

void ExpectSameDb(RefCardDb *a, RefCardDb *b)
{
    ASSERT_NE(a, nullptr);
    ASSERT_NE(b, nullptr);
    ASSERT_EQ(ref_carddb_size(a), ref_carddb_size(b));
    for (guint i = 0; i < ref_carddb_size(a); i++)
        ExpectSameCard(ref_carddb_get(a, i), ref_carddb_get(b, i));
}

class Formats : public ::testing::Test {
protected:
    TempDir dir_;
};

TEST_F(Formats, ScryfallCardsAreRead)
{
    g_autoptr(RefCardDb) db = Load(dir_.write("cards.json", kScryfallCards));
    ASSERT_NE(db, nullptr);
    ASSERT_EQ(ref_carddb_size(db), 6u);

    const RefCard *fire = ref_carddb_lookup(db, "Fire // Ice");
    ASSERT_NE(fire, nullptr);
    EXPECT_EQ(fire->layout, KEYACT_LAYOUT_SPLIT);
    ASSERT_EQ(fire->n_faces, 2u);
    EXPECT_EQ(FaceCost(fire, 0), "{1}{R}");  // split from "{1}{R} // {1}{U}"
    EXPECT_EQ(FaceCost(fire, 1), "{1}{U}");
    EXPECT_EQ(fire->published_mana_value, 4.0);
    EXPECT_EQ(fire->face_published_mana_value[1], 2.0);
    EXPECT_EQ(fire->discover_kind, REF_DISCOVER_NONE);

    const RefCard *valki = ref_carddb_lookup(db, "Tibalt, Cosmic Impostor");
    ASSERT_NE(valki, nullptr);
    EXPECT_EQ(valki->layout, KEYACT_LAYOUT_MODAL_DFC);
    EXPECT_EQ(FaceCost(valki, 1), "{5}{B}{R}");
    EXPECT_EQ(valki->face_published_mana_value[0], -1) << "absent stays -1";

    const RefCard *appraiser = ref_carddb_lookup(db, "geological appraiser");
    ASSERT_NE(appraiser, nullptr);
    EXPECT_EQ(appraiser->discover_kind, REF_DISCOVER_ETB_IF_CAST);
    EXPECT_EQ(appraiser->discover_n, 3);
    const RefCard *hurl = ref_carddb_lookup(db, "Hurl into History");
    ASSERT_NE(hurl, nullptr);
    EXPECT_EQ(hurl->discover_kind, REF_DISCOVER_ON_RESOLVE);
    EXPECT_EQ(hurl->discover_n, -1);

    const RefCard *forest = ref_carddb_lookup(db, "Forest");
    ASSERT_NE(forest, nullptr);
    EXPECT_TRUE(forest->faces[0].is_land);

    const RefCard *saga = ref_carddb_lookup(db, "Urza's Saga");
    ASSERT_NE(saga, nullptr);
    EXPECT_EQ(saga->layout, KEYACT_LAYOUT_NORMAL);
    EXPECT_STREQ(saga->layout_name, "saga");
    EXPECT_TRUE(saga->faces[0].is_land) << "Land among several card types";
    for (guint i = 0; i < ref_carddb_size(db); i++)
        ExpectDescMatchesCard(ref_carddb_get(db, i));
}

TEST_F(Formats, PlainAndGzipLoadTheSame)
{
    for (const char *text : { kScryfallCards, kAtomicCards, kSetFile }) {
        g_autoptr(RefCardDb) plain = Load(dir_.write("plain.json", text));
        // A .json name on gzip data: detection is by content, not name.
        g_autoptr(RefCardDb) gz = Load(dir_.write("packed.json", text, true));
        ExpectSameDb(plain, gz);
    }
}

TEST_F(Formats, ScryfallListEqualsArray)
{
    std::string list = std::string(R"({"object": "list", "has_more": false, "data": )")
        + kScryfallCards + "}";
    g_autoptr(RefCardDb) array = Load(dir_.write("array.json", kScryfallCards));
    g_autoptr(RefCardDb) listed = Load(dir_.write("list.json", list));
    ExpectSameDb(array, listed);
}

TEST_F(Formats, MtgjsonAtomicAndSetEqualScryfall)
{
    g_autoptr(RefCardDb) scryfall = Load(dir_.write("scryfall.json", kScryfallCards));
    g_autoptr(RefCardDb) atomic = Load(dir_.write("AtomicCards.json.gz", kAtomicCards, true));
    g_autoptr(RefCardDb) set = Load(dir_.write("TST.json", kSetFile));
    ASSERT_NE(scryfall, nullptr);
    ASSERT_NE(atomic, nullptr);
    ASSERT_NE(set, nullptr);
    EXPECT_EQ(ref_carddb_size(set), 6u) << "reprints and repeated faces join one card";
    ExpectSameDb(scryfall, atomic);
    ExpectSameDb(scryfall, set);

    const RefCard *valki = ref_carddb_lookup(set, "Valki, God of Lies");
    ASSERT_NE(valki, nullptr);
    EXPECT_STREQ(valki->faces[0].name, "Valki, God of Lies") << "faces ordered by side";
    EXPECT_STREQ(valki->type_line,
                 "Legendary Creature \u2014 God // Legendary Planeswalker \u2014 Tibalt");
}

TEST_F(Formats, AllPrintingsStyleSetsJoin)
{
    std::string all = R"({"meta": {}, "data": {
      "AAA": {"code": "AAA", "cards": [
        {"name": "Shock", "layout": "normal", "manaCost": "{R}", "manaValue": 1, "type": "Instant",
         "text": "Shock deals 2 damage to any target."}]},
      "BBB": {"code": "BBB", "cards": [
        {"name": "Shock", "layout": "normal", "manaCost": "{R}", "manaValue": 1, "type": "Instant",
         "text": "Shock deals 2 damage to any target."},
        {"name": "Opt", "layout": "normal", "manaCost": "{U}", "manaValue": 1, "type": "Instant",
         "text": "Scry 1. Draw a card."}]}}})";
    g_autoptr(RefCardDb) db = Load(dir_.write("AllPrintings.json", all));
    ASSERT_NE(db, nullptr);
    ASSERT_EQ(ref_carddb_size(db), 2u);
    EXPECT_STREQ(ref_carddb_get(db, 0)->name, "Shock");
    EXPECT_STREQ(ref_carddb_get(db, 1)->name, "Opt");
}

TEST_F(Formats, FullNameWinsOverAnotherCardsFaceName)
{
    // "Fire // Ice" comes first, yet "Fire" finds the card named Fire.
    const char *text = R"([
      {"name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}", "type_line": "Instant // Instant",
       "card_faces": [{"name": "Fire", "type_line": "Instant"}, {"name": "Ice", "type_line": "Instant"}]},
      {"name": "Fire", "layout": "normal", "mana_cost": "{R}", "type_line": "Instant"},
      {"name": "Fire", "layout": "normal", "mana_cost": "{1}{R}", "type_line": "Sorcery"}
    ])";
    g_autoptr(RefCardDb) db = Load(dir_.write("clash.json", text));
    ASSERT_NE(db, nullptr);
    ASSERT_EQ(ref_carddb_size(db), 3u) << "every entry is kept";
    EXPECT_EQ(ref_carddb_lookup(db, "Fire"), ref_carddb_get(db, 1)) << "first full name wins";
    EXPECT_EQ(ref_carddb_lookup(db, "Ice"), ref_carddb_get(db, 0));
}

TEST_F(Formats, EmptyDataGivesAnEmptyDatabase)
{
    for (const char *text : { "[]", R"({"object": "list", "data": []})", R"({"data": {}})",
                              R"({"data": {"code": "X", "cards": []}})",
                              R"({"format": "keyact-carddb", "version": 1, "cards": []})" }) {
        SCOPED_TRACE(text);
        g_autoptr(RefCardDb) db = Load(dir_.write("empty.json", text));
        ASSERT_NE(db, nullptr);
        EXPECT_EQ(ref_carddb_size(db), 0u);
        EXPECT_EQ(ref_carddb_get(db, 0), nullptr);
        EXPECT_EQ(ref_carddb_lookup(db, "Fire"), nullptr);
    }
}

TEST_F(Formats, BuiltinSchemaLoadsFromAFile)
{
    const char *text = R"({"format": "keyact-carddb", "version": 1, "cards": [
      {"name": "Cut // Ribbons", "layout": "aftermath", "type_line": "Sorcery // Sorcery",
       "mana_cost": "{1}{R} // {X}{B}{B}",
       "faces": [{"name": "Cut", "type_line": "Sorcery"}, {"name": "Ribbons", "type_line": "Sorcery"}]},
      {"name": "Daring Discovery", "type_line": "Sorcery", "mana_cost": "{4}{R}",
       "discover": {"kind": "on_resolve", "n": 4}}]})";
    g_autoptr(RefCardDb) db = Load(dir_.write("deck.json", text));
    ASSERT_NE(db, nullptr);
    const RefCard *cut = ref_carddb_lookup(db, "Ribbons");
    ASSERT_NE(cut, nullptr);
    EXPECT_EQ(cut->layout, KEYACT_LAYOUT_AFTERMATH);
    EXPECT_EQ(FaceCost(cut, 1), "{X}{B}{B}");
    const RefCard *daring = ref_carddb_lookup(db, "Daring Discovery");
    ASSERT_NE(daring, nullptr);
    EXPECT_STREQ(daring->layout_name, "normal");
    EXPECT_EQ(daring->discover_kind, REF_DISCOVER_ON_RESOLVE);
    EXPECT_EQ(daring->discover_n, 4);
}

}  // namespace
