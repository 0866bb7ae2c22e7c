/* SPDX-License-Identifier: MIT */
// unit_support.cc - load keyact-discover.so (and keyact-cascade.so) once and
// resolve through them.
#include "unit_support.h"

#include <algorithm>

#include <cstdio>
#include <cstdlib>

namespace unit {

namespace {

// One plugin file from `env_name`, and its action `action_name`.
struct LoadedAction {
    KeyactRegistry *registry = nullptr;
    KeyactBoundAction bound{};

    LoadedAction(const char *env_name, const char *action_name)
    {
        std::string path = required_env(env_name);
        registry = keyact_registry_new();
        g_autoptr(GError) error = nullptr;
        // The build tree's permissions are not the point of these tests.
        if (!keyact_registry_load(registry, path.c_str(), KEYACT_LOAD_ALLOW_UNSAFE, &error)
            || !keyact_registry_lookup(registry, action_name, nullptr, &bound, &error)) {
            std::fprintf(stderr, "cannot load %s from %s: %s\n", action_name, path.c_str(),
                         error->message);
            std::abort();
        }
    }
    ~LoadedAction() { keyact_registry_free(registry); }
};

}  // namespace

const KeyactBoundAction &discover()
{
    static LoadedAction loaded("KEYACT_DISCOVER_MODULE", "discover");
    return loaded.bound;
}

const KeyactBoundAction &cascade()
{
    static LoadedAction loaded("KEYACT_CASCADE_MODULE", "cascade");
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
    return resolve_with(discover(), host, player, n, source, out);
}

int32_t resolve_with(const KeyactBoundAction &action, FakeHost *host, keyact_player_id player,
                     int32_t n, keyact_card_id source, FakeResolve *out)
{
    fake_resolve_prepare(out, host, player, n, source);
    fake_host_reset_logs(host);
    out->status = keyact_bound_action_resolve(&action, fake_host_table(host), &out->args,
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

size_t permutation_rank(const std::vector<keyact_card_id> &cards, const keyact_card_id *order,
                        size_t k)
{
    std::vector<size_t> p;
    for (size_t i = 0; i < k; i++)
        p.push_back(size_t(std::find(cards.begin(), cards.end(), order[i]) - cards.begin()));
    size_t rank = 0;
    for (size_t i = 0; i < k; i++) {
        size_t smaller_later = 0;
        for (size_t j = i + 1; j < k; j++)
            smaller_later += p[j] < p[i];
        rank = rank * (k - i) + smaller_later;
    }
    return rank;
}

double chi_square_uniform(const std::vector<size_t> &counts, size_t total)
{
    double expected = double(total) / double(counts.size());
    double chi = 0;
    for (size_t n : counts)
        chi += (double(n) - expected) * (double(n) - expected) / expected;
    return chi;
}

}  // namespace unit
