/* SPDX-License-Identifier: MIT */
// test_registry.cpp - adding plugins, refusing duplicates, lookup and list.
// Which implementation serves an action: test_selection.cpp.
#include "host_test_support.h"

using keyact_test::contains;
using keyact_test::fixture_path;
using keyact_test::LifecycleLog;

namespace {

gboolean load(KeyactRegistry *registry, const std::string &name, GError **error)
{
    return keyact_registry_load(registry, fixture_path(name).c_str(),
                                KEYACT_LOAD_ALLOW_UNSAFE, error);
}

TEST(Registry, ListsEveryActionInRegistrationOrder)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    guint n = 99;

    EXPECT_EQ(keyact_registry_list(registry, &n), nullptr);
    EXPECT_EQ(n, 0u);

    ASSERT_TRUE(load(registry, "good", &error)) << error->message;
    ASSERT_TRUE(load(registry, "alternative", &error)) << error->message;

    const KeyactBoundAction *list = keyact_registry_list(registry, &n);
    ASSERT_EQ(n, 3u);
    EXPECT_STREQ(list[0].action->impl_id, "org.keyact.test.echo.v1");
    EXPECT_STREQ(list[1].action->impl_id, "org.keyact.test.mirror.v1");
    EXPECT_STREQ(list[2].action->impl_id, "org.keyact.test.echo.alternative");
    EXPECT_STREQ(keyact_plugin_get_path(list[0].plugin), fixture_path("good").c_str());
    EXPECT_STREQ(keyact_plugin_get_path(list[2].plugin), fixture_path("alternative").c_str());
    EXPECT_EQ(list[0].plugin_ctx, keyact_plugin_get_context(list[0].plugin));
}

TEST(Registry, LookupByNameGivesTheFirstAndByImplIdTheChosenOne)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error)) << error->message;
    ASSERT_TRUE(load(registry, "alternative", &error)) << error->message;

    KeyactBoundAction bound{};
    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", nullptr, &bound, &error));
    EXPECT_STREQ(bound.action->impl_id, "org.keyact.test.echo.v1");

    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", "org.keyact.test.echo.alternative",
                                       &bound, &error));
    EXPECT_STREQ(bound.action->impl_id, "org.keyact.test.echo.alternative");
    EXPECT_STREQ(keyact_plugin_get_path(bound.plugin), fixture_path("alternative").c_str());

    ASSERT_TRUE(keyact_registry_lookup(registry, "mirror", nullptr, &bound, &error));
    EXPECT_STREQ(bound.action->name, "mirror");
}

