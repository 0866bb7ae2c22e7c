/* SPDX-License-Identifier: MIT */
// test_entry_points.cc - bad input to every entry point: NULL pointers,
// negative N, unknown names, struct sizes smaller than 1.0's, bad card
// descriptions. Each must be a clear error (a status or a GError), touch
// nothing, and never crash.
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <glib/gstdio.h>

#include <cstddef>
#include <cstring>
#include <string>

#include "faults_support.h"

namespace {

using faults::Game;

constexpr size_t kHostSize10 = offsetof(keyact_host, get_extension) + sizeof(void *);
constexpr size_t kArgsSize10 = offsetof(keyact_resolve_args, source) + sizeof(keyact_card_id);
constexpr size_t kResultSize10 =
    offsetof(keyact_resolve_result, stranded) + sizeof(keyact_card_id *);

// ---- keyact_bound_action_resolve ----------------------------------------

class BoundResolve : public ::testing::Test {
protected:
    Game game{KEYACT_LAYOUT_NORMAL, 1};
    FakeResolve res{};
    keyact_host table{};

    void SetUp() override
    {
        fake_resolve_prepare(&res, game.host, faults::kPlayer, 10, game.source);
        table = *fake_host_table(game.host);
        fake_host_reset_logs(game.host);
    }

    // Refused with KEYACT_E_INVAL through libkeyact-host and through the
    // plugin's own resolve; no host call, no card moved, result untouched.
    void expect_refused(const KeyactBoundAction *bound, const keyact_host *host,
                        const keyact_resolve_args *args, keyact_resolve_result *result,
                        const char *what)
    {
        SCOPED_TRACE(what);
        keyact_resolve_result copy{};
        if (result != nullptr)
            copy = *result;
        EXPECT_EQ(keyact_bound_action_resolve(bound, host, args, result), KEYACT_E_INVAL);
        const KeyactBoundAction &real = faults::discover();
        EXPECT_EQ(real.action->resolve(real.plugin_ctx, host, args, result), KEYACT_E_INVAL);
        guint n_calls = 0;
        fake_host_calls(game.host, &n_calls);
        EXPECT_EQ(n_calls, 0u);
        if (result != nullptr) {
            EXPECT_EQ(std::memcmp(&copy, result, sizeof copy), 0) << "the result was written";
        }
        g_autoptr(GError) error = nullptr;
        EXPECT_TRUE(fake_host_check_conservation(game.host, game.before, nullptr, &error))
            << error->message;
    }
};

TEST_F(BoundResolve, NullPointersAreRefused)
{
    const KeyactBoundAction &bound = faults::discover();
    KeyactBoundAction no_action = bound;
    no_action.action = nullptr;
    EXPECT_EQ(keyact_bound_action_resolve(nullptr, &table, &res.args, &res.result),
              KEYACT_E_INVAL);
    EXPECT_EQ(keyact_bound_action_resolve(&no_action, &table, &res.args, &res.result),
              KEYACT_E_INVAL);
    expect_refused(&bound, nullptr, &res.args, &res.result, "host NULL");
    expect_refused(&bound, &table, nullptr, &res.result, "args NULL");
    expect_refused(&bound, &table, &res.args, nullptr, "result NULL");
}

TEST_F(BoundResolve, StructsSmallerThanOneZeroAreRefused)
{
    const KeyactBoundAction &bound = faults::discover();
    for (uint32_t size : {0u, 4u, uint32_t(kHostSize10 / 2), uint32_t(kHostSize10 - 1)}) {
        keyact_host small = table;
        small.struct_size = size;
        expect_refused(&bound, &small, &res.args, &res.result,
                       ("host struct_size " + std::to_string(size)).c_str());
    }
    for (uint32_t size : {0u, 4u, uint32_t(kArgsSize10 - 1)}) {
        keyact_resolve_args args = res.args;
        args.struct_size = size;
        expect_refused(&bound, &table, &args, &res.result,
                       ("args struct_size " + std::to_string(size)).c_str());
    }
    for (uint32_t size : {0u, 4u, uint32_t(kResultSize10 - 1)}) {
        keyact_resolve_result result = res.result;
        result.struct_size = size;
        expect_refused(&bound, &table, &res.args, &result,
                       ("result struct_size " + std::to_string(size)).c_str());
    }
}

TEST_F(BoundResolve, NegativeNIsRefused)
{
    for (int32_t n : {-1, -10, INT32_MIN}) {
        keyact_resolve_args args = res.args;
        args.n = n;
        expect_refused(&faults::discover(), &table, &args, &res.result,
                       ("N = " + std::to_string(n)).c_str());
    }
}

TEST_F(BoundResolve, HostTableMissingARequiredCallbackIsRefused)
{
    using Member = size_t;
    const Member required[] = {
        offsetof(keyact_host, library_size), offsetof(keyact_host, library_card),
        offsetof(keyact_host, move_card),    offsetof(keyact_host, describe_card),
        offsetof(keyact_host, can_cast_face), offsetof(keyact_host, choose),
        offsetof(keyact_host, cast_free),    offsetof(keyact_host, random_below),
    };
    for (Member offset : required) {
        keyact_host broken = table;
        void *null = nullptr;
        std::memcpy(reinterpret_cast<char *>(&broken) + offset, &null, sizeof null);
        expect_refused(&faults::discover(), &broken, &res.args, &res.result,
                       ("callback at offset " + std::to_string(offset) + " NULL").c_str());
    }
}

TEST_F(BoundResolve, UnknownGameOrPlayerIsAClearStatus)
{
    keyact_resolve_args args = res.args;
    args.game = 12345;
    EXPECT_EQ(keyact_bound_action_resolve(&faults::discover(), &table, &args, &res.result),
              KEYACT_E_NOTFOUND);
    EXPECT_FALSE(res.result.flags & KEYACT_RESULT_COMPLETE);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");

    args = res.args;
    args.player = 99;
    EXPECT_EQ(keyact_bound_action_resolve(&faults::discover(), &table, &args, &res.result),
              KEYACT_E_NOTFOUND);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
}

TEST_F(BoundResolve, NoStrandedBufferStillCountsStrandedCards)
{
    fake_host_inject(game.host, FAKE_CALL_RANDOM_BELOW, 1, FAKE_FAULT_STATUS, KEYACT_E_HOST);
    res.args.n = 1;  // the hit is the last card: five cards go to the bottom
    res.result.stranded = nullptr;
    res.result.stranded_capacity = 5;  // a capacity with no buffer must not be written through
    EXPECT_EQ(keyact_bound_action_resolve(&faults::discover(), &table, &res.args, &res.result),
              KEYACT_E_HOST);
    EXPECT_GT(res.result.stranded_count, 0u);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
}

// ---- the registry and keyact_plugin_load --------------------------------

// Counts the CRITICAL messages of the "keyact-host" domain (g_return_if_fail).
struct CriticalCounter {
    guint count = 0;
    guint handler = 0;
    CriticalCounter()
    {
        handler = g_log_set_handler("keyact-host", G_LOG_LEVEL_CRITICAL,
                                    [](const gchar *, GLogLevelFlags, const gchar *,
                                       gpointer data) { ++*static_cast<guint *>(data); },
                                    &count);
    }
    ~CriticalCounter() { g_log_remove_handler("keyact-host", handler); }
};

void expect_error(const GError *error, KeyactHostError code, const char *what)
{
    ASSERT_NE(error, nullptr) << what << ": no GError";
    EXPECT_TRUE(g_error_matches(error, KEYACT_HOST_ERROR, code))
        << what << ": code " << error->code << ": " << error->message;
    EXPECT_GT(std::strlen(error->message), 10u) << what;
}

TEST(Registry, LookupRefusesNullsAndUnknownNames)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    const std::string path = faults::required_env("KEYACT_DISCOVER_MODULE");
    g_autoptr(GError) error = nullptr;
    ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error))
        << error->message;
    KeyactBoundAction out{};

    struct Case {
        const KeyactRegistry *registry;
        const char *name;
        const char *impl_id;
        KeyactBoundAction *out;
        KeyactHostError code;
    } cases[] = {
        {nullptr, "discover", nullptr, &out, KEYACT_HOST_ERROR_INVALID},
        {registry, nullptr, nullptr, &out, KEYACT_HOST_ERROR_INVALID},
        {registry, "discover", nullptr, nullptr, KEYACT_HOST_ERROR_INVALID},
        {registry, "scry", nullptr, &out, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, "", nullptr, &out, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, "Discover", nullptr, &out, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, "discover ", nullptr, &out, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, "discover", "org.example.nope", &out, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, "discover", "", &out, KEYACT_HOST_ERROR_NOT_FOUND},
    };
    for (const Case &c : cases) {
        std::string what = std::string("lookup ") + (c.name ? c.name : "(NULL)");
        g_autoptr(GError) lookup_error = nullptr;
        EXPECT_FALSE(keyact_registry_lookup(c.registry, c.name, c.impl_id, c.out, &lookup_error));
        expect_error(lookup_error, c.code, what.c_str());
        // And with no GError to fill.
        EXPECT_FALSE(keyact_registry_lookup(c.registry, c.name, c.impl_id, c.out, nullptr));
    }
    // The registry still works after all that.
    EXPECT_TRUE(keyact_registry_lookup(registry, "discover", nullptr, &out, nullptr));
    EXPECT_NE(out.action, nullptr);
}

