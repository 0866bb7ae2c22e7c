// unit_support.h - the loaded Discover (and Cascade) plugin and resolves through
// libkeyact-host.
#ifndef KEYACT_UNIT_SUPPORT_H
#define KEYACT_UNIT_SUPPORT_H

#include <string>

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

}  // namespace unit

#endif  // KEYACT_UNIT_SUPPORT_H
