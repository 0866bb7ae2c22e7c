/* SPDX-License-Identifier: MIT */
// validate_support.h - the validation layer's tests: a registry with the
// Discover plugin, the reports it collects, a small game on the fake host and
// a deliberately wrong host around it.
#ifndef KEYACT_VALIDATE_SUPPORT_H
#define KEYACT_VALIDATE_SUPPORT_H

#include <string>
#include <vector>

#include <keyact-host.h>

#include "fake_host.h"

namespace validate {

// One report, copied out of the handler.
struct Report {
    std::string callback;
    keyact_card_id card;
    std::string card_name; // "" when the report named none
    std::string answer;
    std::string rule;
    std::string message;
    const keyact_host *host; // the table the handler was given
};

// A registry holding keyact-discover.so ($KEYACT_DISCOVER_MODULE) with
// validation `mode` and a handler that collects the reports.
class Validated {
public:
    explicit Validated(KeyactValidation mode, const char *env_name = "KEYACT_DISCOVER_MODULE",
                       const char *action = "discover");
    ~Validated();
    Validated(const Validated &) = delete;
    Validated &operator=(const Validated &) = delete;

    KeyactRegistry *registry() const { return registry_; }
    const KeyactBoundAction &bound() const { return bound_; }
    const std::vector<Report> &reports() const { return reports_; }
    // Every report's message, one a line, for failure messages.
    std::string all() const;
    // The reports whose rule contains `words`.
    std::vector<Report> with_rule(const std::string &words) const;

    int32_t resolve(const keyact_host *host, FakeResolve *res, int32_t n,
                    keyact_player_id player = 1);

private:
    static void collect(const keyact_host *host, const KeyactViolation *v, gpointer data);
    KeyactRegistry *registry_ = nullptr;
    KeyactBoundAction bound_{};
    std::vector<Report> reports_;
};

// The rule texts, as the reports spell them (validate_layer.c's words).
extern const char *const kLibrarySize;
extern const char *const kLibraryCardRange;
extern const char *const kLibraryAgrees;
extern const char *const kLibraryCardsAnswer;
extern const char *const kMoveDestination;
extern const char *const kMoveFailedStays;
extern const char *const kDescribeValid;
extern const char *const kDescribeCost;
extern const char *const kDescribeStable;
extern const char *const kCanCastRange;
extern const char *const kChooseRange;
extern const char *const kCastFreeRange;
extern const char *const kCastDoneOnStack;
extern const char *const kCastFailedInExile;
extern const char *const kRandomRange;
extern const char *const kRandomUniform;
extern const char *const kApplyStepsDone;
extern const char *const kEndZones;

// A game on a fake host: `lands_above` lands, then Shock ({R}, the hit for
// discover 3), then `lands_below` lands, in player 1's library; a card in
// hand. Shock is cast by default (the fake host's FIRST_CAST chooser).
struct Game {
    FakeHost *host = nullptr;
    std::vector<keyact_card_id> library; // top first, as set up
    keyact_card_id hit = KEYACT_CARD_NONE;
    // with_hit false: no Shock, only lands_above lands (a library with no hit).
    Game(unsigned lands_above, unsigned lands_below, bool card_zone = true,
         guint batched = 0, bool with_hit = true);
    ~Game();
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;
};

// What a wrong host gets wrong: each one a bug an engine could have.
enum class Wrong {
    None,
    LibrarySizeStale,      // library_size keeps answering the size it first had
    LibraryCardNotFound,   // library_card answers NOTFOUND for index 0 of a full library
    LibraryCardStaleTop,   // library_card(0) keeps answering the first top card after it moved
    LibraryCardsDuplicate, // library_cards answers its first card twice
    MoveToHandExiles,      // move_card to the hand leaves the card in exile, answers success
    MoveFailsAfterMoving,  // move_card to the library moves the card, then answers E_STATE
    BottomOnTop,           // move_card to the bottom puts the card on top
    DescribeByZone,        // describe_card's cost changes once the card left the library
    CastDoneNotCast,       // cast_free answers DONE and leaves the card in exile
    CastFailedButCast,     // cast_free casts the spell and answers FAILED
    RandomAlwaysZero,      // random_below answers 0 every time
    ApplyStepsShort,       // apply_steps answers success with out_done one short
    // The adversarial hosts of test_adversarial.cc (tests/validate/README.md).
    LibrarySizeOneHigh,    // library_size counts one card too many, every time
    LibraryCardForeign,    // library_card's second answer is a handle the host never gave out
    LibraryCardsShifted,   // library_cards answers the window one card further down
    MoveNoOp,              // move_card to exile answers success and moves nothing
    MoveExileToHand,       // move_card to exile puts the card into the hand
    DescribeCardsDearer,   // describe_cards answers Shock at {1}{R}, describe_card at {R}
    DescribeBadLayout,     // describe_card answers layout 99 for Shock
    CanCastCountsTargets,  // can_cast_face answers the number of legal targets (2)
    ChooseOneBased,        // choose answers a 1-based index
    CastFreeAnswersZero,   // cast_free casts and answers 0 (a C "false")
    RandomOneBased,        // random_below answers in [1, bound]
    ApplyStepsOver,        // apply_steps answers success with out_done count + 1
    ApplyStepsFailAfterAll,   // apply_steps applies every step, then answers E_STATE, out_done 1
    ApplyStepsFailDoneHigh,   // apply_steps applies nothing and answers E_STATE, out_done count
    ApplyStepsSkipsOne,       // apply_steps leaves step 1's card alone and answers success
    ApplyStepsFailFewer,      // apply_steps applies step 0, answers E_STATE with out_done 2
    CardZoneNone,          // card_zone answers KEYACT_ZONE_NONE for a card out of the library
    CardZoneStale,         // card_zone answers KEYACT_ZONE_LIBRARY for every card
};

// A table around a fake host's (1.0, 1.1 or 1.2) that gets one thing wrong.
class WrongHost {
public:
    WrongHost(const keyact_host *inner, Wrong wrong);
    const keyact_host *table() const { return &self_.table; }

    struct Self {
        keyact_host table; // first
        const keyact_host *inner;
        Wrong wrong;
        uint32_t first_size;
        bool have_first_size;
        keyact_card_id first_top;
        unsigned library_card_calls;
        bool stepped_once; // the ApplySteps* lies fire on the first batch that can show them
    };

private:
    Self self_{};
};

}  // namespace validate

#endif  // KEYACT_VALIDATE_SUPPORT_H