TEST(Registry, LoadAndAddRefuseBadInput)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    const std::string path = faults::required_env("KEYACT_DISCOVER_MODULE");
    g_autofree char *dir = g_dir_make_tmp("keyact-faults-XXXXXX", nullptr);
    ASSERT_NE(dir, nullptr);
    g_autofree char *text = g_build_filename(dir, "not-a-plugin.so", nullptr);
    g_autofree char *empty = g_build_filename(dir, "empty.so", nullptr);
    ASSERT_TRUE(g_file_set_contents(text, "this is not an ELF file\n", -1, nullptr));
    ASSERT_TRUE(g_file_set_contents(empty, "", 0, nullptr));
    g_autofree char *missing = g_build_filename(dir, "missing.so", nullptr);

    struct Case {
        KeyactRegistry *registry;
        const char *path;
        KeyactHostError code;
    } cases[] = {
        {nullptr, path.c_str(), KEYACT_HOST_ERROR_INVALID},
        {registry, nullptr, KEYACT_HOST_ERROR_INVALID},
        {registry, "", KEYACT_HOST_ERROR_INVALID},
        {registry, "keyact-discover.so", KEYACT_HOST_ERROR_INVALID},
        {registry, missing, KEYACT_HOST_ERROR_NOT_FOUND},
        {registry, text, KEYACT_HOST_ERROR_OPEN},
        {registry, empty, KEYACT_HOST_ERROR_OPEN},
        {registry, dir, KEYACT_HOST_ERROR_OPEN},
    };
    for (const Case &c : cases) {
        std::string what = std::string("load ") + (c.path ? c.path : "(NULL)");
        g_autoptr(GError) error = nullptr;
        EXPECT_FALSE(keyact_registry_load(c.registry, c.path, KEYACT_LOAD_ALLOW_UNSAFE, &error))
            << what;
        expect_error(error, c.code, what.c_str());
    }
    guint n_actions = 99;
    EXPECT_EQ(keyact_registry_list(registry, &n_actions), nullptr);
    EXPECT_EQ(n_actions, 0u);
    EXPECT_EQ(keyact_registry_list(nullptr, &n_actions), nullptr);
    EXPECT_EQ(keyact_registry_list(nullptr, nullptr), nullptr);

    // add: NULL registry (the plugin is unloaded, not leaked), NULL plugin.
    g_autoptr(GError) error = nullptr;
    KeyactPlugin *plugin = keyact_plugin_load(path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error);
    ASSERT_NE(plugin, nullptr) << error->message;
    EXPECT_FALSE(keyact_registry_add(nullptr, plugin, &error));
    expect_error(error, KEYACT_HOST_ERROR_INVALID, "add to NULL registry");
    g_clear_error(&error);
    EXPECT_FALSE(keyact_registry_add(registry, nullptr, &error));
    expect_error(error, KEYACT_HOST_ERROR_INVALID, "add NULL plugin");
    g_clear_error(&error);

    // The same plugin twice: the second is refused and unloaded; the first stays.
    ASSERT_TRUE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error));
    EXPECT_FALSE(keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error));
    expect_error(error, KEYACT_HOST_ERROR_DUPLICATE, "load twice");
    EXPECT_NE(keyact_registry_list(registry, &n_actions), nullptr);
    EXPECT_EQ(n_actions, 1u);

    keyact_registry_free(nullptr);
    keyact_plugin_unload(nullptr);
    g_remove(text);
    g_remove(empty);
    g_rmdir(dir);
}

