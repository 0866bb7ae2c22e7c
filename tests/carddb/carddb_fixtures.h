/* SPDX-License-Identifier: MIT */
// carddb_fixtures.h - the same small card list as Scryfall, MTGJSON
// AtomicCards and an MTGJSON set file (Fire // Ice split, Valki modal DFC,
// two discover cards, a basic land, a saga).
#pragma once

// Scryfall card objects. Fire // Ice gives its halves' costs only in the
// card's joined mana_cost, as some exports do.
inline const char *const kScryfallCards = R"JSON([
  {"object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
   "cmc": 4.0, "type_line": "Instant // Instant", "oracle_text": null,
   "card_faces": [
     {"name": "Fire", "type_line": "Instant", "face_mana_value": 2.0,
      "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets."},
     {"name": "Ice", "type_line": "Instant", "face_mana_value": 2.0,
      "oracle_text": "Tap target permanent.\nDraw a card."}]},
  {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "layout": "modal_dfc",
   "mana_cost": null, "cmc": 2, "type_line": "Legendary Creature \u2014 God // Legendary Planeswalker \u2014 Tibalt",
   "card_faces": [
     {"name": "Valki, God of Lies", "mana_cost": "{1}{B}", "type_line": "Legendary Creature \u2014 God"},
     {"name": "Tibalt, Cosmic Impostor", "mana_cost": "{5}{B}{R}", "type_line": "Legendary Planeswalker \u2014 Tibalt"}]},
  {"name": "Geological Appraiser", "layout": "normal", "mana_cost": "{2}{R}{R}", "cmc": 4,
   "type_line": "Creature \u2014 Human Artificer",
   "oracle_text": "When Geological Appraiser enters the battlefield, if you cast it, discover 3. (Exile cards from the top of your library until you exile a nonland card with mana value 3 or less.)"},
  {"name": "Hurl into History", "layout": "normal", "mana_cost": "{3}{U}{U}", "cmc": 5,
   "type_line": "Instant",
   "oracle_text": "Counter target artifact or creature spell. Discover X, where X is that spell's mana value."},
  {"name": "Forest", "layout": "normal", "mana_cost": "", "cmc": 0, "type_line": "Basic Land \u2014 Forest",
   "oracle_text": "({T}: Add {G}.)"},
  {"name": "Urza's Saga", "layout": "saga", "mana_cost": "", "cmc": 0,
   "type_line": "Enchantment Land \u2014 Urza's Saga", "oracle_text": "(As this Saga enters...)"}
])JSON";

// The same cards as MTGJSON AtomicCards: one entry per face.
inline const char *const kAtomicCards = R"JSON({
  "meta": {"date": "2024-01-01", "version": "5.2.2"},
  "data": {
    "Fire // Ice": [
      {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
       "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant",
       "text": "Fire deals 2 damage divided as you choose among one or two targets."},
      {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
       "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant", "text": "Tap target permanent.\nDraw a card."}],
    "Valki, God of Lies // Tibalt, Cosmic Impostor": [
      {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Valki, God of Lies", "side": "a",
       "layout": "modal_dfc", "manaCost": "{1}{B}", "manaValue": 2.0,
       "type": "Legendary Creature \u2014 God"},
      {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Tibalt, Cosmic Impostor", "side": "b",
       "layout": "modal_dfc", "manaCost": "{5}{B}{R}", "manaValue": 7.0,
       "type": "Legendary Planeswalker \u2014 Tibalt"}],
    "Geological Appraiser": [
      {"name": "Geological Appraiser", "layout": "normal", "manaCost": "{2}{R}{R}", "manaValue": 4.0,
       "type": "Creature \u2014 Human Artificer",
       "text": "When Geological Appraiser enters the battlefield, if you cast it, discover 3. (Exile cards from the top of your library until you exile a nonland card with mana value 3 or less.)"}],
    "Hurl into History": [
      {"name": "Hurl into History", "layout": "normal", "manaCost": "{3}{U}{U}", "manaValue": 5,
       "type": "Instant",
       "text": "Counter target artifact or creature spell. Discover X, where X is that spell's mana value."}],
    "Forest": [
      {"name": "Forest", "layout": "normal", "manaValue": 0, "type": "Basic Land \u2014 Forest",
       "text": "({T}: Add {G}.)"}],
    "Urza's Saga": [
      {"name": "Urza's Saga", "layout": "saga", "manaValue": 0,
       "type": "Enchantment Land \u2014 Urza's Saga", "text": "(As this Saga enters...)"}]
  }
})JSON";

// The same cards as an MTGJSON set file: reprints repeat a face, and the
// faces of Valki come in side order b, a.
inline const char *const kSetFile = R"JSON({
  "meta": {"date": "2024-01-01", "version": "5.2.2"},
  "data": {"code": "TST", "name": "Test Set", "cards": [
    {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
     "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant", "number": "1a",
     "text": "Fire deals 2 damage divided as you choose among one or two targets."},
    {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
     "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant", "number": "1b",
     "text": "Tap target permanent.\nDraw a card."},
    {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Tibalt, Cosmic Impostor", "side": "b",
     "layout": "modal_dfc", "manaCost": "{5}{B}{R}", "manaValue": 2.0,
     "type": "Legendary Planeswalker \u2014 Tibalt"},
    {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Valki, God of Lies", "side": "a",
     "layout": "modal_dfc", "manaCost": "{1}{B}", "manaValue": 2.0,
     "type": "Legendary Creature \u2014 God"},
    {"name": "Geological Appraiser", "layout": "normal", "manaCost": "{2}{R}{R}", "manaValue": 4.0,
     "type": "Creature \u2014 Human Artificer", "number": "150",
     "text": "When Geological Appraiser enters the battlefield, if you cast it, discover 3. (Exile cards from the top of your library until you exile a nonland card with mana value 3 or less.)"},
    {"name": "Hurl into History", "layout": "normal", "manaCost": "{3}{U}{U}", "manaValue": 5,
     "type": "Instant",
     "text": "Counter target artifact or creature spell. Discover X, where X is that spell's mana value."},
    {"name": "Forest", "layout": "normal", "manaValue": 0, "type": "Basic Land \u2014 Forest",
     "text": "({T}: Add {G}.)", "number": "280"},
    {"name": "Forest", "layout": "normal", "manaValue": 0, "type": "Basic Land \u2014 Forest",
     "text": "({T}: Add {G}.)", "number": "281"},
    {"name": "Urza's Saga", "layout": "saga", "manaValue": 0,
     "type": "Enchantment Land \u2014 Urza's Saga", "text": "(As this Saga enters...)"},
    {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
     "manaValue": 4.0, "faceManaValue": 2.0, "type": "Instant", "number": "300a",
     "text": "Fire deals 2 damage divided as you choose among one or two targets."}
  ]}
})JSON";