TEST(Registry, UnknownNameOrImplIsNotFoundAndListsWhatIsRegistered)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    GError *error = nullptr;
    KeyactBoundAction bound{};

    EXPECT_FALSE(keyact_registry_lookup(registry, "discover", nullptr, &bound, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    EXPECT_TRUE(contains(error->message, "registered: none")) << error->message;
    g_clear_error(&error);

    ASSERT_TRUE(load(registry, "good", &error));
    EXPECT_FALSE(keyact_registry_lookup(registry, "discover", nullptr, &bound, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    EXPECT_TRUE(contains(error->message, "\"discover\"")) << error->message;
    EXPECT_TRUE(contains(error->message, "echo (org.keyact.test.echo.v1 from " +
                                             fixture_path("good") + ")"))
        << error->message;
    EXPECT_TRUE(contains(error->message, "mirror (org.keyact.test.mirror.v1")) << error->message;
    g_clear_error(&error);

    // The name exists, the implementation does not.
    EXPECT_FALSE(keyact_registry_lookup(registry, "echo", "org.keyact.test.echo.v2", &bound,
                                        &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    EXPECT_TRUE(contains(error->message, "org.keyact.test.echo.v2")) << error->message;
    g_clear_error(&error);

    // An impl id of another action does not match this name.
    EXPECT_FALSE(keyact_registry_lookup(registry, "echo", "org.keyact.test.mirror.v1", &bound,
                                        &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    g_clear_error(&error);
}

TEST(Registry, TheSameFileTwiceIsRefusedAndReleased)
{
    LifecycleLog log;
    std::string good = fixture_path("good");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    GError *error = nullptr;

    ASSERT_TRUE(load(registry, "good", &error));
    EXPECT_FALSE(load(registry, "good", &error));
    ASSERT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE));
    EXPECT_TRUE(contains(error->message, good + " is already loaded")) << error->message;
    g_clear_error(&error);

    // The second load was initialised and released; the first stays.
    EXPECT_EQ(log.count("init", good), 2);
    EXPECT_EQ(log.count("deinit", good), 1);
    EXPECT_EQ(keyact_registry_get_n_plugins(registry), 1u);
    ASSERT_EQ(keyact_registry_get_n_refused(registry), 1u);
    const GError *reason = nullptr;
    EXPECT_STREQ(keyact_registry_get_refused(registry, 0, &reason), good.c_str());
    EXPECT_TRUE(g_error_matches(reason, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE));
}

TEST(Registry, AnImplIdFromAnotherFileIsASecondCandidate)
{
    std::string good = fixture_path("good");
    std::string duplicate = fixture_path("duplicate");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;

    ASSERT_TRUE(load(registry, "good", &error)) << error->message;
    ASSERT_TRUE(load(registry, "duplicate", &error)) << error->message;

    guint n = 0;
    const KeyactBoundAction *list = keyact_registry_list(registry, &n);
    ASSERT_EQ(n, 3u);
    EXPECT_STREQ(list[2].action->impl_id, "org.keyact.test.echo.v1");
    EXPECT_STREQ(keyact_plugin_get_path(list[2].plugin), duplicate.c_str());

    // Equal versions (1.0.0): the first loaded serves, by name and by id.
    KeyactBoundAction bound{};
    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", nullptr, &bound, &error));
    EXPECT_STREQ(keyact_plugin_get_path(bound.plugin), good.c_str());
    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", "org.keyact.test.echo.v1", &bound,
                                       &error));
    EXPECT_STREQ(keyact_plugin_get_path(bound.plugin), good.c_str());
    const char *reason = nullptr;
    EXPECT_EQ(keyact_registry_get_selection(registry, "echo", nullptr, &reason),
              KEYACT_SELECTED_VERSION);
    EXPECT_TRUE(contains(reason, "the highest version on the search path (loaded first among "
                                 "equal versions): org.keyact.test.echo.v1 1.0.0, over "
                                 "org.keyact.test.echo.v1 1.0.0 (" + duplicate + ")")) << reason;
}

TEST(Registry, DuplicateImplIdInsideOnePluginIsRefused)
{
    LifecycleLog log;
    std::string path = fixture_path("twin_impl_id");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    GError *error = nullptr;

    EXPECT_FALSE(load(registry, "twin_impl_id", &error));
    ASSERT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_DUPLICATE));
    EXPECT_TRUE(contains(error->message, path)) << error->message;
    EXPECT_TRUE(contains(error->message, "action 0 and action 1")) << error->message;
    g_clear_error(&error);
    EXPECT_EQ(log.count("deinit", path), 1);

    guint n = 1;
    keyact_registry_list(registry, &n);
    EXPECT_EQ(n, 0u);
}

TEST(Registry, LoadFailuresAreReportedAndTheRegistryStaysUsable)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    GError *error = nullptr;

    EXPECT_FALSE(load(registry, "abi_major_2", &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ABI_MAJOR));
    g_clear_error(&error);
    EXPECT_FALSE(keyact_registry_load(registry, "relative.so", KEYACT_LOAD_ALLOW_UNSAFE, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);

    EXPECT_TRUE(load(registry, "good", &error));
    guint n = 0;
    keyact_registry_list(registry, &n);
    EXPECT_EQ(n, 2u);
}

TEST(Registry, NullArgumentsAreInvalidAndTheGivenPluginIsReleased)
{
    LifecycleLog log;
    std::string path = fixture_path("good");
    GError *error = nullptr;

    KeyactPlugin *plugin = keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr);
    EXPECT_FALSE(keyact_registry_add(nullptr, plugin, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);
    EXPECT_EQ(log.count("deinit", path), 1);

    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    EXPECT_FALSE(keyact_registry_add(registry, nullptr, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);

    KeyactBoundAction bound{};
    EXPECT_FALSE(keyact_registry_lookup(registry, nullptr, nullptr, &bound, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);

    keyact_registry_free(nullptr);  // ignored
}

TEST(Registry, FreeDeinitsEveryPluginExactlyOnce)
{
    LifecycleLog log;
    std::string good = fixture_path("good");
    std::string alternative = fixture_path("alternative");
    GError *error = nullptr;

    KeyactRegistry *registry = keyact_registry_new();
    ASSERT_TRUE(load(registry, "good", &error));
    ASSERT_TRUE(load(registry, "alternative", &error));
    EXPECT_EQ(log.count("deinit", good), 0);
    EXPECT_EQ(log.count("deinit", alternative), 0);

    keyact_registry_free(registry);
    EXPECT_EQ(log.count("init", good), 1);
    EXPECT_EQ(log.count("deinit", good), 1);
    EXPECT_EQ(log.count("init", alternative), 1);
    EXPECT_EQ(log.count("deinit", alternative), 1);
    EXPECT_EQ(log.lines().size(), 4u);
}

}  // namespace
