/* SPDX-License-Identifier: MIT */
/* kc_cases.c - the table of rulings. Mana values are x2 (halves). */
#include "conformance.h"
#include "kc_cards.h"

#include <string.h>

/* The usual "cast it" and "to hand" expectations, to keep rows short. */
#define KC_CAST(at, halves, face_, exiled_, bottom_, offered_, events_)                \
    { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_CAST, .discovered = KC_AT(at),     \
      .mana_value_halves = (halves), .face_cast = (face_), .exiled = (exiled_),         \
      .bottom = (bottom_), .stack = KC_POS(at), .offered = (offered_), .events = (events_) }
#define KC_HAND(status_, at, halves, exiled_, bottom_, offered_, events_)                \
    { .status = (status_), .outcome = KEYACT_OUTCOME_HAND, .discovered = KC_AT(at),     \
      .mana_value_halves = (halves), .face_cast = KEYACT_FACE_NONE, .exiled = (exiled_), \
      .bottom = (bottom_), .hand = KC_POS(at), .offered = (offered_), .events = (events_) }
#define KC_MISS(exiled_, bottom_, events_)                                               \
    { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_NONE, .discovered = KC_NO_CARD,    \
      .face_cast = KEYACT_FACE_NONE, .exiled = (exiled_), .bottom = (bottom_),          \
      .events = (events_) }

/* CR 701.57c: the library ran out without a hit and the final card exiled,
 * a land, is the discovered card: neither cast nor put into hand (outcome
 * NONE), on the bottom with the rest, named by the result and DISCOVERED. */
#define KC_FINAL(at, halves, exiled_, bottom_, events_)                                  \
    { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_NONE, .discovered = KC_AT(at),     \
      .mana_value_halves = (halves), .face_cast = KEYACT_FACE_NONE, .exiled = (exiled_), \
      .bottom = (bottom_), .events = (events_) }

#define FACE0 1u
#define FACE1 2u
#define BOTH_FACES 3u

