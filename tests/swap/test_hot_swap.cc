/* SPDX-License-Identifier: MIT */
// test_hot_swap.cc - games keep resolving on several threads while the
// control thread swaps the discover implementation back and forth thousands
// of times, and now and then unloads and reloads the file not in use.
// Every game is checked for conservation; resolves that pinned their
// implementation check that its code was still mapped when they finished.
// Built with -Db_sanitize=thread this is the ThreadSanitizer test of hot
// swapping (suite 'threads'). KEYACT_SWAP_COUNT (default 2000) and
// KEYACT_SWAP_THREADS (default 4) set the size.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <keyact-host.h>

#include "faults_support.h"
#include "swap_support.h"

namespace {

guint env_count(const char *name, guint fallback)
{
    const char *text = g_getenv(name);
    guint64 value = 0;
    if (text == nullptr || *text == '\0')
        return fallback;
    if (!g_ascii_string_to_unsigned(text, 10, 1, 1000000, &value, nullptr)) {
        ADD_FAILURE() << name << "=" << text << " is not a count from 1 to 1000000";
        return fallback;
    }
    return static_cast<guint>(value);
}

struct Shared {
    KeyactSlot *slot = nullptr;
    std::atomic<bool> stop{false};
    std::atomic<guint> in_flight{0};
};

struct Resolver {
    guint index = 0;
    guint resolves = 0;
    guint pinned = 0;      // resolves that pinned their implementation
    guint failures = 0;
    std::string first_failure;
};

std::string problem_of(faults::Game &game, const FakeResolve &res)
{
    if (res.status != KEYACT_OK)
        return std::string("status ") + keyact_status_name(res.status);
    std::string problem = faults::conservation_problem(game.host, game.before, res);
    return problem.empty() ? faults::result_problem(res) : problem;
}

// Even resolves go through keyact_slot_resolve; odd ones pin the
// implementation, resolve, and check its code is still mapped before
// letting it go.
void resolve_loop(Shared *shared, Resolver *resolver)
{
    const uint32_t layout =
        faults::kLayouts[resolver->index % G_N_ELEMENTS(faults::kLayouts)];
    faults::Game game(layout, 0x5a0000u + resolver->index);
    const keyact_host *table = fake_host_table(game.host);

    for (guint i = 0; !shared->stop.load(std::memory_order_relaxed); i++) {
        FakeResolve res;
        std::string problem;
        fake_host_restore(game.host, game.before);
        fake_resolve_prepare(&res, game.host, faults::kPlayer, static_cast<int32_t>(i % 11),
                             game.source);
        fake_host_reset_logs(game.host);

        shared->in_flight.fetch_add(1);
        if (i % 2 == 0) {
            res.status = keyact_slot_resolve(shared->slot, table, &res.args, &res.result);
        } else {
            KeyactBoundAction pinned{};
            if (!keyact_slot_acquire(shared->slot, &pinned)) {
                problem = "the slot had no implementation";
                res.status = KEYACT_E_NOTFOUND;
            } else {
                res.status = keyact_bound_action_resolve(&pinned, table, &res.args, &res.result);
                const void *code = reinterpret_cast<const void *>(pinned.action->resolve);
                if (swap::object_of(code) != swap::real_path(keyact_plugin_get_path(pinned.plugin)))
                    problem = "the pinned implementation's module was not mapped after its resolve";
                keyact_bound_action_release(&pinned);
                resolver->pinned++;
            }
        }
        shared->in_flight.fetch_sub(1);

        resolver->resolves++;
        if (problem.empty())
            problem = problem_of(game, res);
        if (!problem.empty() && resolver->failures++ == 0)
            resolver->first_failure = "resolve " + std::to_string(i) + ": " + problem;
    }
}

TEST(HotSwap, GamesResolveThroughThousandsOfSwapsAndLoseNothing)
{
    const guint swaps = env_count("KEYACT_SWAP_COUNT", 2000);
    const guint n_threads = env_count("KEYACT_SWAP_THREADS", 4);
    constexpr guint kReloadEvery = 8;

    swap::ScratchDir scratch;
    const std::string paths[2] = { swap::copy_discover(scratch.path(), "a"),
                                   swap::copy_discover(scratch.path(), "b") };
    g_autoptr(GError) error = nullptr;
    KeyactRegistry *registry = keyact_registry_new();
    for (const std::string &path : paths)
        ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_DEFAULT, &error))
            << error->message;

    Shared shared;
    shared.slot = keyact_registry_get_slot(registry, "discover");
    std::vector<Resolver> resolvers(n_threads);
    std::vector<std::thread> threads;
    for (guint t = 0; t < n_threads; t++) {
        resolvers[t].index = t;
        threads.emplace_back(resolve_loop, &shared, &resolvers[t]);
    }

    guint reloads = 0, swaps_in_flight = 0, max_in_flight = 0, control_failures = 0;
    guint64 in_flight_sum = 0;
    for (guint s = 0; s < swaps; s++) {
        const std::string &target = paths[s % 2];
        const std::string &other = paths[(s + 1) % 2];

        // Swap while games are running: wait until one is.
        while (shared.in_flight.load() == 0)
            std::this_thread::yield();
        const guint in_flight = shared.in_flight.load();
        in_flight_sum += in_flight;
        max_in_flight = std::max(max_in_flight, in_flight);
        swaps_in_flight += in_flight > 0;
        if (!keyact_registry_select(registry, "discover", target.c_str(), &error)) {
            control_failures++;
            g_clear_error(&error);
            continue;
        }

        // A new resolve gets the new implementation at once.
        KeyactBoundAction now{};
        if (!keyact_slot_acquire(shared.slot, &now) ||
            target != keyact_plugin_get_path(now.plugin))
            control_failures++;
        keyact_bound_action_release(&now);

        // The file not in use is unloaded (its module closes when the
        // resolves still on it return) and loaded again.
        if (s % kReloadEvery == kReloadEvery - 1) {
            if (!keyact_registry_unload(registry, other.c_str(), &error) ||
                !keyact_registry_load(registry, other.c_str(), KEYACT_LOAD_DEFAULT, &error)) {
                control_failures++;
                g_clear_error(&error);
            }
            reloads++;
        }
    }
    shared.stop = true;
    for (std::thread &thread : threads)
        thread.join();
    keyact_registry_free(registry);

    guint resolves = 0, pinned = 0, failures = 0;
    for (const Resolver &r : resolvers) {
        resolves += r.resolves;
        pinned += r.pinned;
        failures += r.failures;
        EXPECT_EQ(r.failures, 0u) << "thread " << r.index << ": " << r.first_failure;
    }
    std::printf("hot swap: %u swaps, %u unload+reload of the idle file, %u threads, "
                "%u resolves (%u pinned), in flight at a swap: max %u, mean %.2f, "
                "swaps with resolves in flight %u of %u, failures %u\n",
                swaps, reloads, n_threads, resolves, pinned, max_in_flight,
                swaps > 0 ? static_cast<double>(in_flight_sum) / swaps : 0.0,
                swaps_in_flight, swaps, failures + control_failures);
    EXPECT_EQ(control_failures, 0u);
    EXPECT_EQ(swaps_in_flight, swaps);
    // Every reference is gone: neither module is mapped any more.
    EXPECT_FALSE(swap::module_is_mapped(paths[0]));
    EXPECT_FALSE(swap::module_is_mapped(paths[1]));
}

}  // namespace
