/* SPDX-License-Identifier: MIT */
// test_same_game.cc - an isolated resolve makes the same host calls, in the
// same order, as an in-process one (issue 31, "same game"): every discover
// and cascade conformance case, on a 1.0, a 1.1 and a 1.2 host, blocking
// and stepped (every question waiting, the block moved between steps), is
// resolved by the plugin loaded in-process and by the same file loaded
// isolated, each through a KeyactTracer around the same fake game. The
// traces must be identical byte for byte, and so the statuses, results
// and zones; the isolated run must also pass the case itself.
#include <gtest/gtest.h>

#include <string>

#include "conformance.h"
#include "fake_host.h"
#include "keyact-host.h"
#include "keyact-trace.h"

namespace {

struct Loaded {
    KeyactPlugin *plugin = nullptr;
    const keyact_action *action = nullptr;
};

Loaded load(const char *variable, const char *name, KeyactLoadFlags flags)
{
    Loaded loaded;
    const char *path = g_getenv(variable);
    if (path == nullptr)
        return loaded;
    g_autoptr(GError) error = nullptr;
    loaded.plugin = keyact_plugin_load(path, flags, &error);
    EXPECT_NE(loaded.plugin, nullptr) << path << ": " << (error ? error->message : "");
    for (guint i = 0; loaded.plugin != nullptr && i < keyact_plugin_get_n_actions(loaded.plugin);
         i++) {
        if (g_strcmp0(keyact_plugin_get_action(loaded.plugin, i)->name, name) == 0)
            loaded.action = keyact_plugin_get_action(loaded.plugin, i);
    }
    return loaded;
}

std::string zones(const KcGame &game)
{
    std::string out;
    const FakeZone listed[] = { FAKE_ZONE_LIBRARY, FAKE_ZONE_EXILE, FAKE_ZONE_HAND,
                                FAKE_ZONE_STACK };
    for (FakeZone zone : listed) {
        guint n = 0;
        const keyact_card_id *ids = fake_host_zone(game.host, KC_PLAYER, zone, &n);
        out += std::string(fake_zone_name(zone)) + ":";
        for (guint i = 0; i < n; i++)
            out += " " + std::to_string(ids[i]);
        out += "\n";
    }
    return out;
}

std::string result_text(const FakeResolve &res)
{
    const keyact_resolve_result &r = res.result;
    std::string out = "status " + std::to_string(res.status) + " outcome "
                      + std::to_string(r.outcome) + " discovered " + std::to_string(r.discovered)
                      + " mv " + std::to_string(r.mana_value_halves) + " face "
                      + std::to_string(r.face_cast) + " exiled " + std::to_string(r.exiled_count)
                      + " bottomed " + std::to_string(r.bottomed_count) + " flags "
                      + std::to_string(r.flags) + " stranded";
    for (guint i = 0; i < r.stranded_count && i < FAKE_STRANDED_CAPACITY; i++)
        out += " " + std::to_string(res.stranded[i]);
    return out + "\n";
}

// One run of `c`: its trace, result and zones as one text.
std::string run(const KcCase *c, KcHostKind kind, KcWay way, const Loaded &loaded)
{
    g_auto(KcGame) game;
    kc_game_init_on(&game, c, g_str_hash(c->name), kind);
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactTracer) tracer = keyact_tracer_new(fake_host_table(game.host), &error);
    EXPECT_NE(tracer, nullptr);
    if (tracer == nullptr)
        return "";
    void *ctx = keyact_plugin_get_context(loaded.plugin);
    FakeResolve res;
    if (way == KC_BLOCKING) {
        fake_resolve_prepare(&res, game.host, KC_PLAYER, c->n, game.source);
        fake_host_reset_logs(game.host);
        res.status = loaded.action->resolve(ctx, keyact_tracer_get_host(tracer), &res.args,
                                            &res.result);
    } else {
        fake_host_resolve_stepped_on(game.host, keyact_tracer_get_host(tracer), loaded.action,
                                     ctx, KC_PLAYER, c->n, game.source, KEYACT_WAIT_ALL, &res);
    }
    if (keyact_plugin_is_isolated(loaded.plugin)) {
        EXPECT_TRUE(kc_case_check(c, &game, &res, &error))
            << c->name << " isolated, " << kc_host_kind_name(kind) << kc_way_name(way) << ": "
            << (error ? error->message : "");
    }
    g_autofree char *calls = keyact_tracer_format(tracer);
    return std::string(calls) + result_text(res) + zones(game);
}

void compare_every_case(const char *variable, const char *name, const KcCase *cases, guint n)
{
    Loaded in_process = load(variable, name, KEYACT_LOAD_DEFAULT);
    Loaded isolated = load(variable, name, KEYACT_LOAD_ISOLATED);
    ASSERT_NE(in_process.action, nullptr) << variable << " has no " << name << " action";
    ASSERT_NE(isolated.action, nullptr);
    ASSERT_TRUE(keyact_plugin_is_isolated(isolated.plugin));
    ASSERT_FALSE(keyact_plugin_is_isolated(in_process.plugin));

    guint compared = 0;
    for (guint i = 0; i < n; i++) {
        for (guint k = 0; k < KC_N_HOST_KINDS; k++) {
            for (KcWay way : { KC_BLOCKING, KC_STEPPED }) {
                KcHostKind kind = (KcHostKind)k;
                std::string a = run(&cases[i], kind, way, in_process);
                std::string b = run(&cases[i], kind, way, isolated);
                EXPECT_EQ(a, b) << cases[i].name << ", " << kc_host_kind_name(kind)
                                << kc_way_name(way) << ": in-process (left) and isolated "
                                                       "(right) differ";
                compared++;
            }
        }
    }
    KeyactIsolationStats stats = {};
    stats.struct_size = sizeof stats;
    ASSERT_TRUE(keyact_plugin_get_isolation_stats(isolated.plugin, &stats));
    EXPECT_EQ(stats.helpers_lost, 0u);
    std::printf("%s: %u runs identical; %u helper(s) started, %" G_GUINT64_FORMAT
                " requests, %" G_GUINT64_FORMAT " messages to the helper, %" G_GUINT64_FORMAT
                " from it\n", name, compared, stats.helpers_started, stats.requests,
                stats.messages_to_helper, stats.messages_from_helper);
    keyact_plugin_unref(isolated.plugin);
    keyact_plugin_unref(in_process.plugin);
}

TEST(SameGame, DiscoverConformanceCases)
{
    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    compare_every_case("KEYACT_DISCOVER_MODULE", "discover", cases, n);
}

TEST(SameGame, CascadeConformanceCases)
{
    guint n = 0;
    const KcCase *cases = kc_cascade_cases(&n);
    compare_every_case("KEYACT_CASCADE_MODULE", "cascade", cases, n);
}

} // namespace
