/* SPDX-License-Identifier: MIT */
/* kc_cards.h - printed facts of the real cards the conformance cases use. */
#ifndef KEYACT_KC_CARDS_H
#define KEYACT_KC_CARDS_H

#include "fake_host.h"

extern const FakeCardSpec kc_geological_appraiser; /* {2}{R}{R}, MV 4 */
extern const FakeCardSpec kc_mountain;             /* basic land */
extern const FakeCardSpec kc_fire_ice;             /* split {1}{R} // {1}{U}, MV 4 */
extern const FakeCardSpec kc_wear_tear;            /* split (fuse) {1}{R} // {W}, MV 3 */
extern const FakeCardSpec kc_cut_ribbons;          /* aftermath {1}{R} // {X}{B}{B}, MV 4 */
extern const FakeCardSpec kc_galvanic_giant;       /* adventure {3}{U} // {5}{U}{U}, MV 4 */
extern const FakeCardSpec kc_valki;                /* modal DFC {1}{B} // {5}{B}{R}, MV 2 */
extern const FakeCardSpec kc_sea_gate_restoration; /* modal DFC {4}{U}{U}{U} // land, MV 7 */
extern const FakeCardSpec kc_hengegate_pathway;    /* modal DFC land // land */
extern const FakeCardSpec kc_delver_of_secrets;    /* transform {U} // Insectile Aberration, MV 1 */
extern const FakeCardSpec kc_akki_lavarunner;      /* flip {3}{R} // Tok-Tok, Volcano Born, MV 4 */
extern const FakeCardSpec kc_bruna;                /* meld {5}{W}{W} // Brisela, MV 7 */
extern const FakeCardSpec kc_fireball;             /* {X}{R}, MV 1 */
extern const FakeCardSpec kc_apostles_blessing;    /* {1}{W/P}, MV 2 */
extern const FakeCardSpec kc_spectral_procession;  /* {2/W}{2/W}{2/W}, MV 6 */
extern const FakeCardSpec kc_little_girl;          /* {HW}, MV 1/2 */
extern const FakeCardSpec kc_ornithopter;          /* {0}, MV 0 */
extern const FakeCardSpec kc_forbidden_appraiser;  /* Geological Appraiser the host flags not castable */
extern const FakeCardSpec kc_pantlaza;             /* {2}{R}{G}{W}: a "discover X" source */

#endif /* KEYACT_KC_CARDS_H */
