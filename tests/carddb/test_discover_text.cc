/* SPDX-License-Identifier: MIT */
// test_discover_text.cc - reading "discover N" from oracle text.
#include "carddb_test_util.h"
#include "carddb-private.h"

namespace {

struct Case {
    const char *text;
    const char *type_line;
    RefDiscoverKind kind;
    int n;
};

TEST(DiscoverText, KindsAndN)
{
    const Case cases[] = {
        { "When Geological Appraiser enters the battlefield, if you cast it, discover 3. "
          "(Exile cards from the top of your library until you exile a nonland card with mana value 3 or less.)",
          "Creature \u2014 Human Artificer", REF_DISCOVER_ETB_IF_CAST, 3 },
        { "When this creature enters, if you cast it, discover 2.", "Creature \u2014 Gnome",
          REF_DISCOVER_ETB_IF_CAST, 2 },
        { "Create a Treasure token.\nDiscover 4. (Exile cards ...)", "Sorcery", REF_DISCOVER_ON_RESOLVE, 4 },
        { "Counter target artifact or creature spell. Discover X, where X is that spell's mana value.",
          "Instant", REF_DISCOVER_ON_RESOLVE, -1 },
        { "Discover 10. If you discovered a card with mana value less than 10, create Treasure tokens. "
          "(To discover 10, exile cards ...)", "Sorcery", REF_DISCOVER_ON_RESOLVE, 10 },
        // An enters trigger with no cast condition: it triggers however the card enters.
        { "Trample\nWhen Trumpeting Carnosaur enters the battlefield, discover 5. (Exile cards ...)\n"
          "{2}{R}, Discard Trumpeting Carnosaur: It deals 3 damage to target creature or planeswalker.",
          "Creature \u2014 Dinosaur", REF_DISCOVER_ETB, 5 },
        { "Enchant creature you control\nWhen Etali's Favor enters the battlefield, discover 3.\n"
          "Enchanted creature gets +1/+1 and has trample.", "Enchantment \u2014 Aura",
          REF_DISCOVER_ETB, 3 },
        { "When this enchantment enters, discover X, where X is the number of lands you control.",
          "Enchantment", REF_DISCOVER_ETB, -1 },
        // Another permanent entering, or a discover that is not the trigger's whole effect.
        { "Whenever another creature enters the battlefield under your control, discover 2.",
          "Creature \u2014 Dinosaur", REF_DISCOVER_OTHER, 2 },
        { "When this creature enters, you may sacrifice a land. If you do, discover 4.",
          "Creature \u2014 Gnome", REF_DISCOVER_OTHER, 4 },
        // Not an instant or sorcery: a trigger or an ability, shown only.
        { "When Primordial Gnawer dies, discover 3.", "Creature \u2014 Insect Horror",
          REF_DISCOVER_OTHER, 3 },
        { "{4}{U}, {T}, Sacrifice Hidden Cataract: Discover 4. Activate only as a sorcery.",
          "Land \u2014 Cave", REF_DISCOVER_OTHER, 4 },
        { "Whenever you cast a permanent spell using mana produced by it, discover X, where X is that spell's mana value.",
          "Legendary Land \u2014 Cave", REF_DISCOVER_OTHER, -1 },
        // An instant whose discover is not its own sentence.
        { "Choose one. If you do, discover 2.", "Instant", REF_DISCOVER_OTHER, 2 },
        { "Whenever you discover, discover again for the same value.", "Creature \u2014 Human Artificer",
          REF_DISCOVER_OTHER, 0 },
        // No discover at all.
        { "Draw a card.", "Instant", REF_DISCOVER_NONE, 0 },
        { "You discovered nothing.", "Instant", REF_DISCOVER_NONE, 0 },
        { "Rediscover 3.", "Sorcery", REF_DISCOVER_NONE, 0 },
        { "(Reminder: discover 3 means ...)", "Sorcery", REF_DISCOVER_NONE, 0 },
        { "", "Instant", REF_DISCOVER_NONE, 0 },
        { nullptr, "Instant", REF_DISCOVER_NONE, 0 },
        // A bad N is a mention, not a number.
        { "Discover 99999999999.", "Sorcery", REF_DISCOVER_OTHER, 0 },
        { "Discover Y.", "Sorcery", REF_DISCOVER_OTHER, 0 },
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.text ? c.text : "(null)");
        RefDiscoverKind kind = REF_DISCOVER_ON_RESOLVE;
        gint n = 77;
        ref_discover_from_text(c.text, c.type_line, &kind, &n);
        EXPECT_EQ(kind, c.kind);
        EXPECT_EQ(n, c.n);
    }
}

TEST(DiscoverText, TypeWordsBeforeTheDash)
{
    EXPECT_TRUE(ref_type_line_has("Basic Land \u2014 Forest", "Land"));
    EXPECT_TRUE(ref_type_line_has("Artifact Land", "Land"));
    EXPECT_FALSE(ref_type_line_has("Creature \u2014 Land Spirit", "Land"));
    EXPECT_FALSE(ref_type_line_has("Landfall Creature", "Land"));
    EXPECT_FALSE(ref_type_line_has(nullptr, "Land"));
    EXPECT_TRUE(ref_type_line_is_permanent("Legendary Enchantment Creature \u2014 God"));
    EXPECT_TRUE(ref_type_line_is_permanent("Battle \u2014 Siege"));
    EXPECT_FALSE(ref_type_line_is_permanent("Tribal Instant \u2014 Goblin"));
    EXPECT_FALSE(ref_type_line_is_permanent(""));
}

TEST(DiscoverText, LayoutNames)
{
    EXPECT_EQ(ref_layout_from_name("normal"), KEYACT_LAYOUT_NORMAL);
    EXPECT_EQ(ref_layout_from_name("split"), KEYACT_LAYOUT_SPLIT);
    EXPECT_EQ(ref_layout_from_name("aftermath"), KEYACT_LAYOUT_AFTERMATH);
    EXPECT_EQ(ref_layout_from_name("adventure"), KEYACT_LAYOUT_ADVENTURE);
    EXPECT_EQ(ref_layout_from_name("modal_dfc"), KEYACT_LAYOUT_MODAL_DFC);
    EXPECT_EQ(ref_layout_from_name("transform"), KEYACT_LAYOUT_TRANSFORM);
    EXPECT_EQ(ref_layout_from_name("flip"), KEYACT_LAYOUT_FLIP);
    EXPECT_EQ(ref_layout_from_name("meld"), KEYACT_LAYOUT_MELD);
    for (const char *other : { "saga", "class", "leveler", "host", "augment", "planar", "scheme",
                               "vanguard", "reversible_card", "token", "", "SPLIT" })
        EXPECT_EQ(ref_layout_from_name(other), KEYACT_LAYOUT_NORMAL) << other;
    // ref_layout_name is the same table read the other way.
    for (uint32_t layout = 0; layout < KEYACT_LAYOUT_COUNT; layout++)
        EXPECT_EQ(ref_layout_from_name(ref_layout_name(layout)), layout) << layout;
    EXPECT_STREQ(ref_layout_name(KEYACT_LAYOUT_MODAL_DFC), "modal_dfc");
    EXPECT_STREQ(ref_layout_name(KEYACT_LAYOUT_COUNT), "normal");
}

}  // namespace