static const KcCase kc_table[] = {
    /* ---- hits and misses by mana value ---- */
    { .name = "hit_at_n",
      .ruling = "701.57a: exile until a nonland card with mana value <= N; MV 4 stops discover 4",
      .n = 4, .library = { &kc_mountain, &kc_geological_appraiser, &kc_fireball },
      .expect = KC_CAST(1, 8, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "above_n_is_exiled_and_bottomed",
      .ruling = "a nonland card with mana value > N does not stop the exiling",
      .n = 3, .library = { &kc_geological_appraiser, &kc_mountain, &kc_fireball },
      .expect = KC_CAST(2, 2, 0, 3, KC_POS(0) | KC_POS(1), FACE0,
                        "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM DISCOVERED") },
    { .name = "x_counts_zero",
      .ruling = "202.3e: X is 0 in the library, so Fireball {X}{R} has mana value 1",
      .n = 1, .library = { &kc_fireball },
      .expect = KC_CAST(0, 2, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "x_spell_above_zero",
      .ruling = "Fireball's mana value 1 is above discover 0",
      .n = 0, .library = { &kc_fireball, &kc_ornithopter },
      .expect = KC_CAST(1, 0, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "phyrexian_counts_one",
      .ruling = "202.3g: a Phyrexian symbol {W/P} adds 1: Apostle's Blessing is MV 2",
      .n = 2, .library = { &kc_apostles_blessing },
      .expect = KC_CAST(0, 4, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "phyrexian_above_n",
      .ruling = "Apostle's Blessing (MV 2) does not stop discover 1",
      .n = 1, .library = { &kc_apostles_blessing, &kc_fireball },
      .expect = KC_CAST(1, 2, 0, 2, KC_POS(0),  FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "hybrid_two_counts_two",
      .ruling = "202.3f: a monocolored hybrid {2/W} adds 2: Spectral Procession is MV 6",
      .n = 6, .library = { &kc_spectral_procession },
      .expect = KC_CAST(0, 12, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "hybrid_two_above_n",
      .ruling = "Spectral Procession (MV 6) does not stop discover 5",
      .n = 5, .library = { &kc_spectral_procession, &kc_geological_appraiser },
      .expect = KC_CAST(1, 8, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "half_mana_hit",
      .ruling = "{HW} is half a mana: Little Girl (MV 1/2) stops discover 1",
      .n = 1, .library = { &kc_little_girl },
      .expect = KC_CAST(0, 1, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "half_mana_above_zero",
      .ruling = "Little Girl's mana value 1/2 is above discover 0; Ornithopter {0} is not",
      .n = 0, .library = { &kc_little_girl, &kc_ornithopter },
      .expect = KC_CAST(1, 0, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "n_zero",
      .ruling = "discover 0 stops only at a mana value 0 nonland card",
      .n = 0, .library = { &kc_mountain, &kc_fireball, &kc_ornithopter, &kc_geological_appraiser },
      .expect = KC_CAST(2, 0, 0, 3, KC_POS(0) | KC_POS(1), FACE0,
                        "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM DISCOVERED") },

    /* ---- split, aftermath ---- */
    { .name = "split_value_combined",
      .ruling = "709.4: a split card's mana value in the library is both halves: Fire // Ice is 4, "
                "not a hit for discover 3",
      .n = 3, .library = { &kc_fire_ice, &kc_mountain, &kc_delver_of_secrets },
      .expect = KC_CAST(2, 2, 0, 3, KC_POS(0) | KC_POS(1), FACE0,
                        "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM DISCOVERED") },
    { .name = "split_one_half_cast",
      .ruling = "709.3: a split card that is a hit casts one half (each <= N), the player's pick",
      .n = 4, .library = { &kc_fire_ice },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KC_CAST(0, 8, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST DISCOVERED") },
    { .name = "split_fuse_not_from_exile",
      .ruling = "702.102: fuse works only from the hand; Wear // Tear offers its halves one at a time",
      .n = 3, .library = { &kc_wear_tear },
      .expect = KC_CAST(0, 6, 0, 1, 0, BOTH_FACES, "EXILED HIT CAST DISCOVERED") },
    { .name = "aftermath_second_half_never",
      .ruling = "702.127: an aftermath second half is cast only from a graveyard: Ribbons never offered",
      .n = 10, .library = { &kc_cut_ribbons },
      .expect = KC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "aftermath_value_combined",
      .ruling = "Cut // Ribbons is mana value 4 in the library (X = 0), not a hit for discover 3",
      .n = 3, .library = { &kc_cut_ribbons, &kc_fireball },
      .expect = KC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },

    /* ---- adventure, modal DFC, transform, flip, meld ---- */
    { .name = "adventure_both_faces",
      .ruling = "an adventurer card has only its creature's characteristics in the library (MV 4); "
                "either face is offered when its own MV is <= N",
      .n = 7, .library = { &kc_galvanic_giant },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KC_CAST(0, 8, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST DISCOVERED") },
    { .name = "adventure_big_face_not_offered",
      .ruling = "the resulting spell must be <= N: Storm Reading (MV 7) is not offered for discover 4",
      .n = 4, .library = { &kc_galvanic_giant },
      .expect = KC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "adventure_face_one_over_n",
      .ruling = "Storm Reading (MV 7) is one over discover 6: only Galvanic Giant is offered",
      .n = 6, .library = { &kc_galvanic_giant },
      .expect = KC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "mdfc_back_castable",
      .ruling = "a modal DFC may be cast as its back face when that face's own MV <= N",
      .n = 7, .library = { &kc_valki },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KC_CAST(0, 4, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST DISCOVERED") },
    { .name = "mdfc_back_too_big",
      .ruling = "the MDFC is a hit by its front (MV 2); Tibalt (MV 7) is not offered for discover 2",
      .n = 2, .library = { &kc_valki },
      .expect = KC_CAST(0, 4, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "mdfc_back_one_over_n",
      .ruling = "Tibalt (MV 7) is one over discover 6: only Valki is offered",
      .n = 6, .library = { &kc_valki },
      .expect = KC_CAST(0, 4, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "mdfc_land_back_never",
      .ruling = "a land face is never cast: Sea Gate, Reborn is not offered",
      .n = 7, .library = { &kc_sea_gate_restoration },
      .expect = KC_CAST(0, 14, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "mdfc_land_front_not_hit",
      .ruling = "in the library a DFC has only its front face's characteristics: a pathway is a land",
      .n = 3, .library = { &kc_hengegate_pathway, &kc_delver_of_secrets },
      .expect = KC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },
    { .name = "transform_back_never",
      .ruling = "a transforming DFC is cast front face up only",
      .n = 1, .library = { &kc_delver_of_secrets },
      .expect = KC_CAST(0, 2, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "flip_never_flipped",
      .ruling = "a flip card is cast unflipped: its flipped half is never offered",
      .n = 4, .library = { &kc_akki_lavarunner },
      .expect = KC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "meld_back_never",
      .ruling = "a meld card's melded back face is never cast",
      .n = 7, .library = { &kc_bruna },
      .expect = KC_CAST(0, 14, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },

    /* ---- casting or not ---- */
    { .name = "no_legal_targets_hand",
      .ruling = "701.57a: a card that cannot be cast (no legal targets) goes to hand",
      .n = 4, .library = { &kc_fire_ice }, .cannot_cast = { BOTH_FACES },
      .expect = KC_HAND(KEYACT_OK, 0, 8, 1, 0, 0, "EXILED HIT TO_HAND DISCOVERED") },
    { .name = "one_half_has_targets",
      .ruling = "only the half with legal targets is offered",
      .n = 4, .library = { &kc_fire_ice }, .cannot_cast = { FACE0 },
      .expect = KC_CAST(0, 8, 1, 1, 0, FACE1, "EXILED HIT CAST DISCOVERED") },
    { .name = "host_forbids_casting",
      .ruling = "a face the host marks not castable is still the hit, and goes to hand",
      .n = 4, .library = { &kc_forbidden_appraiser },
      .expect = KC_HAND(KEYACT_OK, 0, 8, 1, 0, 0, "EXILED HIT TO_HAND DISCOVERED") },
    { .name = "player_chooses_hand",
      .ruling = "casting is optional (\"you may\"); declined, the card goes to hand",
      .n = 4, .library = { &kc_mountain, &kc_geological_appraiser },
      .choose = FAKE_CHOOSE_HAND,
      .expect = KC_HAND(KEYACT_OK, 1, 8, 2, KC_POS(0), FACE0,
                        "EXILED EXILED HIT TO_HAND BOTTOM DISCOVERED") },
    { .name = "cast_fails_hand",
      .ruling = "when the cast fails after all, the card goes to hand",
      .n = 4, .library = { &kc_geological_appraiser, &kc_mountain }, .cast_fails = { FACE0 },
      .expect = KC_HAND(KEYACT_OK, 0, 8, 1, 0, FACE0,
                        "EXILED HIT CAST_FAILED TO_HAND DISCOVERED") },

    /* ---- no hit, library size ---- */
    { .name = "no_hit_all_lands",
      .ruling = "701.57c: no nonland card: every card is exiled and put on the bottom; the final "
                "one, a land (mana value 0), is the discovered card",
      .n = 5, .library = { &kc_mountain, &kc_hengegate_pathway, &kc_mountain },
      .expect = KC_FINAL(2, 0, 3, KC_POS(0) | KC_POS(1) | KC_POS(2),
                         "EXILED EXILED EXILED BOTTOM BOTTOM BOTTOM DISCOVERED") },
    { .name = "no_hit_all_too_big",
      .ruling = "no card <= N: all bottomed",
      .n = 3, .library = { &kc_geological_appraiser, &kc_fire_ice },
      .expect = KC_MISS(2, KC_POS(0) | KC_POS(1), "EXILED EXILED BOTTOM BOTTOM DISCOVERED") },
    { .name = "empty_library",
      .ruling = "an empty library: nothing exiled, the player still has discovered (nothing)",
      .n = 3, .library = { NULL },
      .expect = KC_MISS(0, 0, "DISCOVERED") },
    { .name = "library_of_one_hit",
      .ruling = "a one-card library that is a hit",
      .n = 4, .library = { &kc_geological_appraiser },
      .expect = KC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST DISCOVERED") },
    { .name = "library_of_one_land",
      .ruling = "701.57c: a one-card library without a hit goes back to the bottom; that land "
                "(mana value 0) is the discovered card",
      .n = 4, .library = { &kc_mountain },
      .expect = KC_FINAL(0, 0, 1, KC_POS(0), "EXILED BOTTOM DISCOVERED") },
    { .name = "discover_x_from_host",
      .ruling = "discover X: the host computes X (Pantlaza: the entering Dinosaur's toughness, 3)",
      .n = 3, .source = &kc_pantlaza,
      .library = { &kc_geological_appraiser, &kc_wear_tear, &kc_mountain },
      .expect = KC_CAST(1, 6, 0, 2, KC_POS(0), BOTH_FACES,
                        "EXILED EXILED HIT CAST BOTTOM DISCOVERED") },

    /* ---- the discovered card when the library runs out (701.57c) ---- */
    { .name = "cr701_57c_library_of_lands",
      .ruling = "701.57c: \"If the final card exiled during the process described in rule 701.57a "
                "has mana value N or less, it is the 'discovered card'\": a library of lands "
                "ends on a land (mana value 0), the discovered card though neither cast nor put "
                "into hand",
      .n = 10, .library = { &kc_mountain, &kc_hengegate_pathway },
      .expect = KC_FINAL(1, 0, 2, KC_POS(0) | KC_POS(1),
                         "EXILED EXILED BOTTOM BOTTOM DISCOVERED") },
    { .name = "cr701_57c_last_spell_above_n",
      .ruling = "701.57c: the final card exiled, Geological Appraiser (mana value 4), is above "
                "discover 3: no discovered card, though a land was exiled before it",
      .n = 3, .library = { &kc_mountain, &kc_geological_appraiser },
      .expect = KC_MISS(2, KC_POS(0) | KC_POS(1), "EXILED EXILED BOTTOM BOTTOM DISCOVERED") },
    { .name = "cr701_57c_empty_library",
      .ruling = "701.57c: an empty library exiles no card, so there is no final card and no "
                "discovered card",
      .n = 10, .library = { NULL },
      .expect = KC_MISS(0, 0, "DISCOVERED") },
    { .name = "cr701_57c_land_after_spells_above_n",
      .ruling = "701.57c: only the final card exiled counts: a Mountain exiled after two cards "
                "above discover 3 is the discovered card",
      .n = 3, .library = { &kc_geological_appraiser, &kc_fire_ice, &kc_mountain },
      .expect = KC_FINAL(2, 0, 3, KC_POS(0) | KC_POS(1) | KC_POS(2),
                         "EXILED EXILED EXILED BOTTOM BOTTOM BOTTOM DISCOVERED") },

    /* ---- the failure policy of the question callbacks (action.h) ---- */
    { .name = "choose_fails_hand",
      .ruling = "a failing choose is recovered: the card goes to hand, the failure is returned",
      .n = 4, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CHOOSE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KC_HAND(KEYACT_E_HOST, 0, 8, 1, 0, FACE0, "EXILED HIT TO_HAND DISCOVERED") },
    { .name = "choose_out_of_range_hand",
      .ruling = "a choice past the options is recovered as hand and returns KEYACT_E_RANGE",
      .n = 4, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CHOOSE, .fault_nth = 1, .fault = FAKE_FAULT_BAD_ANSWER,
      .expect = KC_HAND(KEYACT_E_RANGE, 0, 8, 1, 0, FACE0, "EXILED HIT TO_HAND DISCOVERED") },
    { .name = "can_cast_fails_not_castable",
      .ruling = "a failing can_cast_face makes the face not castable: hand, failure returned",
      .n = 4, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAN_CAST_FACE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KC_HAND(KEYACT_E_HOST, 0, 8, 1, 0, 0, "EXILED HIT TO_HAND DISCOVERED") },
    { .name = "cast_free_fails_hand",
      .ruling = "a failing cast_free leaves the card in exile; it goes to hand, failure returned",
      .n = 4, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAST_FREE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KC_HAND(KEYACT_E_HOST, 0, 8, 1, 0, FACE0, NULL) },
    { .name = "cast_free_garbage_hand",
      .ruling = "an unknown cast_free answer is recovered as hand and returns KEYACT_E_RANGE",
      .n = 4, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAST_FREE, .fault_nth = 1, .fault = FAKE_FAULT_BAD_ANSWER,
      .expect = KC_HAND(KEYACT_E_RANGE, 0, 8, 1, 0, FACE0, NULL) },
};

const KcCase *kc_cases(guint *n_cases)
{
    *n_cases = G_N_ELEMENTS(kc_table);
    return kc_table;
}

const KcCase *kc_case_find(const char *name)
{
    for (guint i = 0; i < G_N_ELEMENTS(kc_table); i++)
        if (g_strcmp0(kc_table[i].name, name) == 0)
            return &kc_table[i];
    return NULL;
}
