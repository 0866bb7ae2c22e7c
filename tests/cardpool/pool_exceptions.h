/* SPDX-License-Identifier: MIT */
// pool_exceptions.h - the known faults of the shared card pool's data
// (../shared/carddata/README.md), each with why the test treats it apart.
// Everything else in the pool must agree with the plugin exactly. Each entry
// must still be a fault: a fixed one fails the test so the list shrinks.
#ifndef KEYACT_TESTS_CARDPOOL_POOL_EXCEPTIONS_H
#define KEYACT_TESTS_CARDPOOL_POOL_EXCEPTIONS_H

#include <string>
#include <vector>

namespace cardpool {

struct PoolException {
    const char *name;
    const char *reason;
};

// MTGJSON's cmc for these split / aftermath cards is the front half's value
// alone; the rules combine the halves (CR 709.4). Their card value is
// checked against the sum of the halves' published values instead, and the
// discover oracle uses that sum.
inline const std::vector<PoolException> kFrontHalfCmc = {
    {"Bind // Liberate", "cmc is the front half only (playtest printing); checked against the halves' sum"},
    {"Start // Fire", "cmc is the front half only (playtest printing); checked against the halves' sum"},
    {"Smelt // Herd // Saw", "cmc is the front half only (playtest printing); checked against the halves' sum"},
    {"Indulge // Excess", "cmc is the front half only; checked against the halves' sum"},
};

// Meld results: printed without a mana cost, the data gives the melded
// value (CR 712.8g); such a card only exists on the battlefield, never in a
// library, so neither its value nor discover applies. Checked: cost "",
// plugin value 0, published value > 0.
inline const std::vector<PoolException> kMeldResults = {
    {"Brisela, Voice of Nightmares", "meld result: cost \"\", cmc is the melded value; never in a library"},
    {"Chittering Host", "meld result: cost \"\", cmc is the melded value; never in a library"},
    {"Hanweir, the Writhing Township", "meld result: cost \"\", cmc is the melded value; never in a library"},
    {"Mishra, Lost to Phyrexia", "meld result: cost \"\", cmc is the melded value; never in a library"},
    {"Titania, Gaea Incarnate", "meld result: cost \"\", cmc is the melded value; never in a library"},
    {"Urza, Planeswalker", "meld result: cost \"\", cmc is the melded value; never in a library"},
};

// Not game cards in a library: their mana values are checked (all 0, no
// cost), discover options are not.
inline const std::vector<std::string> kNotInLibraryLayouts = {"planar", "scheme", "vanguard"};
inline const char *const kNotInLibraryReason =
    "planar / scheme / vanguard cards are never in a library: mana values checked, discover options not";

}  // namespace cardpool

#endif  // KEYACT_TESTS_CARDPOOL_POOL_EXCEPTIONS_H
