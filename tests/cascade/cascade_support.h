/* SPDX-License-Identifier: MIT */
// cascade_support.h - one library resolved under discover N and cascade N,
// each in its own fake-host game set up the same way (glue/conformance's
// KcGame: the library, a card in hand, an opponent's library).
#ifndef KEYACT_CASCADE_SUPPORT_H
#define KEYACT_CASCADE_SUPPORT_H

#include <initializer_list>
#include <string>
#include <vector>

#include "kc_cards.h"
#include "unit_support.h"

namespace cascade_test {

// A case with only a library and an N (no scripted answers, no
// expectation): the caller scripts the host through the game.
KcCase library_case(int32_t n, std::initializer_list<const FakeCardSpec *> library);

// One game and one resolve of it through a loaded action.
struct Played {
    KcGame game{};
    FakeResolve res{};

    Played(const KcCase &c, guint64 seed = 11) { kc_game_init(&game, &c, seed); }
    ~Played() { kc_game_clear(&game); }
    Played(const Played &) = delete;
    Played &operator=(const Played &) = delete;

    // Resolve c.n through `action`; every resolve is checked for
    // conservation (a failed check is a test failure, with the reason).
    int32_t resolve(const KeyactBoundAction &action, const KcCase &c);

    // Library position `i` at the start.
    keyact_card_id card(guint i) const { return game.library[i]; }
    FakeZone zone_of(keyact_card_id card) const;
    // Position in its zone (top first for the library).
    guint position_of(keyact_card_id card) const;
    guint count(FakeZone zone) const;
    // The event types, "EXILED HIT ... FINISHED".
    std::string events() const;
    std::vector<keyact_event> event_list() const;
};

}  // namespace cascade_test

#endif  // KEYACT_CASCADE_SUPPORT_H
