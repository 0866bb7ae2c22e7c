// SPDX-License-Identifier: MIT
// keyact-engine/log.hpp - where the kit's messages go: the engine's own log.
//
// The kit says when a resolve cannot begin or fails, and when no plugin resolves an action. Those
// lines go to the handler the engine gives (its logger: a game engine has its own, and a console
// may not exist), or to stderr when it gives none. One handler for the process; set it before
// the first resolve (setting it is atomic, so any thread may, but a message already being
// written goes where the old handler sent it). The libkeyact-host library's own messages (a
// refused plugin file, the validation layer's reports) are GLib's log, on stderr unless the
// process routes GLib's log.
#ifndef KEYACT_ENGINE_LOG_HPP
#define KEYACT_ENGINE_LOG_HPP

#include <atomic>
#include <cstdio>
#include <string>

namespace keyact {

// Receives one line, without a newline, e.g. "keyact: discover ended with KEYACT_E_HOST; 3 cards
// stay in exile". The string lives for the call only. Called on the thread that failed.
using LogHandler = void (*)(const char *message);

namespace detail {
inline std::atomic<LogHandler> &log_handler()
{
    static std::atomic<LogHandler> handler { nullptr };
    return handler;
}
}  // namespace detail

// Sends the kit's messages to `handler` (nullptr: back to stderr).
inline void set_log_handler(LogHandler handler) { detail::log_handler().store(handler); }
// The handler set, or nullptr: an engine's code that sets its own only when no other part of the
// process (its tests, say) routed the messages first.
inline LogHandler log_handler() { return detail::log_handler().load(); }

// One message to the engine's log.
inline void warn(const std::string &message)
{
    if (LogHandler handler = detail::log_handler().load())
        handler(message.c_str());
    else
        std::fprintf(stderr, "%s\n", message.c_str());
}

}  // namespace keyact

#endif
