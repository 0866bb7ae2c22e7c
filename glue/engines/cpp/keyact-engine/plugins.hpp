// SPDX-License-Identifier: MIT
// keyact-engine/plugins.hpp - the plugins an engine ships beside its own files, loaded once.
//
// libkeyact-host loads plugins from full paths only, and an engine finds its files relative to
// its data folder: this makes that folder a full path, loads its plugins, then those of
// KEYACT_PLUGIN_PATH and the install directory, and notes the selected implementation of
// every action then. Owns the registry (freed with this object; an engine whose games may
// resolve until the process exits keeps the object for the process's lifetime).
// Threads: construct and destroy on one thread; find() on any number at once, since it reads
// only what the constructor noted (the registry itself is for one thread at a time).
#ifndef KEYACT_ENGINE_PLUGINS_HPP
#define KEYACT_ENGINE_PLUGINS_HPP

#include <map>
#include <string>

#include <keyact-host.h>

namespace keyact {

class Plugins {
public:
    // `dir`: the engine's plugin folder, full or relative to the working directory (refused
    // files are warned about by the library, with its reason). `where`: where a person should
    // put a missing plugin, for find()'s warning ("Res/plugins/").
    Plugins(const std::string &dir, std::string where, KeyactLoadFlags flags = KEYACT_LOAD_DEFAULT)
        : registry_(keyact_registry_new()), where_(std::move(where))
    {
        gchar *full = g_canonicalize_filename(dir.c_str(), NULL);
        keyact_registry_load_dir(registry_, full, flags);
        g_free(full);
        keyact_registry_load_search_path(registry_, flags);
        gchar **names = keyact_registry_get_action_names(registry_);
        for (gchar **name = names; name && *name; name++) {
            KeyactBoundAction bound = {};
            if (keyact_registry_get_selection(registry_, *name, &bound, NULL) != KEYACT_SELECTED_NONE)
                selected_[*name] = bound;
        }
        g_strfreev(names);
    }
    // The process's plugins: made by the first call (thread-safe, C++11's static locals) from its
    // arguments, later calls' ignored, and kept until the process exits, for an engine whose
    // games resolve on their own threads until then (freeing the registry at exit would unload
    // plugins under them).
    static const Plugins &once(const std::string &dir, std::string where)
    {
        static const Plugins &plugins = *new Plugins(dir, std::move(where));
        return plugins;
    }
    Plugins(const Plugins &) = delete;
    Plugins &operator=(const Plugins &) = delete;
    ~Plugins() { keyact_registry_free(registry_); }

    // The implementation selected for `action`, valid as long as this object; NULL, with a
    // warning that says what to do ("keyact: no plugin resolves discover: put
    // keyact-discover.so in Res/plugins/"), when no plugin provides it.
    const KeyactBoundAction *find(const std::string &action) const
    {
        auto at = selected_.find(action);
        if (at != selected_.end())
            return &at->second;
        g_warning("keyact: no plugin resolves %s: put keyact-%s.so in %s", action.c_str(), action.c_str(),
                  where_.c_str());
        return nullptr;
    }

private:
    KeyactRegistry *registry_;
    std::string where_;
    std::map<std::string, KeyactBoundAction> selected_;
};

}  // namespace keyact

#endif
