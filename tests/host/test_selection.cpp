/* SPDX-License-Identifier: MIT */
// test_selection.cpp - which implementation serves an action: explicit
// choice > KEYACT_IMPL > highest version, unloading, slots, and the reasons
// the registry gives for each.
#include "host_test_support.h"

using keyact_test::contains;
using keyact_test::echo_host;
using keyact_test::fixture_path;
using keyact_test::LifecycleLog;

namespace {

gboolean load(KeyactRegistry *registry, const std::string &name, GError **error)
{
    return keyact_registry_load(registry, fixture_path(name).c_str(),
                                KEYACT_LOAD_ALLOW_UNSAFE, error);
}

// Sets KEYACT_IMPL for one test (read by keyact_registry_new) and unsets it.
class ImplVariable {
public:
    explicit ImplVariable(const std::string &value) { g_setenv("KEYACT_IMPL", value.c_str(), TRUE); }
    ~ImplVariable() { g_unsetenv("KEYACT_IMPL"); }
    ImplVariable(const ImplVariable &) = delete;
    ImplVariable &operator=(const ImplVariable &) = delete;
};

// The path of the plugin serving `name` and how it was selected.
struct Served {
    KeyactSelectedBy by = KEYACT_SELECTED_NONE;
    std::string path;
    std::string impl_id;
    std::string reason;
};

Served served(KeyactRegistry *registry, const char *name)
{
    Served s;
    KeyactBoundAction bound{};
    const char *reason = nullptr;
    s.by = keyact_registry_get_selection(registry, name, &bound, &reason);
    if (s.by != KEYACT_SELECTED_NONE) {
        s.path = keyact_plugin_get_path(bound.plugin);
        s.impl_id = bound.action->impl_id;
    }
    s.reason = reason != nullptr ? reason : "(null)";
    return s;
}

// Resolve "echo" through `slot`; the echo fixtures copy n into exiled_count.
int32_t resolve_echo(KeyactSlot *slot, int32_t n, keyact_resolve_result *result)
{
    keyact_host host = echo_host();
    keyact_resolve_args args{};
    args.struct_size = sizeof args;
    args.n = n;
    args.source = 77;
    *result = keyact_resolve_result{};
    result->struct_size = sizeof *result;
    return keyact_slot_resolve(slot, &host, &args, result);
}

TEST(Selection, TheHighestVersionServesInVersionOrderNotStringOrder)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));      // 1.0.0
    ASSERT_TRUE(load(registry, "newer", &error));     // 1.10.0
    ASSERT_TRUE(load(registry, "between", &error));   // 1.9.0

    Served s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_VERSION);
    EXPECT_EQ(s.path, fixture_path("newer"));
    EXPECT_TRUE(contains(s.reason.c_str(), "highest version")) << s.reason;
    EXPECT_TRUE(contains(s.reason.c_str(), "1.10.0")) << s.reason;
    EXPECT_TRUE(contains(s.reason.c_str(), "1.9.0 (" + fixture_path("between") + ")")) << s.reason;
    EXPECT_TRUE(contains(s.reason.c_str(), "1.0.0 (" + fixture_path("good") + ")")) << s.reason;

    // "mirror" has one candidate.
    s = served(registry, "mirror");
    EXPECT_EQ(s.by, KEYACT_SELECTED_VERSION);
    EXPECT_EQ(s.reason, "the only implementation");

    // Lookup by id picks the highest version of that id, too.
    KeyactBoundAction bound{};
    ASSERT_TRUE(keyact_registry_lookup(registry, "echo", "org.keyact.test.echo.v1", &bound,
                                       &error));
    EXPECT_STREQ(keyact_plugin_get_path(bound.plugin), fixture_path("newer").c_str());
}

