/* SPDX-License-Identifier: MIT */
// test_cascade.cc - cascade (CR 702.85) in the card database: the count of
// instances read from oracle text, the keyword lists of Scryfall and
// MTGJSON, and the built-in schema's "cascade".
#include <string>

#include "carddb_test_util.h"
#include "carddb-private.h"

namespace {

TEST(CascadeText, InstancesOnKeywordLines)
{
    struct Case {
        const char *text;
        guint count;
    } cases[] = {
        // Printed texts, reminder text and all.
        { "Cascade (When you cast this spell, exile cards from the top of your library until you "
          "exile a nonland card that costs less. You may cast it without paying its mana cost. Put "
          "the exiled cards on the bottom of your library in a random order.)", 1 },
        { "Cascade, cascade (When you cast this spell, exile cards ... Then do it again.)\n"
          "Creatures you control have haste.\n{T}: Return target creature to its owner's hand.", 2 },
        // Apex Devastator (not in the shared pool, which has no CMR).
        { "Cascade, cascade, cascade, cascade (When you cast this spell, exile cards ...)", 4 },
        { "Flying, cascade", 1 },
        { "Trample\nCascade", 1 },
        { "Haste, Cascade", 1 },
        // Given or granted under a condition: no instance on the card.
        { "Delirium \u2014 This spell has cascade as long as there are four or more card types "
          "among cards in your graveyard. (When you cast this spell, ...)", 0 },
        { "The first spell you cast each turn has cascade. (When you cast your first spell, ...)", 0 },
        { "Sliver spells you cast have cascade.", 0 },
        { "Spells you cast have booster cascade. (It's like cascade, but ...)", 0 },
        // The word in a name only.
        { "When Cascade Seer enters the battlefield, scry X, where X is the number of creatures "
          "in your party.", 0 },
        { "Dreamroot Cascade enters the battlefield tapped unless you control two or more other "
          "lands.", 0 },
        { "(Cascade)", 0 },
        { "", 0 },
        { nullptr, 0 },
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(c.text ? c.text : "(null)");
        EXPECT_EQ(ref_cascade_from_text(c.text), c.count);
    }
}

RefCardDb *LoadText(const TempDir &dir, const char *name, const char *text)
{
    g_autoptr(GError) error = nullptr;
    RefCardDb *db = ref_carddb_load_file(dir.write(name, text).c_str(), &error);
    EXPECT_NE(db, nullptr) << (error ? error->message : "");
    return db;
}

guint Cascade(RefCardDb *db, const char *name, guint face = 0)
{
    const RefCard *card = ref_carddb_lookup(db, name);
    EXPECT_NE(card, nullptr) << name;
    return card != nullptr && face < card->n_faces ? card->faces[face].cascade : 999u;
}

// A keyword list that lacks "Cascade" settles it; one that has it leaves
// the count to the text (a conditional cascade has no instance).
TEST(CascadeFormats, ScryfallKeywordsAndText)
{
    TempDir dir;
    g_autoptr(RefCardDb) db = LoadText(dir, "scryfall.json", R"JSON([
      {"name": "Maelstrom Wanderer", "mana_cost": "{5}{G}{U}{R}", "cmc": 8,
       "type_line": "Legendary Creature \u2014 Elemental", "keywords": ["Cascade"],
       "oracle_text": "Cascade, cascade (When you cast this spell, ...)\nCreatures you control have haste."},
      {"name": "Bloodbraid Marauder", "mana_cost": "{1}{R}", "cmc": 2,
       "type_line": "Creature \u2014 Human Berserker", "keywords": ["Delirium", "Cascade"],
       "oracle_text": "Bloodbraid Marauder can't block.\nDelirium \u2014 This spell has cascade as long as there are four or more card types among cards in your graveyard."},
      {"name": "Not Really", "mana_cost": "{1}", "cmc": 1, "type_line": "Artifact",
       "keywords": [], "oracle_text": "Cascade"},
      {"name": "Bloodbraid Elf", "mana_cost": "{2}{R}{G}", "cmc": 4,
       "type_line": "Creature \u2014 Elf Berserker", "oracle_text": "Cascade\nHaste"}
    ])JSON");
    ASSERT_NE(db, nullptr);
    EXPECT_EQ(Cascade(db, "Maelstrom Wanderer"), 2u);
    EXPECT_EQ(Cascade(db, "Bloodbraid Marauder"), 0u);
    EXPECT_EQ(Cascade(db, "Not Really"), 0u) << "an empty keyword list says no cascade";
    EXPECT_EQ(Cascade(db, "Bloodbraid Elf"), 1u) << "no keyword list: the text decides";
}

