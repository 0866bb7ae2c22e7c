/* SPDX-License-Identifier: MIT */
// cascade_support.cc - games for the side-by-side tests.
#include "cascade_support.h"

#include <gtest/gtest.h>

namespace cascade_test {

KcCase library_case(int32_t n, std::initializer_list<const FakeCardSpec *> library)
{
    KcCase c{};
    c.name = "side_by_side";
    c.ruling = "";
    c.n = n;
    guint i = 0;
    for (const FakeCardSpec *spec : library) {
        if (i >= KC_MAX_LIBRARY)
            break;
        c.library[i++] = spec;
    }
    c.choose = FAKE_CHOOSE_FIRST_CAST;
    c.fault_kind = FAKE_CALL_ANY;
    return c;
}

int32_t Played::resolve(const KeyactBoundAction &action, const KcCase &c)
{
    unit::resolve_with(action, game.host, KC_PLAYER, c.n, game.source, &res);
    EXPECT_EQ(unit::conservation_problem(game, res), "") << action.action->name << " " << c.n;
    EXPECT_EQ(fake_host_log_dropped(game.host), 0u);
    return res.status;
}

FakeZone Played::zone_of(keyact_card_id card) const
{
    FakeZone zone = FAKE_ZONE_NONE;
    guint position = 0;
    fake_host_locate(game.host, card, &zone, &position);
    return zone;
}

guint Played::position_of(keyact_card_id card) const
{
    FakeZone zone = FAKE_ZONE_NONE;
    guint position = G_MAXUINT;
    fake_host_locate(game.host, card, &zone, &position);
    return position;
}

guint Played::count(FakeZone zone) const
{
    guint n = 0;
    fake_host_zone(game.host, KC_PLAYER, zone, &n);
    return n;
}

std::string Played::events() const
{
    g_autofree char *types = fake_host_format_events(game.host);
    return types;
}

std::vector<keyact_event> Played::event_list() const
{
    guint n = 0;
    const keyact_event *events = fake_host_events(game.host, &n);
    return std::vector<keyact_event>(events, events + n);
}

}  // namespace cascade_test
