/* SPDX-License-Identifier: MIT */
// test_wrong_discover.cc - the conformance cases tell discover implementations
// apart: run directly (no `keyact check` child) against the real plugin and
// the two wrong fixtures, exactly the cases each fixture breaks fail, and
// everywhere else a fixture does what the real plugin does, call for call.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <keyact-host.h>

#include "conformance.h"
#include "fake_host.h"

namespace {

// One plugin loaded through libkeyact-host, and its "discover" action.
struct LoadedDiscover {
    KeyactPlugin *plugin = nullptr;
    const keyact_action *action = nullptr;
    void *ctx = nullptr;

    explicit LoadedDiscover(const char *env_name)
    {
        const char *path = g_getenv(env_name);
        if (path == nullptr || *path == '\0') {
            ADD_FAILURE() << env_name << " is not set (run the test through meson test)";
            return;
        }
        g_autoptr(GError) error = nullptr;
        // The build tree's permissions are not the point of this test.
        plugin = keyact_plugin_load(path, KEYACT_LOAD_ALLOW_UNSAFE, &error);
        if (plugin == nullptr) {
            ADD_FAILURE() << "cannot load " << path << ": " << error->message;
            return;
        }
        for (guint i = 0; i < keyact_plugin_get_n_actions(plugin); i++)
            if (g_strcmp0(keyact_plugin_get_action(plugin, i)->name, "discover") == 0)
                action = keyact_plugin_get_action(plugin, i);
        ctx = keyact_plugin_get_context(plugin);
        EXPECT_NE(action, nullptr) << path << " has no discover action";
    }
    ~LoadedDiscover()
    {
        if (plugin != nullptr)
            keyact_plugin_unload(plugin);
    }
    LoadedDiscover(const LoadedDiscover &) = delete;
    LoadedDiscover &operator=(const LoadedDiscover &) = delete;
};

struct Failures {
    std::set<std::string> names;
    std::vector<std::string> messages;
};

// Every case of the table and the random-order ruling, as `keyact check` runs them.
Failures failing_cases(const LoadedDiscover &loaded)
{
    Failures out;
    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    for (guint i = 0; i < n; i++) {
        g_autoptr(GError) error = nullptr;
        if (!kc_case_run(&cases[i], loaded.action, loaded.ctx, &error)) {
            out.names.insert(cases[i].name);
            out.messages.push_back(error->message);
        }
    }
    g_autoptr(GError) error = nullptr;
    if (!kc_random_order_run(loaded.action, loaded.ctx, &error)) {
        out.names.insert(kc_random_order_case()->name);
        out.messages.push_back(error->message);
    }
    return out;
}

// The message of the failing case `name`, which starts "name (ruling): ".
std::string message_of(const Failures &failures, const char *name, const char *ruling)
{
    std::string prefix = std::string(name) + " (" + ruling + "): ";
    for (const std::string &message : failures.messages)
        if (message.rfind(prefix, 0) == 0)
            return message.substr(prefix.size());
    return "(no message starting \"" + prefix + "\")";
}

TEST(WrongDiscover, RealPluginPassesEveryCase)
{
    LoadedDiscover real("KEYACT_COMPAT_PLUGIN_DISCOVER");
    ASSERT_NE(real.action, nullptr);
    Failures failures = failing_cases(real);
    EXPECT_EQ(failures.names, std::set<std::string>{});
    for (const std::string &message : failures.messages)
        ADD_FAILURE() << message;
}

TEST(WrongDiscover, BottomInExileOrderFailsOnlyTheRandomOrderRuling)
{
    LoadedDiscover wrong("KEYACT_COMPAT_PLUGIN_WRONG_BOTTOM_ORDER");
    ASSERT_NE(wrong.action, nullptr);
    Failures failures = failing_cases(wrong);
    EXPECT_EQ(failures.names, std::set<std::string>{"bottom_random_order"});
    const KcCase *random = kc_random_order_case();
    EXPECT_EQ(message_of(failures, random->name, random->ruling),
              "1 of 6 orders seen in 200 resolves: always exile order");
}

TEST(WrongDiscover, NoHandFailsEveryGoesToHandRuling)
{
    LoadedDiscover wrong("KEYACT_COMPAT_PLUGIN_WRONG_NO_HAND");
    ASSERT_NE(wrong.action, nullptr);
    Failures failures = failing_cases(wrong);
    // The rulings whose hit is not cast and must go to the hand: declined,
    // no legal targets or forbidden, a failed cast, and the failing or
    // garbled answers that are recovered as "to hand".
    const std::set<std::string> hand_rulings = {
        "no_legal_targets_hand",    "host_forbids_casting",     "player_chooses_hand",
        "cast_fails_hand",          "choose_fails_hand",        "choose_out_of_range_hand",
        "can_cast_fails_not_castable", "cast_free_fails_hand", "cast_free_garbage_hand",
    };
    EXPECT_EQ(failures.names, hand_rulings);
    for (const std::string &name : hand_rulings) {
        const KcCase *c = kc_case_find(name.c_str());
        ASSERT_NE(c, nullptr) << "no conformance case " << name;
        EXPECT_NE(c->expect.hand, 0u) << name << " expects no card in hand";
        std::string message = message_of(failures, c->name, c->ruling);
        EXPECT_NE(message.find("ended in the library, expected the hand"), std::string::npos)
            << name << ": " << message;
    }
    // And the list is every case that expects a card in hand.
    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    for (guint i = 0; i < n; i++)
        if (cases[i].expect.hand != 0) {
            EXPECT_EQ(hand_rulings.count(cases[i].name), 1u) << cases[i].name;
        }
}

// The random-order ruling says what it saw. The real discover behind a
// host whose random_below rewrites each answer with `pick`.
struct Rigged {
    const keyact_action *real;
    void *real_ctx;
    uint32_t (*pick)(uint32_t answer, uint32_t bound);
};

int32_t rigged_random_below(const keyact_host *table, keyact_game_id game, uint32_t bound,
                            uint32_t *out_value)
{
    const FakeWrap *wrap = fake_wrap_of(table);
    const auto *rig = static_cast<const Rigged *>(wrap->user_data);
    int32_t rc = wrap->inner->random_below(wrap->inner, game, bound, out_value);
    if (rc == KEYACT_OK)
        *out_value = rig->pick(*out_value, bound);
    return rc;
}

int32_t rigged_resolve(void *ctx, const keyact_host *host, const keyact_resolve_args *args,
                       keyact_resolve_result *result)
{
    const auto *rig = static_cast<const Rigged *>(ctx);
    FakeWrap wrap;
    const keyact_host *rigged = fake_wrap_init(&wrap, host, const_cast<Rigged *>(rig));
    wrap.table.random_below = rigged_random_below;
    return rig->real->resolve(rig->real_ctx, rigged, args, result);
}

std::string random_order_verdict(const LoadedDiscover &real,
                                  uint32_t (*pick)(uint32_t answer, uint32_t bound))
{
    Rigged rig{ real.action, real.ctx, pick };
    keyact_action action = *real.action;
    action.resolve = rigged_resolve;
    action.struct_size = KEYACT_ACTION_SIZE_1_2; // the rig is a blocking resolve only
    g_autoptr(GError) error = nullptr;
    if (kc_random_order_run(&action, &rig, &error))
        return "pass";
    const KcCase *c = kc_random_order_case();
    std::string prefix = std::string(c->name) + " (" + c->ruling + "): ";
    std::string message = error->message;
    return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

TEST(RandomOrderRuling, SaysWhichOrdersItSaw)
{
    LoadedDiscover real("KEYACT_COMPAT_PLUGIN_DISCOVER");
    ASSERT_NE(real.action, nullptr);

    EXPECT_EQ(random_order_verdict(real, [](uint32_t answer, uint32_t) { return answer; }),
              "pass");
    // j = i at every Fisher-Yates step: nothing moves.
    EXPECT_EQ(random_order_verdict(real, [](uint32_t, uint32_t bound) { return bound - 1; }),
              "1 of 6 orders seen in 200 resolves: always exile order");
    // j = 0 at every step: exile positions 0 1 2 become 2 1 0, then 1 2 0.
    EXPECT_EQ(random_order_verdict(real, [](uint32_t, uint32_t) { return 0u; }),
              "1 of 6 orders seen in 200 resolves: always the order 1 2 0 "
              "(exile positions, upper card first)");
    // j is 0 or i: the four orders 0 1 2, 1 0 2, 1 2 0 and 2 1 0, never 0 2 1 or 2 0 1.
    std::string some = random_order_verdict(
        real, [](uint32_t answer, uint32_t bound) { return answer % 2 ? bound - 1 : 0u; });
    EXPECT_TRUE(g_regex_match_simple("^4 of 6 orders seen in 200 resolves: only 0 1 2 x\\d+, "
                                     "1 0 2 x\\d+, 1 2 0 x\\d+, 2 1 0 x\\d+ \\(exile "
                                     "positions, upper card first\\)$",
                                     some.c_str(), G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT))
        << some;
}

// Resolve case `c` through `loaded` in a fresh game; the host calls and events.
struct Trace {
    int32_t status;
    std::string calls;
    std::string events;
};

Trace trace_case(const LoadedDiscover &loaded, const KcCase &c)
{
    g_auto(KcGame) game = {};
    kc_game_init(&game, &c, g_str_hash(c.name));
    FakeResolve res;
    kc_game_resolve(&game, &c, loaded.action, loaded.ctx, &res);
    g_autofree char *calls = fake_host_format_calls(game.host);
    g_autofree char *events = fake_host_format_events(game.host);
    return { res.status, calls, events };
}

// Outside its bug a fixture is the real discover: the same status, host
// calls (kinds, in order) and events on every case. The interposer only
// changes answers and destinations, never which calls are made.
TEST(WrongDiscover, FixturesMakeTheRealPluginsCallsAndEvents)
{
    LoadedDiscover real("KEYACT_COMPAT_PLUGIN_DISCOVER");
    LoadedDiscover bottom_order("KEYACT_COMPAT_PLUGIN_WRONG_BOTTOM_ORDER");
    LoadedDiscover no_hand("KEYACT_COMPAT_PLUGIN_WRONG_NO_HAND");
    ASSERT_NE(real.action, nullptr);
    ASSERT_NE(bottom_order.action, nullptr);
    ASSERT_NE(no_hand.action, nullptr);

    guint n = 0;
    const KcCase *cases = kc_cases(&n);
    for (guint i = 0; i < n; i++) {
        SCOPED_TRACE(cases[i].name);
        Trace want = trace_case(real, cases[i]);
        for (const LoadedDiscover *wrong : { &bottom_order, &no_hand }) {
            SCOPED_TRACE(wrong->action->impl_id);
            Trace got = trace_case(*wrong, cases[i]);
            EXPECT_EQ(got.status, want.status);
            EXPECT_EQ(got.calls, want.calls);
            EXPECT_EQ(got.events, want.events);
        }
    }
}

}  // namespace
