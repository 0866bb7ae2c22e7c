/* SPDX-License-Identifier: MIT */
// faults_support.h - the loaded Discover (and Cascade) plugin and layout games
// for the fault sweep, the entry-point tests and the threads test.
#ifndef KEYACT_FAULTS_SUPPORT_H
#define KEYACT_FAULTS_SUPPORT_H

#include <string>

#include <keyact-host.h>

#include "fake_host.h"
#include "unit_support.h"

namespace faults {

// The player who discovers, and the other one (whose cards must never move).
constexpr keyact_player_id kPlayer = 1;
constexpr keyact_player_id kOpponent = 2;

// $KEYACT_DISCOVER_MODULE loaded once per process, as tests/unit does.
using unit::cascade;  // $KEYACT_CASCADE_MODULE, loaded on first use
using unit::discover;
using unit::required_env;
KeyactPlugin *discover_plugin();

// Every KEYACT_LAYOUT_* value this sweep covers, and a name for messages.
constexpr uint32_t kLayouts[] = {
    KEYACT_LAYOUT_NORMAL,    KEYACT_LAYOUT_SPLIT,     KEYACT_LAYOUT_AFTERMATH,
    KEYACT_LAYOUT_ADVENTURE, KEYACT_LAYOUT_MODAL_DFC, KEYACT_LAYOUT_TRANSFORM,
    KEYACT_LAYOUT_FLIP,      KEYACT_LAYOUT_MELD,
};
// The layout's name in lower case ("modal_dfc"), for test names.
std::string layout_name(uint32_t layout);

// A printed card of `layout` (two faces except normal), as the sweep uses it.
FakeCardSpec layout_card(uint32_t layout);

// One game: player 1 has a library that mixes lands, an expensive card, a
// card of `layout` near the top and cheaper cards further down (so N from 0
// to 10 stops at different depths, and N = 0 finds nothing), a card in hand
// and a source on the battlefield; player 2 has a library of cheap cards and
// a hand. Snapshot taken.
struct Game {
    FakeHost *host = nullptr;
    FakeSnapshot *before = nullptr;
    keyact_card_id source = KEYACT_CARD_NONE;
    keyact_card_id layout_id = KEYACT_CARD_NONE;  // the card of the layout

    Game(uint32_t layout, guint64 seed);
    ~Game();
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;

    // Every face of every card answers KEYACT_CAST_FAILED to cast_free.
    void make_casts_fail();
};

// Prepare args/result, clear the logs and resolve through
// keyact_bound_action_resolve with the host's table: discover, or `action`.
int32_t resolve(FakeHost *host, int32_t n, keyact_card_id source, FakeResolve *out);
int32_t resolve(const KeyactBoundAction &action, FakeHost *host, int32_t n,
                keyact_card_id source, FakeResolve *out);

// Empty when conservation holds, else the reason.
std::string conservation_problem(const FakeHost *host, const FakeSnapshot *before,
                                 const FakeResolve &res);

// Empty when the result is self-consistent (COMPLETE strands nothing, a
// failure is never COMPLETE with status 0 ...), else the reason. An uncast
// hit ends in hand for discover, on the bottom (KEYACT_OUTCOME_BOTTOM) for
// cascade: `uncast_outcome` says which outcome is allowed.
std::string result_problem(const FakeResolve &res,
                           uint32_t uncast_outcome = KEYACT_OUTCOME_HAND);

}  // namespace faults

#endif  // KEYACT_FAULTS_SUPPORT_H
