/* SPDX-License-Identifier: MIT */
// test_conformance_swap.cc - the conformance rulings tell discover
// implementations apart, with the implementation swapped behind one slot in
// the middle of the run: the real Discover passes every ruling, each
// deliberately wrong one (tests/compat/fixtures/wrong_*.c) fails exactly the
// rulings its bug breaks, and swapping back makes the run pass again.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <keyact-host.h>

#include "conformance.h"
#include "faults_support.h"

namespace {

// Every discover ruling (the table and the random order) through whatever
// serves `slot` now; returns the names of the failing cases and keeps the
// first message of each for the report.
std::set<std::string> failing_rulings(KeyactSlot *slot, std::string *messages)
{
    std::set<std::string> failing;
    KeyactBoundAction bound{};
    if (!keyact_slot_acquire(slot, &bound)) {
        ADD_FAILURE() << "the discover slot has no implementation";
        return failing;
    }
    guint n_cases = 0;
    const KcCase *cases = kc_cases_for_action("discover", &n_cases);
    for (guint i = 0; i < n_cases; i++) {
        g_autoptr(GError) error = nullptr;
        if (!kc_case_run(&cases[i], bound.action, bound.plugin_ctx, &error)) {
            failing.insert(cases[i].name);
            *messages += std::string(error->message) + "\n";
        }
    }
    g_autoptr(GError) error = nullptr;
    if (!kc_random_order_run(bound.action, bound.plugin_ctx, &error)) {
        failing.insert(kc_random_order_case()->name);
        *messages += std::string(error->message) + "\n";
    }
    keyact_bound_action_release(&bound);
    return failing;
}

TEST(ConformanceSwap, TheRulingsTellTheRealDiscoverFromEachWrongOne)
{
    const std::string real = faults::required_env("KEYACT_DISCOVER_MODULE");
    const std::string bottom_order = faults::required_env("KEYACT_WRONG_BOTTOM_ORDER");
    const std::string no_hand = faults::required_env("KEYACT_WRONG_NO_HAND");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    for (const std::string &path : { real, bottom_order, no_hand })
        ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error))
            << error->message;
    KeyactSlot *slot = keyact_registry_get_slot(registry, "discover");
    std::string messages;

    // Equal versions: the real one, loaded first, serves.
    EXPECT_EQ(failing_rulings(slot, &messages), std::set<std::string>{}) << messages;

    messages.clear();
    ASSERT_TRUE(keyact_registry_select(registry, "discover", "org.keyact.test.wrong_bottom_order",
                                       &error));
    EXPECT_EQ(failing_rulings(slot, &messages), std::set<std::string>{"bottom_random_order"});
    EXPECT_NE(messages.find("701.57a: the other exiled cards go to the bottom in a random order"),
              std::string::npos) << messages;

    messages.clear();
    ASSERT_TRUE(keyact_registry_select(registry, "discover", no_hand.c_str(), &error));
    const std::set<std::string> hand_rulings = {
        "no_legal_targets_hand", "host_forbids_casting", "player_chooses_hand",
        "cast_fails_hand", "choose_fails_hand", "choose_out_of_range_hand",
        "can_cast_fails_not_castable", "cast_free_fails_hand", "cast_free_garbage_hand",
    };
    EXPECT_EQ(failing_rulings(slot, &messages), hand_rulings);
    EXPECT_NE(messages.find("declined, the card goes to hand"), std::string::npos) << messages;

    // Back to the real one by dropping the explicit choice.
    messages.clear();
    ASSERT_TRUE(keyact_registry_select(registry, "discover", nullptr, &error));
    EXPECT_EQ(failing_rulings(slot, &messages), std::set<std::string>{}) << messages;
}

}  // namespace
