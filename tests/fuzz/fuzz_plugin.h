/* SPDX-License-Identifier: MIT */
/* fuzz_plugin.h - keyact-discover.so loaded once per process through
 * libkeyact-host, for the targets that resolve. */
#ifndef KEYACT_FUZZ_PLUGIN_H
#define KEYACT_FUZZ_PLUGIN_H

#include <keyact-host.h>

/* The "discover" action. The path is $KEYACT_DISCOVER_MODULE, else the
 * build's own module (KEYACT_FUZZ_DISCOVER_MODULE, set by meson). Aborts
 * when it cannot be loaded: no input could be tested. */
const KeyactBoundAction *fuzz_discover(void);

#endif /* KEYACT_FUZZ_PLUGIN_H */
