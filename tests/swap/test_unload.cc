/* SPDX-License-Identifier: MIT */
// test_unload.cc - unloading really unloads: once the last reference to a
// plugin goes, the dynamic loader no longer has its file mapped; and a
// resolve in flight keeps its module mapped, finishes on it, and only then
// lets it go.
#include <gtest/gtest.h>

#include <thread>

#include <keyact-host.h>

#include "faults_support.h"
#include "swap_support.h"

namespace {

// Resolve discover `n` in `game` through `slot` with `table`.
void resolve_in(faults::Game &game, KeyactSlot *slot, const keyact_host *table, int32_t n,
                FakeResolve *res)
{
    fake_host_restore(game.host, game.before);
    fake_resolve_prepare(res, game.host, faults::kPlayer, n, game.source);
    fake_host_reset_logs(game.host);
    res->status = keyact_slot_resolve(slot, table, &res->args, &res->result);
}

void expect_finished_and_conserved(faults::Game &game, const FakeResolve &res)
{
    EXPECT_EQ(res.status, KEYACT_OK) << keyact_status_name(res.status);
    EXPECT_TRUE(res.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
    EXPECT_EQ(faults::result_problem(res), "");
}

TEST(Unload, TheLastReferenceUnmapsTheModule)
{
    swap::ScratchDir scratch;
    std::string path = swap::copy_discover(scratch.path(), "a");
    ASSERT_FALSE(swap::module_is_mapped(path));

    g_autoptr(GError) error = nullptr;
    KeyactRegistry *registry = keyact_registry_new();
    ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_DEFAULT, &error))
        << error->message;
    EXPECT_TRUE(swap::module_is_mapped(path));

    faults::Game game(KEYACT_LAYOUT_SPLIT, 11);
    FakeResolve res;
    resolve_in(game, keyact_registry_get_slot(registry, "discover"),
               fake_host_table(game.host), 4, &res);
    expect_finished_and_conserved(game, res);

    // Unloaded from the registry: no slot, no resolve holds it any more.
    ASSERT_TRUE(keyact_registry_unload(registry, path.c_str(), &error));
    EXPECT_FALSE(swap::module_is_mapped(path));

    // And by freeing the registry, loaded a second time.
    ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_DEFAULT, &error));
    EXPECT_TRUE(swap::module_is_mapped(path));
    keyact_registry_free(registry);
    EXPECT_FALSE(swap::module_is_mapped(path));
}

TEST(Unload, AResolveInFlightFinishesOnTheOldModuleWhichGoesWhenItReturns)
{
    swap::ScratchDir scratch;
    std::string old_path = swap::copy_discover(scratch.path(), "old");
    std::string new_path = swap::copy_discover(scratch.path(), "new");
    g_autoptr(GError) error = nullptr;
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    ASSERT_TRUE(keyact_registry_load(registry, old_path.c_str(), KEYACT_LOAD_DEFAULT, &error));
    ASSERT_TRUE(keyact_registry_load(registry, new_path.c_str(), KEYACT_LOAD_DEFAULT, &error));
    KeyactSlot *slot = keyact_registry_get_slot(registry, "discover");

    // Equal versions: the first loaded serves. A resolve starts on it and
    // waits inside its first host call.
    faults::Game game(KEYACT_LAYOUT_MODAL_DFC, 12);
    swap::GatedHost gated(game.host);
    FakeResolve res;
    std::thread in_flight([&] { resolve_in(game, slot, gated.table(), 3, &res); });
    gated.wait_until_reached();

    // Swap to the new file and drop the old one from the registry.
    ASSERT_TRUE(keyact_registry_select(registry, "discover", new_path.c_str(), &error));
    ASSERT_TRUE(keyact_registry_unload(registry, old_path.c_str(), &error));

    // New resolves get the new module at once ...
    KeyactBoundAction now{};
    ASSERT_TRUE(keyact_slot_acquire(slot, &now));
    EXPECT_EQ(swap::object_of(reinterpret_cast<const void *>(now.action->resolve)),
              swap::real_path(new_path));
    EXPECT_STREQ(keyact_plugin_get_path(now.plugin), new_path.c_str());
    keyact_bound_action_release(&now);
    // ... while the old one stays mapped for the resolve still running on it.
    EXPECT_TRUE(swap::module_is_mapped(old_path));

    gated.open();
    in_flight.join();
    expect_finished_and_conserved(game, res);
    EXPECT_FALSE(swap::module_is_mapped(old_path));
    EXPECT_TRUE(swap::module_is_mapped(new_path));
}

}  // namespace