TEST(Selection, AnExplicitChoiceByIdOrPathWinsUntilDropped)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));
    ASSERT_TRUE(load(registry, "alternative", &error));
    ASSERT_TRUE(load(registry, "newer", &error));

    ASSERT_TRUE(keyact_registry_select(registry, "echo", "org.keyact.test.echo.alternative",
                                       &error)) << error->message;
    Served s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_EXPLICIT);
    EXPECT_EQ(s.impl_id, "org.keyact.test.echo.alternative");
    EXPECT_EQ(s.reason, "chosen explicitly (org.keyact.test.echo.alternative)");

    // By path: the older build of echo.v1, though a newer one is loaded.
    ASSERT_TRUE(keyact_registry_select(registry, "echo", fixture_path("good").c_str(), &error));
    s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_EXPLICIT);
    EXPECT_EQ(s.path, fixture_path("good"));

    // A choice nothing provides is refused and changes nothing.
    EXPECT_FALSE(keyact_registry_select(registry, "echo", "org.keyact.test.echo.v9", &error));
    ASSERT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    EXPECT_TRUE(contains(error->message, "org.keyact.test.echo.v9")) << error->message;
    g_clear_error(&error);
    // An implementation of another action does not serve this one.
    EXPECT_FALSE(keyact_registry_select(registry, "echo", "org.keyact.test.mirror.v1", &error));
    g_clear_error(&error);
    EXPECT_EQ(served(registry, "echo").path, fixture_path("good"));

    // Dropped: back to the highest version.
    ASSERT_TRUE(keyact_registry_select(registry, "echo", nullptr, &error));
    s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_VERSION);
    EXPECT_EQ(s.path, fixture_path("newer"));
}

TEST(Selection, KeyactImplPinsAnImplementationAndAnExplicitChoiceBeatsIt)
{
    ImplVariable pin("mirror=org.keyact.test.mirror.v1, echo=org.keyact.test.echo.alternative");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));
    ASSERT_TRUE(load(registry, "newer", &error));
    ASSERT_TRUE(load(registry, "alternative", &error));

    Served s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_ENVIRONMENT);
    EXPECT_EQ(s.impl_id, "org.keyact.test.echo.alternative");
    EXPECT_EQ(s.reason, "chosen by KEYACT_IMPL=echo=org.keyact.test.echo.alternative");

    ASSERT_TRUE(keyact_registry_select(registry, "echo", "org.keyact.test.echo.v1", &error));
    s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_EXPLICIT);
    EXPECT_EQ(s.path, fixture_path("newer"));
}

TEST(Selection, APinNoPluginSatisfiesLeavesTheActionWithoutImplementation)
{
    ImplVariable pin("echo=org.keyact.test.echo.certified");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));

    // A tournament pin must not fall back to whatever else is installed.
    Served s = served(registry, "echo");
    EXPECT_EQ(s.by, KEYACT_SELECTED_NONE);
    EXPECT_EQ(s.reason, "chosen by KEYACT_IMPL=echo=org.keyact.test.echo.certified, "
                        "but no loaded plugin provides it");

    keyact_resolve_result result{};
    EXPECT_EQ(resolve_echo(keyact_registry_get_slot(registry, "echo"), 3, &result),
              KEYACT_E_NOTFOUND);
    KeyactBoundAction bound{};
    EXPECT_FALSE(keyact_registry_lookup(registry, "echo", nullptr, &bound, &error));
    ASSERT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
    EXPECT_TRUE(contains(error->message, "org.keyact.test.echo.certified")) << error->message;
}

TEST(Selection, MalformedKeyactImplEntriesAreIgnoredWithAWarning)
{
    keyact_test::WarningCapture warnings;
    ImplVariable pin("echo,=x,mirror=");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));

    EXPECT_EQ(warnings.count_containing("ACTION=IMPLEMENTATION_ID"), 3);
    EXPECT_EQ(served(registry, "echo").by, KEYACT_SELECTED_VERSION);
    EXPECT_EQ(served(registry, "mirror").by, KEYACT_SELECTED_VERSION);
}

