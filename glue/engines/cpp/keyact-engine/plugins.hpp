// SPDX-License-Identifier: MIT
// keyact-engine/plugins.hpp - the plugins an engine ships beside its own files.
//
// libkeyact-host loads plugins from full paths only, and an engine finds its files relative to
// its data folder: this makes that folder a full path, loads its plugins, then those of
// KEYACT_PLUGIN_PATH and the install directory, and keeps the selected implementation of each
// action once it is asked for. An action no plugin provides is looked for again on every
// find() (a person may put the plugin in while the game runs), and said once in the engine's
// log (log.hpp). Owns its registries (freed with this object; an engine whose games may resolve
// until the process exits keeps the object for the process's lifetime: once()).
// Threads: find() from any number of threads at once (a lock serialises the registry, which is
// for one thread at a time); construct and destroy on one.
#ifndef KEYACT_ENGINE_PLUGINS_HPP
#define KEYACT_ENGINE_PLUGINS_HPP

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>
#ifdef _WIN32
#include <direct.h>
#define KEYACT_ENGINE_GETCWD _getcwd
#else
#include <unistd.h>
#define KEYACT_ENGINE_GETCWD getcwd
#endif

#include <keyact-host-core.h>

#include "log.hpp"

namespace keyact {

class Plugins {
public:
    // `dir`: the engine's plugin folder, full or relative to the working directory (the library
    // warns about refused files, with its reason). `where`: where a person should put a missing
    // plugin, for find()'s message ("Res/plugins/").
    Plugins(const std::string &dir, std::string where, KeyactLoadFlags flags = KEYACT_LOAD_DEFAULT)
        : dir_(full_path(dir)), where_(std::move(where)), flags_(flags)
    {
        registries_.push_back(load());
    }
    // The process's plugins for the folder `dir`: one set per folder, made by the first call for
    // it and kept until the process exits, for an engine whose games resolve on their own threads
    // until then (freeing a registry at exit would unload plugins under them).
    static const Plugins &once(const std::string &dir, const std::string &where)
    {
        static std::mutex mutex;
        // Never destroyed, like the sets it holds: at exit they stay reachable, not leaked.
        static auto *sets = new std::map<std::string, const Plugins *>();
        std::lock_guard<std::mutex> lock(mutex);
        const Plugins *&plugins = (*sets)[dir];
        if (!plugins)
            plugins = new Plugins(dir, where);
        return *plugins;
    }
    Plugins(const Plugins &) = delete;
    Plugins &operator=(const Plugins &) = delete;
    ~Plugins()
    {
        for (KeyactRegistry *registry : registries_)
            keyact_registry_free(registry);
    }

    // The implementation selected for `action`, valid as long as this object. NULL when no
    // plugin provides it, after looking again; the first time, a message says what to do
    // ("keyact: no plugin resolves discover: put keyact-discover.so in Res/plugins/").
    const KeyactBoundAction *find(const std::string &action) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto at = selected_.find(action);
        if (at != selected_.end())
            return &at->second;
        KeyactBoundAction bound = {};
        if (keyact_registry_get_selection(registries_.back(), action.c_str(), &bound, nullptr) != KEYACT_SELECTED_NONE)
            return &(selected_[action] = bound);
        KeyactRegistry *again = load();  // a plugin put there since
        if (keyact_registry_get_selection(again, action.c_str(), &bound, nullptr) != KEYACT_SELECTED_NONE) {
            registries_.push_back(again);
            return &(selected_[action] = bound);
        }
        keyact_registry_free(again);
        if (warned_.insert(action).second)
            warn("keyact: no plugin resolves " + action + ": put keyact-" + action + ".so in " + where_);
        return nullptr;
    }

private:
    // The engine's folder, then KEYACT_PLUGIN_PATH and the install directory, in a new registry.
    KeyactRegistry *load() const
    {
        KeyactRegistry *registry = keyact_registry_new();
        keyact_registry_load_dir(registry, dir_.c_str(), flags_);
        keyact_registry_load_search_path(registry, flags_);
        return registry;
    }
    static std::string full_path(const std::string &dir)
    {
        char cwd[4096];
        bool full = !dir.empty() && (dir[0] == '/' || dir[0] == '\\' || (dir.size() > 1 && dir[1] == ':'));
        return full || !KEYACT_ENGINE_GETCWD(cwd, sizeof cwd) ? dir : std::string(cwd) + "/" + dir;
    }

    std::string dir_, where_;
    KeyactLoadFlags flags_;
    mutable std::mutex mutex_;
    mutable std::vector<KeyactRegistry *> registries_;  // the first load, and each that found more
    mutable std::map<std::string, KeyactBoundAction> selected_;  // a map: entries never move
    mutable std::set<std::string> warned_;
};

}  // namespace keyact

#undef KEYACT_ENGINE_GETCWD

#endif
