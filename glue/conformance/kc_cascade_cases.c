/* SPDX-License-Identifier: MIT */
/* kc_cascade_cases.c - the cascade rulings (CR 702.85) as data, in the form
 * of the discover table (kc_cases.c). Mana values are x2 (halves).
 *
 * CR 702.85a: "exile cards from the top of your library until you exile a
 * nonland card whose mana value is less than this spell's mana value. You
 * may cast that card without paying its mana cost if the resulting spell's
 * mana value is less than this spell's mana value. Then put all cards
 * exiled this way that weren't cast on the bottom of your library in a
 * random order." N is "this spell's mana value", computed by the host.
 *
 * Many rows mirror a discover row one step apart: a value equal to N, a
 * hit nobody casts. What differs from discover: a value equal to N neither
 * stops the exiling nor is offered; a hit that is not cast goes to the
 * bottom with the others (outcome BOTTOM, its card among the bottom set);
 * the decline option is TO_BOTTOM; FINISHED is the last event.
 */
#include "conformance.h"
#include "kc_cards.h"

/* The hit at `at` was cast; the rest (`bottom_`) went to the bottom. */
#define KCC_CAST(at, halves, face_, exiled_, bottom_, offered_, events_)               \
    { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_CAST, .discovered = KC_AT(at),     \
      .mana_value_halves = (halves), .face_cast = (face_), .exiled = (exiled_),         \
      .bottom = (bottom_), .stack = KC_POS(at), .offered = (offered_),                  \
      .events = (events_), .last_event = KEYACT_EVENT_FINISHED }
/* The hit at `at` was not cast: `bottom_` holds every exiled card, the hit too. */
#define KCC_BOTTOM(status_, at, halves, exiled_, bottom_, offered_, events_)            \
    { .status = (status_), .outcome = KEYACT_OUTCOME_BOTTOM, .discovered = KC_AT(at),   \
      .mana_value_halves = (halves), .face_cast = KEYACT_FACE_NONE, .exiled = (exiled_), \
      .bottom = (bottom_), .offered = (offered_), .events = (events_),                  \
      .last_event = KEYACT_EVENT_FINISHED }
/* No hit: everything exiled went to the bottom. */
#define KCC_MISS(exiled_, bottom_, events_)                                              \
    { .status = KEYACT_OK, .outcome = KEYACT_OUTCOME_NONE, .discovered = KC_NO_CARD,    \
      .face_cast = KEYACT_FACE_NONE, .exiled = (exiled_), .bottom = (bottom_),          \
      .events = (events_), .last_event = KEYACT_EVENT_FINISHED }

#define FACE0 1u
#define FACE1 2u
#define BOTH_FACES 3u

