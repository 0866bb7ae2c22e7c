/* SPDX-License-Identifier: MIT */
// test_bottom_uniform.cc - the exiled cards go to the bottom in a uniformly
// random order. Fixed seeds make the statistic deterministic; the bound is a
// chi-square critical value at p = 0.001, so a fair shuffle passes with a
// wide margin and a biased one (e.g. the naive "swap with any" shuffle,
// chi-square over a thousand here) fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "unit_support.h"

namespace {

// Resolve `resolves` times from the same start and count each bottom order.
double bottom_order_chi_square(const KcCase &c, size_t k, size_t resolves, guint64 seed)
{
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, seed);
    std::vector<keyact_card_id> bottomed;
    for (guint i = 0; i < game.library_count; i++)
        if (c.expect.bottom & KC_POS(i))
            bottomed.push_back(game.library[i]);
    EXPECT_EQ(bottomed.size(), k);

    size_t orders = 1;
    for (size_t i = 2; i <= k; i++)
        orders *= i;
    std::vector<size_t> counts(orders, 0);
    for (size_t r = 0; r < resolves; r++) {
        fake_host_restore(game.host, game.before);
        FakeResolve res;
        if (unit::resolve_case(&game, &c, &res) != KEYACT_OK) {
            ADD_FAILURE() << "resolve " << r << " returned " << keyact_status_name(res.status);
            return 1e9;
        }
        guint count = 0;
        const keyact_card_id *library =
            fake_host_zone(game.host, KC_PLAYER, FAKE_ZONE_LIBRARY, &count);
        if (count < k) {
            ADD_FAILURE() << "library too short after resolve " << r;
            return 1e9;
        }
        counts[unit::permutation_rank(bottomed, library + count - k, k)]++;
    }
    double chi = unit::chi_square_uniform(counts, resolves);
    ::testing::Test::RecordProperty("chi_square_" + std::to_string(k), std::to_string(chi));
    return chi;
}

TEST(BottomOrder, TwoCardsBothOrdersEquallyLikely)
{
    // Mountain and Fireball above the discover 0 hit go to the bottom.
    double chi = bottom_order_chi_square(unit::find_case("n_zero"), 2, 6000, 20231117);
    EXPECT_LT(chi, 10.828);  // df = 1, p = 0.001
}

TEST(BottomOrder, ThreeCardsAllSixOrdersEquallyLikely)
{
    double chi = bottom_order_chi_square(unit::find_case("no_hit_all_lands"), 3, 12000, 424242);
    EXPECT_LT(chi, 20.515);  // df = 5, p = 0.001
}

TEST(BottomOrder, FourCardsAllTwentyFourOrdersEquallyLikely)
{
    // Four exiled cards without a hit, for discover 0: Mountain, Pathway,
    // Fireball (MV 1), Geological Appraiser (MV 4).
    KcCase c = unit::find_case("no_hit_all_lands");
    c.n = 0;
    c.library[2] = unit::find_case("x_counts_zero").library[0];
    c.library[3] = unit::find_case("library_of_one_hit").library[0];
    c.expect.bottom = KC_POS(0) | KC_POS(1) | KC_POS(2) | KC_POS(3);
    double chi = bottom_order_chi_square(c, 4, 24000, 99);
    EXPECT_LT(chi, 49.728);  // df = 23, p = 0.001
}

}  // namespace
