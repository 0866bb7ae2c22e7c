/* SPDX-License-Identifier: MIT */
// swap_support.h - what the hot-swap tests share: private copies of the
// Discover plugin (so each is a module of its own), asking the dynamic
// loader whether a file is mapped, and a host table that can hold a resolve
// in flight.
#ifndef KEYACT_SWAP_SUPPORT_H
#define KEYACT_SWAP_SUPPORT_H

#include <condition_variable>
#include <mutex>
#include <string>

#include <glib.h>
#include <keyact/keyact.h>

#include "fake_host.h"

namespace swap {

// A private scratch directory, removed with everything in it at the end.
class ScratchDir {
public:
    ScratchDir();
    ~ScratchDir();
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

// Copies $KEYACT_DISCOVER_MODULE to DIR/NAME/keyact-discover.so (mode 0755,
// directory 0700) and returns the copy's full path.
std::string copy_discover(const std::string &dir, const std::string &name);

// True while the dynamic loader has `path` (compared after resolving
// symlinks) mapped into this process, by dl_iterate_phdr.
bool module_is_mapped(const std::string &path);

// `path` with symlinks resolved (itself when it does not exist).
std::string real_path(const std::string &path);

// The file that holds the code at `address` (dladdr), or "" when no loaded
// object does.
std::string object_of(const void *address);

// A host table over a fake host whose library_size waits at a gate: the
// resolve that calls it stays in flight until open() is called.
class GatedHost {
public:
    explicit GatedHost(FakeHost *fake);
    GatedHost(const GatedHost &) = delete;
    GatedHost &operator=(const GatedHost &) = delete;

    const keyact_host *table() const { return &wrap_.table; }
    // Blocks until a resolve has reached the gate.
    void wait_until_reached();
    // Lets the resolve waiting at the gate (and any later one) through.
    void open();

private:
    static int32_t gated_library_size(const keyact_host *host, keyact_game_id game,
                                      keyact_player_id player, uint32_t *out_size);

    FakeWrap wrap_;  // user_data: this
    // std:: primitives (pthread), which ThreadSanitizer understands.
    std::mutex lock_;
    std::condition_variable changed_;
    bool reached_ = false;
    bool open_ = false;
};

}  // namespace swap

#endif  // KEYACT_SWAP_SUPPORT_H
