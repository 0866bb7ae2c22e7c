/* SPDX-License-Identifier: MIT */
// unit_support.h - the loaded Discover (and Cascade) plugin and resolves through
// libkeyact-host.
#ifndef KEYACT_UNIT_SUPPORT_H
#define KEYACT_UNIT_SUPPORT_H

#include <string>
#include <vector>

#include <keyact-host.h>

#include "conformance.h"
#include "fake_host.h"

namespace unit {

// The "discover" action from keyact-discover.so (path in $KEYACT_DISCOVER_MODULE),
// loaded once per process into a registry that lives until exit. A load
// failure aborts with the GError message.
const KeyactBoundAction &discover();

// The "cascade" action from keyact-cascade.so ($KEYACT_CASCADE_MODULE), the
// same way; loaded on first use, so only tests that use it need the variable.
const KeyactBoundAction &cascade();

// An environment variable the meson test sets; aborts when it is missing.
std::string required_env(const char *name);

// Prepare args/result, clear the host's logs, and resolve through
// keyact_bound_action_resolve with the host's table.
int32_t resolve(FakeHost *host, keyact_player_id player, int32_t n, keyact_card_id source,
                FakeResolve *out);

// The same through any loaded action.
int32_t resolve_with(const KeyactBoundAction &action, FakeHost *host, keyact_player_id player,
                     int32_t n, keyact_card_id source, FakeResolve *out);

// kc_game_resolve, but through libkeyact-host.
int32_t resolve_case(KcGame *game, const KcCase *c, FakeResolve *out);

// The case called `name`; aborts if there is none.
const KcCase &find_case(const char *name);

// Empty when conservation holds, else the reason.
std::string conservation_problem(const KcGame &game, const FakeResolve &res);

// Empty when the case's expectation holds, else the reason.
std::string expectation_problem(const KcCase &c, const KcGame &game, const FakeResolve &res);

// Index of the permutation `order[0..k)` of `cards` (which card went
// where), in lexicographic order over 0..k-1: for counting bottom orders.
size_t permutation_rank(const std::vector<keyact_card_id> &cards, const keyact_card_id *order,
                        size_t k);

// Pearson's chi-square statistic of `counts` against a uniform spread of
// `total` over them.
double chi_square_uniform(const std::vector<size_t> &counts, size_t total);

}  // namespace unit

#endif  // KEYACT_UNIT_SUPPORT_H