TEST(Selection, UnloadingMovesTheSelectionAndReleasesThePluginOnce)
{
    LifecycleLog log;
    std::string newer = fixture_path("newer");
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(load(registry, "good", &error));
    ASSERT_TRUE(load(registry, "newer", &error));
    KeyactSlot *slot = keyact_registry_get_slot(registry, "echo");

    KeyactBoundAction pinned{};
    ASSERT_TRUE(keyact_slot_acquire(slot, &pinned));
    EXPECT_STREQ(keyact_plugin_get_path(pinned.plugin), newer.c_str());

    ASSERT_TRUE(keyact_registry_unload(registry, newer.c_str(), &error)) << error->message;
    EXPECT_EQ(served(registry, "echo").path, fixture_path("good"));
    EXPECT_EQ(keyact_registry_get_n_plugins(registry), 1u);

    // The pinned reference keeps it loaded and usable ...
    EXPECT_EQ(log.count("deinit", newer), 0);
    keyact_host host = echo_host();
    keyact_resolve_args args{};
    args.struct_size = sizeof args;
    args.n = 5;
    keyact_resolve_result result{};
    result.struct_size = sizeof result;
    EXPECT_EQ(keyact_bound_action_resolve(&pinned, &host, &args, &result), KEYACT_OK);
    EXPECT_EQ(result.exiled_count, 5u);
    // ... and its release unloads it, once.
    keyact_bound_action_release(&pinned);
    EXPECT_EQ(pinned.plugin, nullptr);
    EXPECT_EQ(log.count("deinit", newer), 1);

    EXPECT_FALSE(keyact_registry_unload(registry, newer.c_str(), &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND));
}

TEST(Selection, ASlotFollowsSwapsAndOutlivesEveryImplementation)
{
    LifecycleLog log;
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    g_autoptr(GError) error = nullptr;
    // The slot exists before any plugin provides the action.
    KeyactSlot *slot = keyact_registry_get_slot(registry, "echo");
    keyact_resolve_result result{};
    EXPECT_EQ(resolve_echo(slot, 1, &result), KEYACT_E_NOTFOUND);
    EXPECT_EQ(served(registry, "echo").reason, "no loaded plugin provides it");

    ASSERT_TRUE(load(registry, "good", &error));
    ASSERT_TRUE(load(registry, "alternative", &error));
    EXPECT_EQ(keyact_registry_get_slot(registry, "echo"), slot);
    for (int round = 0; round < 4; round++) {
        const char *id = round % 2 ? "org.keyact.test.echo.alternative" : "org.keyact.test.echo.v1";
        ASSERT_TRUE(keyact_registry_select(registry, "echo", id, &error));
        KeyactBoundAction bound{};
        ASSERT_TRUE(keyact_slot_acquire(slot, &bound));
        EXPECT_STREQ(bound.action->impl_id, id);
        keyact_bound_action_release(&bound);
        EXPECT_EQ(resolve_echo(slot, round, &result), KEYACT_OK);
        EXPECT_EQ(result.exiled_count, static_cast<uint32_t>(round));
        EXPECT_EQ(result.mana_value_halves, 77u); // the source, echoed
    }

    ASSERT_TRUE(keyact_registry_unload(registry, fixture_path("good").c_str(), &error));
    ASSERT_TRUE(keyact_registry_unload(registry, fixture_path("alternative").c_str(), &error));
    EXPECT_EQ(log.count("deinit", fixture_path("good")), 1);
    EXPECT_EQ(log.count("deinit", fixture_path("alternative")), 1);
    EXPECT_EQ(resolve_echo(slot, 1, &result), KEYACT_E_NOTFOUND);
    // The explicit choice (alternative) stays, and says it is unmet.
    EXPECT_EQ(served(registry, "echo").reason,
              "chosen explicitly (org.keyact.test.echo.alternative), but no loaded plugin provides it");

    g_auto(GStrv) names = keyact_registry_get_action_names(registry);
    ASSERT_EQ(g_strv_length(names), 2u);
    EXPECT_STREQ(names[0], "echo");
    EXPECT_STREQ(names[1], "mirror");
}

TEST(Selection, NullArgumentsAreRefusedNotFollowed)
{
    g_autoptr(GError) error = nullptr;
    EXPECT_FALSE(keyact_registry_select(nullptr, "echo", nullptr, &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    g_clear_error(&error);
    EXPECT_FALSE(keyact_registry_unload(nullptr, "/x", &error));
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_INVALID));
    EXPECT_EQ(keyact_slot_resolve(nullptr, nullptr, nullptr, nullptr), KEYACT_E_INVAL);
    keyact_bound_action_release(nullptr);
    keyact_plugin_unref(nullptr);
}

}  // namespace