TEST(PluginLoad, TruncatedEntryAndBadPathsAreRefused)
{
    const std::string truncated = faults::required_env("KEYACT_FAULTS_TRUNCATED_ENTRY");
    g_autoptr(GError) error = nullptr;
    EXPECT_EQ(keyact_plugin_load(truncated.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error), nullptr);
    expect_error(error, KEYACT_HOST_ERROR_STRUCT_SIZE, "entry smaller than 1.0");
    g_clear_error(&error);
    EXPECT_EQ(keyact_plugin_load(nullptr, KEYACT_LOAD_DEFAULT, &error), nullptr);
    expect_error(error, KEYACT_HOST_ERROR_INVALID, "NULL path");
    g_clear_error(&error);
    EXPECT_EQ(keyact_plugin_load("relative/keyact-discover.so", KEYACT_LOAD_DEFAULT, &error),
              nullptr);
    expect_error(error, KEYACT_HOST_ERROR_INVALID, "relative path");
    // No GError to fill is fine too.
    EXPECT_EQ(keyact_plugin_load(truncated.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, nullptr), nullptr);
}

TEST(PluginLoad, AccessorsRefuseNullWithACritical)
{
    CriticalCounter criticals;
    KeyactPlugin *plugin = faults::discover_plugin();
    EXPECT_EQ(keyact_plugin_get_extension(plugin, nullptr), nullptr);
    EXPECT_EQ(keyact_plugin_get_extension(plugin, "org.example.unknown.v1"), nullptr);
    EXPECT_EQ(keyact_plugin_get_extension(nullptr, KEYACT_EXT_RULES), nullptr);
    EXPECT_EQ(keyact_plugin_get_action(plugin, 1000), nullptr);
    EXPECT_EQ(keyact_plugin_get_action(nullptr, 0), nullptr);
    EXPECT_EQ(keyact_plugin_get_path(nullptr), nullptr);
    EXPECT_EQ(keyact_plugin_get_entry(nullptr), nullptr);
    EXPECT_EQ(keyact_plugin_get_context(nullptr), nullptr);
    EXPECT_EQ(keyact_plugin_get_n_actions(nullptr), 0u);
    EXPECT_EQ(keyact_plugin_get_version(nullptr).major, 0u);
    EXPECT_EQ(criticals.count, 9u);
}

