/* SPDX-License-Identifier: MIT */
/* kc_cards.c - printed facts (layout, face names, costs, land) of real cards,
 * as Scryfall lists them. */
#include "kc_cards.h"

#define KC_SPELL(n, cost) { .name = (n), .mana_cost = (cost), .flags = 0 }
#define KC_LAND(n) { .name = (n), .mana_cost = "", .flags = KEYACT_FACE_LAND }
#define KC_ONE(face) { .layout = KEYACT_LAYOUT_NORMAL, .face_count = 1, .faces = { face } }
#define KC_TWO(lay, a, b) { .layout = (lay), .face_count = 2, .faces = { a, b } }

const FakeCardSpec kc_geological_appraiser = KC_ONE(KC_SPELL("Geological Appraiser", "{2}{R}{R}"));
const FakeCardSpec kc_mountain = KC_ONE(KC_LAND("Mountain"));
const FakeCardSpec kc_fire_ice =
    KC_TWO(KEYACT_LAYOUT_SPLIT, KC_SPELL("Fire", "{1}{R}"), KC_SPELL("Ice", "{1}{U}"));
const FakeCardSpec kc_wear_tear =
    KC_TWO(KEYACT_LAYOUT_SPLIT, KC_SPELL("Wear", "{1}{R}"), KC_SPELL("Tear", "{W}"));
const FakeCardSpec kc_cut_ribbons =
    KC_TWO(KEYACT_LAYOUT_AFTERMATH, KC_SPELL("Cut", "{1}{R}"), KC_SPELL("Ribbons", "{X}{B}{B}"));
const FakeCardSpec kc_galvanic_giant =
    KC_TWO(KEYACT_LAYOUT_ADVENTURE, KC_SPELL("Galvanic Giant", "{3}{U}"),
           KC_SPELL("Storm Reading", "{5}{U}{U}"));
const FakeCardSpec kc_valki =
    KC_TWO(KEYACT_LAYOUT_MODAL_DFC, KC_SPELL("Valki, God of Lies", "{1}{B}"),
           KC_SPELL("Tibalt, Cosmic Impostor", "{5}{B}{R}"));
const FakeCardSpec kc_sea_gate_restoration =
    KC_TWO(KEYACT_LAYOUT_MODAL_DFC, KC_SPELL("Sea Gate Restoration", "{4}{U}{U}{U}"),
           KC_LAND("Sea Gate, Reborn"));
const FakeCardSpec kc_hengegate_pathway =
    KC_TWO(KEYACT_LAYOUT_MODAL_DFC, KC_LAND("Hengegate Pathway"), KC_LAND("Mistgate Pathway"));
const FakeCardSpec kc_delver_of_secrets =
    KC_TWO(KEYACT_LAYOUT_TRANSFORM, KC_SPELL("Delver of Secrets", "{U}"),
           KC_SPELL("Insectile Aberration", ""));
const FakeCardSpec kc_akki_lavarunner =
    KC_TWO(KEYACT_LAYOUT_FLIP, KC_SPELL("Akki Lavarunner", "{3}{R}"),
           KC_SPELL("Tok-Tok, Volcano Born", ""));
const FakeCardSpec kc_bruna =
    KC_TWO(KEYACT_LAYOUT_MELD, KC_SPELL("Bruna, the Fading Light", "{5}{W}{W}"),
           KC_SPELL("Brisela, Voice of Nightmares", ""));
const FakeCardSpec kc_fireball = KC_ONE(KC_SPELL("Fireball", "{X}{R}"));
const FakeCardSpec kc_apostles_blessing = KC_ONE(KC_SPELL("Apostle's Blessing", "{1}{W/P}"));
const FakeCardSpec kc_spectral_procession =
    KC_ONE(KC_SPELL("Spectral Procession", "{2/W}{2/W}{2/W}"));
const FakeCardSpec kc_little_girl = KC_ONE(KC_SPELL("Little Girl", "{HW}"));
const FakeCardSpec kc_ornithopter = KC_ONE(KC_SPELL("Ornithopter", "{0}"));
const FakeCardSpec kc_forbidden_appraiser = {
    .layout = KEYACT_LAYOUT_NORMAL,
    .face_count = 1,
    .faces = { { .name = "Geological Appraiser", .mana_cost = "{2}{R}{R}",
                 .flags = KEYACT_FACE_NOT_CASTABLE } },
};
const FakeCardSpec kc_pantlaza = KC_ONE(KC_SPELL("Pantlaza, Sun-Favored", "{2}{R}{G}{W}"));