// MTGJSON gives keywords per face entry.
TEST(CascadeFormats, MtgjsonFaceKeywords)
{
    TempDir dir;
    g_autoptr(RefCardDb) db = LoadText(dir, "atomic.json", R"JSON({"data": {
      "Shardless Agent": [
        {"name": "Shardless Agent", "layout": "normal", "manaCost": "{1}{G}{U}", "manaValue": 3,
         "type": "Artifact Creature \u2014 Human Rogue", "keywords": ["Cascade"],
         "text": "Cascade (When you cast this spell, ...)"}],
      "Front // Back": [
        {"name": "Front // Back", "faceName": "Front", "side": "a", "layout": "modal_dfc",
         "manaCost": "{2}", "type": "Artifact", "text": "Draw a card."},
        {"name": "Front // Back", "faceName": "Back", "side": "b", "layout": "modal_dfc",
         "manaCost": "{4}", "type": "Artifact", "keywords": ["Cascade"],
         "text": "Cascade"}]}})JSON");
    ASSERT_NE(db, nullptr);
    EXPECT_EQ(Cascade(db, "Shardless Agent"), 1u);
    EXPECT_EQ(Cascade(db, "Front // Back", 0), 0u);
    EXPECT_EQ(Cascade(db, "Front // Back", 1), 1u);
}

TEST(CascadeFormats, BuiltinSchema)
{
    TempDir dir;
    g_autoptr(RefCardDb) db = LoadText(dir, "deck.json", R"JSON({"format": "keyact-carddb",
      "version": 1, "cards": [
      {"name": "Maelstrom Wanderer", "type_line": "Legendary Creature", "mana_cost": "{5}{G}{U}{R}",
       "cascade": 2},
      {"name": "Front // Back", "layout": "modal_dfc",
       "faces": [{"name": "Front", "mana_cost": "{2}", "type_line": "Artifact"},
                 {"name": "Back", "mana_cost": "{4}", "type_line": "Artifact", "cascade": 1}]},
      {"name": "Plain Card", "type_line": "Artifact", "mana_cost": "{1}"}]})JSON");
    ASSERT_NE(db, nullptr);
    EXPECT_EQ(Cascade(db, "Maelstrom Wanderer"), 2u);
    EXPECT_EQ(Cascade(db, "Front // Back", 0), 0u);
    EXPECT_EQ(Cascade(db, "Front // Back", 1), 1u);
    EXPECT_EQ(Cascade(db, "Plain Card"), 0u);

    struct Bad {
        const char *text;
        const char *expect;
    } bad[] = {
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "cascade": 0}]})",
          "field \"cascade\" is not a count from 1 to 100" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "cascade": "1"}]})",
          "field \"cascade\" is not a count" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A",
             "faces": [{"name": "B", "cascade": true}]}]})",
          "field \"faces[0].cascade\" is not a count" },
        { R"({"format": "keyact-carddb", "version": 1, "cards": [{"name": "A", "cascade": 1,
             "faces": [{"name": "B"}]}]})",
          "\"cascade\" belongs on a face" },
        { R"([{"name": "A", "keywords": "Cascade"}])", "field \"keywords\" is not an array" },
    };
    for (const Bad &b : bad) {
        SCOPED_TRACE(b.text);
        g_autoptr(GError) error = nullptr;
        g_autoptr(RefCardDb) none = ref_carddb_load_file(dir.write("bad.json", b.text).c_str(),
                                                         &error);
        EXPECT_EQ(none, nullptr);
        ASSERT_NE(error, nullptr);
        EXPECT_TRUE(g_error_matches(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT));
        EXPECT_NE(std::string(error->message).find(b.expect), std::string::npos)
            << error->message;
    }
}

}  // namespace
