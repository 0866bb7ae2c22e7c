/* SPDX-License-Identifier: MIT */
// discover_oracle.h - what "discover N" should offer for one card, worked
// out without the plugin: from the layout name, the faces' type lines and
// the data's published mana values (CR 701.57a, 709.3, 709.4, 710, 712,
// 715, 702.127a). The card pool test compares the plugin's answers with it.
#ifndef KEYACT_TESTS_CARDPOOL_DISCOVER_ORACLE_H
#define KEYACT_TESTS_CARDPOOL_DISCOVER_ORACLE_H

#include <cstdint>
#include <string>
#include <vector>

namespace cardpool {

struct OracleFace {
    bool land = false;  // the face's type line has the card type Land
    long halves = 0;    // the face's own mana value x2
};

struct OracleCard {
    std::string layout;            // as in the data: "split", "modal_dfc", "saga", ...
    std::vector<OracleFace> faces; // front / left first
    long card_halves = 0;          // the card's mana value x2 in library and exile
};

struct OracleOptions {
    bool hit = false;     // the card stops the exiling
    uint32_t faces = 0;   // bit i: face i may be cast
};

// TRUE when `type_line` has the card type Land (before any em dash):
// "Land", "Artifact Land", "Land Creature — Forest Dryad".
bool TypeLineHasLand(const char *type_line);

// A land in library and exile: any half of a split or aftermath card, else
// the front face decides (pathways, modal cards backed by a land).
bool OracleIsLand(const OracleCard &card);

// The faces "discover n" lets the player cast: nothing unless the card is a
// nonland card of value <= n; then each face the layout allows that is not
// a land and whose own value is <= n. Layouts: split, any half; aftermath,
// only the first half; adventure and modal_dfc, either face; transform,
// flip, meld and every one-face layout, face 0.
OracleOptions OracleDiscover(const OracleCard &card, int n);

}  // namespace cardpool

#endif  // KEYACT_TESTS_CARDPOOL_DISCOVER_ORACLE_H
