// unit_support.cc - load keyact-discover.so once and resolve through it.
#include "unit_support.h"

#include <cstdio>
#include <cstdlib>

namespace unit {

namespace {

struct LoadedDiscover {
    KeyactRegistry *registry = nullptr;
    KeyactBoundAction bound{};

    LoadedDiscover()
    {
        std::string path = required_env("KEYACT_DISCOVER_MODULE");
        registry = keyact_registry_new();
        g_autoptr(GError) error = nullptr;
        // The build tree's permissions are not the point of these tests.
        if (!keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error)
            || !keyact_registry_lookup(registry, "discover", nullptr, &bound, &error)) {
            std::fprintf(stderr, "cannot load discover from %s: %s\n", path.c_str(),
                         error->message);
            std::abort();
        }
    }
    ~LoadedDiscover() { keyact_registry_free(registry); }
};

}  // namespace

const KeyactBoundAction &discover()
{
    static LoadedDiscover loaded;
    return loaded.bound;
}

std::string required_env(const char *name)
{
    const char *value = g_getenv(name);
    if (value == nullptr || *value == '\0') {
        std::fprintf(stderr, "%s is not set (run the tests through meson test)\n", name);
        std::abort();
    }
    return value;
}

int32_t resolve(FakeHost *host, keyact_player_id player, int32_t n, keyact_card_id source,
                FakeResolve *out)
{
    fake_resolve_prepare(out, host, player, n, source);
    fake_host_reset_logs(host);
    out->status = keyact_bound_action_resolve(&discover(), fake_host_table(host), &out->args,
                                              &out->result);
    return out->status;
}

int32_t resolve_case(KcGame *game, const KcCase *c, FakeResolve *out)
{
    return resolve(game->host, KC_PLAYER, c->n, game->source, out);
}

const KcCase &find_case(const char *name)
{
    const KcCase *c = kc_case_find(name);
    if (c == nullptr) {
        std::fprintf(stderr, "no conformance case %s\n", name);
        std::abort();
    }
    return *c;
}

std::string conservation_problem(const KcGame &game, const FakeResolve &res)
{
    g_autoptr(GError) error = nullptr;
    if (fake_host_check_conservation(game.host, game.before, &res.result, &error))
        return {};
    return error->message;
}

std::string expectation_problem(const KcCase &c, const KcGame &game, const FakeResolve &res)
{
    g_autoptr(GError) error = nullptr;
    if (kc_case_check(&c, &game, &res, &error))
        return {};
    return error->message;
}

}  // namespace unit