// ---- the plugin's entry, called directly (dlopen) ------------------------

class Entry : public ::testing::Test {
protected:
    void *handle = nullptr;
    const keyact_plugin_entry *entry = nullptr;
    std::string path;

    void SetUp() override
    {
        path = faults::required_env("KEYACT_DISCOVER_MODULE");
        handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        ASSERT_NE(handle, nullptr) << dlerror();
        entry = static_cast<const keyact_plugin_entry *>(dlsym(handle, KEYACT_PLUGIN_ENTRY_SYMBOL));
        ASSERT_NE(entry, nullptr);
    }
    void TearDown() override
    {
        if (handle != nullptr)
            dlclose(handle);
    }
};

TEST_F(Entry, NegotiateRefusesBadOffers)
{
    keyact_version chosen{77, 77};
    const keyact_version good[] = {{1, 0}};
    const keyact_version foreign[] = {{2, 0}, {0, 9}, {1, 99}};
    EXPECT_EQ(entry->negotiate(nullptr, 1, &chosen), KEYACT_E_INVAL);
    EXPECT_EQ(entry->negotiate(good, 1, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(entry->negotiate(nullptr, 0, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(entry->negotiate(good, 0, &chosen), KEYACT_E_VERSION);
    EXPECT_EQ(entry->negotiate(foreign, 3, &chosen), KEYACT_E_VERSION);
    EXPECT_EQ(chosen.major, 77u) << "a refused negotiate wrote its answer";
    EXPECT_EQ(entry->negotiate(good, 1, &chosen), KEYACT_OK);
    EXPECT_EQ(chosen.major, 1u);
}

TEST_F(Entry, InitRefusesBadVersionsAndNulls)
{
    const keyact_version v10{1, 0}, v2{2, 0}, v199{1, 99};
    void *ctx = nullptr;
    EXPECT_EQ(entry->init(nullptr, path.c_str(), &ctx), KEYACT_E_INVAL);
    EXPECT_EQ(entry->init(&v10, path.c_str(), nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(entry->init(&v2, path.c_str(), &ctx), KEYACT_E_VERSION);
    EXPECT_EQ(entry->init(&v199, path.c_str(), &ctx), KEYACT_E_VERSION);
    EXPECT_EQ(ctx, nullptr);
    // The path is informative only: NULL is accepted.
    ASSERT_EQ(entry->init(&v10, nullptr, &ctx), KEYACT_OK);
    ASSERT_NE(ctx, nullptr);
    entry->deinit(ctx);
    entry->deinit(nullptr);
}

TEST_F(Entry, ResolveRefusesAContextItDidNotMake)
{
    Game game(KEYACT_LAYOUT_NORMAL, 3);
    FakeResolve res;
    fake_resolve_prepare(&res, game.host, faults::kPlayer, 5, game.source);
    fake_host_reset_logs(game.host);
    const keyact_action *action = entry->actions[0];
    alignas(16) unsigned char foreign_ctx[64] = {};
    EXPECT_EQ(action->resolve(nullptr, fake_host_table(game.host), &res.args, &res.result),
              KEYACT_E_INVAL);
    EXPECT_EQ(action->resolve(foreign_ctx, fake_host_table(game.host), &res.args, &res.result),
              KEYACT_E_INVAL);
    guint n_calls = 0;
    fake_host_calls(game.host, &n_calls);
    EXPECT_EQ(n_calls, 0u);

    // With a real context it works.
    const keyact_version v10{1, 0};
    void *ctx = nullptr;
    ASSERT_EQ(entry->init(&v10, path.c_str(), &ctx), KEYACT_OK);
    EXPECT_EQ(action->resolve(ctx, fake_host_table(game.host), &res.args, &res.result),
              KEYACT_OK);
    EXPECT_EQ(faults::conservation_problem(game.host, game.before, res), "");
    entry->deinit(ctx);
}

TEST_F(Entry, GetExtensionAnswersNullForUnknownIds)
{
    ASSERT_NE(entry->get_extension, nullptr);
    EXPECT_EQ(entry->get_extension(nullptr, nullptr), nullptr);
    EXPECT_EQ(entry->get_extension(nullptr, ""), nullptr);
    EXPECT_EQ(entry->get_extension(nullptr, "org.keyact.rules.v2"), nullptr);
    EXPECT_EQ(entry->get_extension(nullptr, "org.keyact.rules.v1 "), nullptr);
    EXPECT_NE(entry->get_extension(nullptr, KEYACT_EXT_RULES), nullptr);
}

// ---- the rules extension ---------------------------------------------------

class Rules : public Entry {
protected:
    const keyact_rules_ext *rules = nullptr;
    keyact_face_desc faces[KEYACT_MAX_FACES]{};
    keyact_card_desc card{};

    void SetUp() override
    {
        Entry::SetUp();
        if (HasFatalFailure())
            return;
        rules = static_cast<const keyact_rules_ext *>(entry->get_extension(nullptr,
                                                                           KEYACT_EXT_RULES));
        ASSERT_NE(rules, nullptr);
        ASSERT_GE(rules->struct_size, sizeof(keyact_rules_ext));
        for (keyact_face_desc &face : faces)
            face = {sizeof(keyact_face_desc), 0, "Shock", "{R}"};
        card.struct_size = sizeof card;
        card.layout = KEYACT_LAYOUT_SPLIT;
        card.face_count = 2;
        for (uint32_t i = 0; i < KEYACT_MAX_FACES; i++)
            card.faces[i] = &faces[i];
    }

    // Both card functions refuse `c` with `status`, writing nothing.
    void expect_card_refused(const keyact_card_desc *c, int32_t status, const std::string &what)
    {
        SCOPED_TRACE(what);
        uint32_t halves = 77, land = 77, hit = 77, mask = 77;
        EXPECT_EQ(rules->card_mana_value(c, &halves, &land), status);
        EXPECT_EQ(rules->discover_options(c, 3, &hit, &mask), status);
        EXPECT_EQ(halves, 77u);
        EXPECT_EQ(land, 77u);
        EXPECT_EQ(hit, 77u);
        EXPECT_EQ(mask, 77u);
    }
};

TEST_F(Rules, ManaValueRefusesNullOutputAndBadCosts)
{
    uint32_t halves = 77, offset = 77;
    EXPECT_EQ(rules->mana_value("{2}", nullptr, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(rules->mana_value(nullptr, &halves, nullptr), KEYACT_OK);
    EXPECT_EQ(halves, 0u);
    const char *bad[] = {"{", "}", "{}", "{2", "2}", "{R}{", "{Q}", "{R/}", "{/R}", "{2/2}",
                         "{99999999999999999999}", "{R}x", "\xff", "{H}", "{-1}", "{ 1}"};
    for (const char *cost : bad) {
        halves = 77;
        offset = 77;
        EXPECT_EQ(rules->mana_value(cost, &halves, &offset), KEYACT_E_BADCOST) << cost;
        EXPECT_EQ(halves, 0u) << cost;
        EXPECT_LE(offset, std::strlen(cost)) << cost;
        EXPECT_EQ(rules->mana_value(cost, &halves, nullptr), KEYACT_E_BADCOST) << cost;
    }
    // Longer than any printed cost: refused, not read past its end.
    std::string huge;
    for (int i = 0; i < 200; i++)
        huge += "{1}";
    EXPECT_EQ(rules->mana_value(huge.c_str(), &halves, &offset), KEYACT_E_BADCOST);
}

TEST_F(Rules, CardFunctionsRefuseNullsAndBadDescriptions)
{
    uint32_t a = 0, b = 0;
    EXPECT_EQ(rules->card_mana_value(nullptr, &a, &b), KEYACT_E_INVAL);
    EXPECT_EQ(rules->card_mana_value(&card, nullptr, &b), KEYACT_E_INVAL);
    EXPECT_EQ(rules->card_mana_value(&card, &a, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(rules->discover_options(nullptr, 3, &a, &b), KEYACT_E_INVAL);
    EXPECT_EQ(rules->discover_options(&card, 3, nullptr, &b), KEYACT_E_INVAL);
    EXPECT_EQ(rules->discover_options(&card, 3, &a, nullptr), KEYACT_E_INVAL);
    EXPECT_EQ(rules->discover_options(&card, -1, &a, &b), KEYACT_E_INVAL);
    EXPECT_EQ(rules->discover_options(&card, INT32_MIN, &a, &b), KEYACT_E_INVAL);

    for (uint32_t count : {0u, KEYACT_MAX_FACES + 1, 1000u, UINT32_MAX}) {
        keyact_card_desc c = card;
        c.face_count = count;
        expect_card_refused(&c, KEYACT_E_BADCARD, "face_count " + std::to_string(count));
    }
    for (uint32_t size : {0u, 4u, uint32_t(offsetof(keyact_card_desc, faces)),
                          uint32_t(offsetof(keyact_card_desc, faces) + sizeof(void *))}) {
        keyact_card_desc c = card;  // two faces need room for two pointers
        c.struct_size = size;
        expect_card_refused(&c, KEYACT_E_BADCARD, "card struct_size " + std::to_string(size));
    }
    {
        keyact_card_desc c = card;
        c.faces[1] = nullptr;
        expect_card_refused(&c, KEYACT_E_BADCARD, "face 1 NULL");
    }
    for (uint32_t size : {0u, 4u, uint32_t(offsetof(keyact_face_desc, mana_cost))}) {
        keyact_face_desc small = faces[0];
        small.struct_size = size;
        keyact_card_desc c = card;
        c.faces[0] = &small;
        expect_card_refused(&c, KEYACT_E_BADCARD, "face struct_size " + std::to_string(size));
    }
    {
        keyact_face_desc broken = faces[0];
        broken.mana_cost = "{R}{Q}";
        keyact_card_desc c = card;
        c.faces[1] = &broken;
        expect_card_refused(&c, KEYACT_E_BADCOST, "unparsable half");
    }
}

TEST_F(Rules, UnknownLayoutsAndOddFacesAreReadSafely)
{
    uint32_t halves = 0, land = 0, hit = 0, mask = 0;
    for (uint32_t layout : {KEYACT_LAYOUT_COUNT, 99u, UINT32_MAX}) {
        keyact_card_desc c = card;
        c.layout = layout;
        // Treated as normal: face 0's value, face 0 castable.
        EXPECT_EQ(rules->card_mana_value(&c, &halves, &land), KEYACT_OK);
        EXPECT_EQ(halves, 2u);
        EXPECT_EQ(rules->discover_options(&c, 1, &hit, &mask), KEYACT_OK);
        EXPECT_EQ(hit, 1u);
        EXPECT_EQ(mask, 1u);
    }
    // Every face, all eight, with NULL and "" costs and NULL names.
    keyact_card_desc c = card;
    c.face_count = KEYACT_MAX_FACES;
    for (uint32_t i = 0; i < KEYACT_MAX_FACES; i++) {
        faces[i].name = nullptr;
        faces[i].mana_cost = i % 2 ? nullptr : "";
    }
    EXPECT_EQ(rules->card_mana_value(&c, &halves, &land), KEYACT_OK);
    EXPECT_EQ(halves, 0u);
    EXPECT_EQ(rules->discover_options(&c, 0, &hit, &mask), KEYACT_OK);
    EXPECT_EQ(hit, 1u);
    EXPECT_EQ(mask, 0xffu);
}

}  // namespace