static const KcCase kc_cascade_table[] = {
    /* ---- hits and misses by mana value: strictly less than N ---- */
    { .name = "cascade_hit_below_n",
      .ruling = "702.85a: exile until a nonland card with mana value less than N; "
                "MV 4 stops cascade 5",
      .n = 5, .library = { &kc_mountain, &kc_geological_appraiser, &kc_fireball },
      .expect = KCC_CAST(1, 8, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_equal_to_n_is_not_a_hit",
      .ruling = "a card whose mana value equals N does not stop cascade (Bloodbraid Elf, MV 4, "
                "exiles Geological Appraiser, MV 4, and goes on)",
      .n = 4, .library = { &kc_geological_appraiser, &kc_mountain, &kc_fireball },
      .expect = KCC_CAST(2, 2, 0, 3, KC_POS(0) | KC_POS(1), FACE0,
                         "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_x_counts_zero",
      .ruling = "202.3e: X is 0 in the library, so Fireball {X}{R} (MV 1) is below cascade 2",
      .n = 2, .library = { &kc_fireball },
      .expect = KCC_CAST(0, 2, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_x_spell_not_below_one",
      .ruling = "Fireball's mana value 1 is not below cascade 1; Ornithopter {0} is",
      .n = 1, .library = { &kc_fireball, &kc_ornithopter },
      .expect = KCC_CAST(1, 0, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_phyrexian_counts_one",
      .ruling = "202.3g: Apostle's Blessing {1}{W/P} is MV 2, not below cascade 2",
      .n = 2, .library = { &kc_apostles_blessing, &kc_fireball },
      .expect = KCC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_hybrid_two_counts_two",
      .ruling = "202.3f: Spectral Procession {2/W}{2/W}{2/W} is MV 6, not below cascade 6",
      .n = 6, .library = { &kc_spectral_procession, &kc_geological_appraiser },
      .expect = KCC_CAST(1, 8, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_half_mana_below_one",
      .ruling = "{HW} is half a mana: Little Girl (MV 1/2) is below cascade 1",
      .n = 1, .library = { &kc_little_girl },
      .expect = KCC_CAST(0, 1, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_n_zero_finds_nothing",
      .ruling = "no mana value is below 0: cascade 0 exiles the whole library and puts it back",
      .n = 0, .library = { &kc_ornithopter, &kc_mountain },
      .expect = KCC_MISS(2, KC_POS(0) | KC_POS(1), "EXILED EXILED BOTTOM BOTTOM FINISHED") },

    /* ---- split, aftermath ---- */
    { .name = "cascade_split_value_combined",
      .ruling = "709.4: Fire // Ice is MV 4 in exile (both halves), not below cascade 4, "
                "though each half is 2",
      .n = 4, .library = { &kc_fire_ice, &kc_mountain, &kc_delver_of_secrets },
      .expect = KCC_CAST(2, 2, 0, 3, KC_POS(0) | KC_POS(1), FACE0,
                         "EXILED EXILED EXILED HIT CAST BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_split_one_half_cast",
      .ruling = "709.3: a split card below N offers each half (each below N); one is cast",
      .n = 5, .library = { &kc_fire_ice },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KCC_CAST(0, 8, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_split_fuse_not_from_exile",
      .ruling = "702.102: fuse works only from the hand; Wear // Tear offers its halves one at "
                "a time",
      .n = 4, .library = { &kc_wear_tear },
      .expect = KCC_CAST(0, 6, 0, 1, 0, BOTH_FACES, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_aftermath_second_half_never",
      .ruling = "702.127: Ribbons is cast only from a graveyard: never offered",
      .n = 10, .library = { &kc_cut_ribbons },
      .expect = KCC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_aftermath_value_combined",
      .ruling = "Cut // Ribbons is MV 4 in exile (X = 0), not below cascade 4",
      .n = 4, .library = { &kc_cut_ribbons, &kc_fireball },
      .expect = KCC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },

    /* ---- adventure, modal DFC, transform, flip, meld ---- */
    { .name = "cascade_adventure_face_equal_to_n_not_offered",
      .ruling = "the resulting spell must be below N: Storm Reading (MV 7) is not offered for "
                "cascade 7 (discover 7 offers it)",
      .n = 7, .library = { &kc_galvanic_giant },
      .expect = KCC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_adventure_both_faces",
      .ruling = "an adventurer card hits by its creature (MV 4); either face is offered when "
                "its own MV is below N",
      .n = 8, .library = { &kc_galvanic_giant },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KCC_CAST(0, 8, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_adventure_card_equal_to_n",
      .ruling = "Galvanic Giant is MV 4 in exile: not a hit for cascade 4",
      .n = 4, .library = { &kc_galvanic_giant, &kc_delver_of_secrets },
      .expect = KCC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_mdfc_back_equal_to_n_not_offered",
      .ruling = "the MDFC hits by its front (MV 2); Tibalt (MV 7) is not offered for cascade 7",
      .n = 7, .library = { &kc_valki },
      .expect = KCC_CAST(0, 4, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_mdfc_back_castable",
      .ruling = "a modal DFC may be cast as its back face when that face's own MV is below N",
      .n = 8, .library = { &kc_valki },
      .choose = FAKE_CHOOSE_FACE, .choose_face = 1,
      .expect = KCC_CAST(0, 4, 1, 1, 0, BOTH_FACES, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_mdfc_land_back_never",
      .ruling = "a land face is never cast: Sea Gate, Reborn is not offered",
      .n = 8, .library = { &kc_sea_gate_restoration },
      .expect = KCC_CAST(0, 14, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_mdfc_land_front_not_hit",
      .ruling = "in exile a DFC has only its front face's characteristics: a pathway is a land",
      .n = 3, .library = { &kc_hengegate_pathway, &kc_delver_of_secrets },
      .expect = KCC_CAST(1, 2, 0, 2, KC_POS(0), FACE0,
                         "EXILED EXILED HIT CAST BOTTOM FINISHED") },
    { .name = "cascade_transform_back_never",
      .ruling = "a transforming DFC is cast front face up only",
      .n = 2, .library = { &kc_delver_of_secrets },
      .expect = KCC_CAST(0, 2, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_flip_never_flipped",
      .ruling = "a flip card is cast unflipped",
      .n = 5, .library = { &kc_akki_lavarunner },
      .expect = KCC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_meld_back_never",
      .ruling = "a meld card's melded back face is never cast",
      .n = 8, .library = { &kc_bruna },
      .expect = KCC_CAST(0, 14, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },

    /* ---- not cast: the hit goes to the bottom with the rest ---- */
    { .name = "cascade_no_legal_targets_bottom",
      .ruling = "702.85a: a card that cannot be cast (no legal targets) is not cast; it goes "
                "to the bottom with the other exiled cards",
      .n = 5, .library = { &kc_mountain, &kc_fire_ice }, .cannot_cast = { 0, BOTH_FACES },
      .expect = KCC_BOTTOM(KEYACT_OK, 1, 8, 2, KC_POS(0) | KC_POS(1), 0,
                           "EXILED EXILED HIT BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_one_half_has_targets",
      .ruling = "only the half with legal targets is offered",
      .n = 5, .library = { &kc_fire_ice }, .cannot_cast = { FACE0 },
      .expect = KCC_CAST(0, 8, 1, 1, 0, FACE1, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_host_forbids_casting",
      .ruling = "a face the host marks not castable still stops the exiling; the card goes to "
                "the bottom",
      .n = 5, .library = { &kc_forbidden_appraiser },
      .expect = KCC_BOTTOM(KEYACT_OK, 0, 8, 1, KC_POS(0), 0, "EXILED HIT BOTTOM FINISHED") },
    { .name = "cascade_player_declines_bottom",
      .ruling = "casting is optional (\"you may\"); declined, the card goes to the bottom with "
                "the rest, not to hand",
      .n = 5, .library = { &kc_mountain, &kc_geological_appraiser, &kc_fireball },
      .choose = FAKE_CHOOSE_HAND,
      .expect = KCC_BOTTOM(KEYACT_OK, 1, 8, 2, KC_POS(0) | KC_POS(1), FACE0,
                           "EXILED EXILED HIT BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_cast_fails_bottom",
      .ruling = "when the cast fails after all, the card goes to the bottom",
      .n = 5, .library = { &kc_geological_appraiser, &kc_mountain }, .cast_fails = { FACE0 },
      .expect = KCC_BOTTOM(KEYACT_OK, 0, 8, 1, KC_POS(0), FACE0,
                           "EXILED HIT CAST_FAILED BOTTOM FINISHED") },

    /* ---- no hit, library size ---- */
    { .name = "cascade_no_hit_all_lands",
      .ruling = "no nonland card: every card is exiled and put on the bottom",
      .n = 5, .library = { &kc_mountain, &kc_hengegate_pathway, &kc_mountain },
      .expect = KCC_MISS(3, KC_POS(0) | KC_POS(1) | KC_POS(2),
                         "EXILED EXILED EXILED BOTTOM BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_no_hit_all_equal_to_n",
      .ruling = "no card below N (both are MV 4, cascade 4): all bottomed",
      .n = 4, .library = { &kc_geological_appraiser, &kc_fire_ice },
      .expect = KCC_MISS(2, KC_POS(0) | KC_POS(1), "EXILED EXILED BOTTOM BOTTOM FINISHED") },
    { .name = "cascade_empty_library",
      .ruling = "an empty library: nothing exiled, the trigger still finishes",
      .n = 3, .library = { NULL },
      .expect = KCC_MISS(0, 0, "FINISHED") },
    { .name = "cascade_library_of_one_hit",
      .ruling = "a one-card library that is a hit",
      .n = 5, .library = { &kc_geological_appraiser },
      .expect = KCC_CAST(0, 8, 0, 1, 0, FACE0, "EXILED HIT CAST FINISHED") },
    { .name = "cascade_library_of_one_land",
      .ruling = "a one-card library without a hit goes back to the bottom",
      .n = 5, .library = { &kc_mountain },
      .expect = KCC_MISS(1, KC_POS(0), "EXILED BOTTOM FINISHED") },

    /* ---- the failure policy of the question callbacks (action.h) ---- */
    { .name = "cascade_choose_fails_bottom",
      .ruling = "a failing choose is recovered: the card goes to the bottom, the failure is "
                "returned",
      .n = 5, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CHOOSE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KCC_BOTTOM(KEYACT_E_HOST, 0, 8, 1, KC_POS(0), FACE0,
                           "EXILED HIT BOTTOM FINISHED") },
    { .name = "cascade_choose_out_of_range_bottom",
      .ruling = "a choice past the options is recovered as bottom and returns KEYACT_E_RANGE",
      .n = 5, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CHOOSE, .fault_nth = 1, .fault = FAKE_FAULT_BAD_ANSWER,
      .expect = KCC_BOTTOM(KEYACT_E_RANGE, 0, 8, 1, KC_POS(0), FACE0,
                           "EXILED HIT BOTTOM FINISHED") },
    { .name = "cascade_can_cast_fails_not_castable",
      .ruling = "a failing can_cast_face makes the face not castable: bottom, failure returned",
      .n = 5, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAN_CAST_FACE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KCC_BOTTOM(KEYACT_E_HOST, 0, 8, 1, KC_POS(0), 0,
                           "EXILED HIT BOTTOM FINISHED") },
    { .name = "cascade_cast_free_fails_bottom",
      .ruling = "a failing cast_free leaves the card in exile; it goes to the bottom, failure "
                "returned",
      .n = 5, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAST_FREE, .fault_nth = 1, .fault = FAKE_FAULT_STATUS,
      .fault_status = KEYACT_E_HOST,
      .expect = KCC_BOTTOM(KEYACT_E_HOST, 0, 8, 1, KC_POS(0), FACE0,
                           "EXILED HIT CAST_FAILED BOTTOM FINISHED") },
    { .name = "cascade_cast_free_garbage_bottom",
      .ruling = "an unknown cast_free answer is recovered as bottom and returns KEYACT_E_RANGE",
      .n = 5, .library = { &kc_geological_appraiser },
      .fault_kind = FAKE_CALL_CAST_FREE, .fault_nth = 1, .fault = FAKE_FAULT_BAD_ANSWER,
      .expect = KCC_BOTTOM(KEYACT_E_RANGE, 0, 8, 1, KC_POS(0), FACE0,
                           "EXILED HIT CAST_FAILED BOTTOM FINISHED") },
};

const KcCase *kc_cascade_cases(guint *n_cases)
{
    *n_cases = G_N_ELEMENTS(kc_cascade_table);
    return kc_cascade_table;
}

const KcCase *kc_cascade_case_find(const char *name)
{
    for (guint i = 0; i < G_N_ELEMENTS(kc_cascade_table); i++)
        if (g_strcmp0(kc_cascade_table[i].name, name) == 0)
            return &kc_cascade_table[i];
    return NULL;
}
