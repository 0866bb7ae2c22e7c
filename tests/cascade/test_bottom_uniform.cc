/* SPDX-License-Identifier: MIT */
// test_bottom_uniform.cc - cascade puts every exiled card that was not cast
// on the bottom in one uniformly random order: an uncast hit is shuffled in
// with the others, not put last (CR 702.85a: "all cards exiled this way
// that weren't cast ... in a random order"). Fixed seeds make the statistic
// deterministic; each bound is the chi-square critical value at p = 0.001
// for its degrees of freedom, as in tests/unit/test_bottom_uniform.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cascade_support.h"

namespace {

using cascade_test::library_case;

struct Tally {
    double orders_chi = 1e9;    // over all k! orders of the bottomed cards
    double hit_slot_chi = 1e9;  // over the k slots the hit can take (hit not cast)
};

// Resolve cascade `resolves` times from the same start; the first `k` library
// cards are the ones that end on the bottom. `hit` is the library position
// of a hit that is not cast, or -1.
Tally bottom_tally(const KcCase &c, size_t k, int hit, size_t resolves, guint64 seed)
{
    Tally tally;
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, seed);
    const std::vector<keyact_card_id> bottomed(game.library, game.library + k);

    size_t orders = 1;
    for (size_t i = 2; i <= k; i++)
        orders *= i;
    std::vector<size_t> order_counts(orders, 0), slot_counts(k, 0);
    for (size_t r = 0; r < resolves; r++) {
        fake_host_restore(game.host, game.before);
        FakeResolve res;
        if (unit::resolve_with(unit::cascade(), game.host, KC_PLAYER, c.n, game.source, &res)
                != KEYACT_OK
            || res.result.bottomed_count != k) {
            ADD_FAILURE() << "resolve " << r << ": " << keyact_status_name(res.status) << ", "
                          << res.result.bottomed_count << " bottomed";
            return tally;
        }
        std::string problem = unit::conservation_problem(game, res);
        if (!problem.empty()) {
            ADD_FAILURE() << "resolve " << r << ": " << problem;
            return tally;
        }
        guint count = 0;
        const keyact_card_id *library =
            fake_host_zone(game.host, KC_PLAYER, FAKE_ZONE_LIBRARY, &count);
        if (count < k) {
            ADD_FAILURE() << "library too short after resolve " << r;
            return tally;
        }
        const keyact_card_id *bottom = library + count - k;
        for (size_t i = 0; i < k; i++) {
            if (std::find(bottomed.begin(), bottomed.end(), bottom[i]) == bottomed.end()) {
                ADD_FAILURE() << "resolve " << r << ": bottom card " << bottom[i]
                              << " was not exiled";
                return tally;
            }
        }
        order_counts[unit::permutation_rank(bottomed, bottom, k)]++;
        if (hit >= 0)
            slot_counts[size_t(std::find(bottom, bottom + k, game.library[hit]) - bottom)]++;
    }
    tally.orders_chi = unit::chi_square_uniform(order_counts, resolves);
    if (hit >= 0)
        tally.hit_slot_chi = unit::chi_square_uniform(slot_counts, resolves);
    ::testing::Test::RecordProperty("chi_square_orders_" + std::to_string(k),
                                    std::to_string(tally.orders_chi));
    return tally;
}

TEST(CascadeBottomOrder, DeclinedHitAndOneOtherBothOrdersEquallyLikely)
{
    KcCase c = library_case(5, {&kc_mountain, &kc_geological_appraiser, &kc_fireball});
    c.choose = FAKE_CHOOSE_HAND;
    Tally t = bottom_tally(c, 2, 1, 6000, 20240607);
    EXPECT_LT(t.orders_chi, 10.828);    // df = 1
    EXPECT_LT(t.hit_slot_chi, 10.828);  // df = 1
}

TEST(CascadeBottomOrder, UncastableHitWithTwoOthersAllSixOrdersEquallyLikely)
{
    KcCase c = library_case(5, {&kc_mountain, &kc_hengegate_pathway, &kc_fire_ice});
    c.cannot_cast[2] = 3u;  // no legal targets for either half
    Tally t = bottom_tally(c, 3, 2, 12000, 777);
    EXPECT_LT(t.orders_chi, 20.515);    // df = 5
    EXPECT_LT(t.hit_slot_chi, 13.816);  // df = 2
}

TEST(CascadeBottomOrder, FailedCastWithThreeOthersAllTwentyFourOrdersEquallyLikely)
{
    // Mountain, Hengegate Pathway, Geological Appraiser (MV 4, not below 4),
    // then Fireball (MV 1), the hit, whose cast fails.
    KcCase c = library_case(4, {&kc_mountain, &kc_hengegate_pathway, &kc_geological_appraiser,
                                &kc_fireball});
    c.cast_fails[3] = 1u;
    Tally t = bottom_tally(c, 4, 3, 24000, 31337);
    EXPECT_LT(t.orders_chi, 49.728);    // df = 23
    EXPECT_LT(t.hit_slot_chi, 16.266);  // df = 3
}

TEST(CascadeBottomOrder, CastHitLeavesTheRestUniform)
{
    // The hit (Fireball) is cast; the three cards above it go to the bottom.
    const KcCase c = library_case(4, {&kc_mountain, &kc_geological_appraiser,
                                      &kc_hengegate_pathway, &kc_fireball});
    Tally t = bottom_tally(c, 3, -1, 12000, 4242);
    EXPECT_LT(t.orders_chi, 20.515);  // df = 5
}

TEST(CascadeBottomOrder, NoHitAllSixOrdersEquallyLikely)
{
    const KcCase c = library_case(4, {&kc_geological_appraiser, &kc_mountain, &kc_fire_ice});
    Tally t = bottom_tally(c, 3, -1, 12000, 99);
    EXPECT_LT(t.orders_chi, 20.515);  // df = 5
}

}  // namespace
