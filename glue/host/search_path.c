/* SPDX-License-Identifier: MIT */
/* search_path.c - find plugin files: KEYACT_PLUGIN_PATH, then the install dir.
 *
 * Only full paths are searched: a relative entry would make the loaded code
 * depend on the working directory, so it is ignored with a warning. A
 * plugin that fails to load is skipped with a warning; the others still load.
 */
#include <string.h>

#include "keyact-host-config.h"
#include "keyact-host-private.h"

#define PLUGIN_PATH_VARIABLE "KEYACT_PLUGIN_PATH"

KEYACT_HOST_API const char *keyact_registry_default_plugin_dir(void)
{
    return KEYACT_HOST_DEFAULT_PLUGIN_DIR;
}

static void add_dir(GPtrArray *dirs, const char *dir)
{
    g_autofree char *canonical = g_canonicalize_filename(dir, NULL);

    for (guint i = 0; i < dirs->len; i++) {
        if (strcmp(g_ptr_array_index(dirs, i), canonical) == 0)
            return;
    }
    g_ptr_array_add(dirs, g_steal_pointer(&canonical));
}

/* The directories to search, in order, each once. `warn`: say which
 * relative entries are left out (once per load, not per query). */
static GPtrArray *search_dirs(gboolean warn)
{
    GPtrArray *dirs = g_ptr_array_new_with_free_func(g_free);
    const char *variable = g_getenv(PLUGIN_PATH_VARIABLE);

    if (variable != NULL) {
        g_auto(GStrv) entries = g_strsplit(variable, G_SEARCHPATH_SEPARATOR_S, -1);
        for (guint i = 0; entries[i] != NULL; i++) {
            if (entries[i][0] == '\0')
                continue;
            if (!g_path_is_absolute(entries[i])) {
                if (warn)
                    g_warning("ignoring relative entry \"%s\" in %s: only full paths are searched",
                              entries[i], PLUGIN_PATH_VARIABLE);
                continue;
            }
            add_dir(dirs, entries[i]);
        }
    }
    add_dir(dirs, keyact_registry_default_plugin_dir());
    return dirs;
}

KEYACT_HOST_API char **keyact_registry_get_search_dirs(void)
{
    g_autoptr(GPtrArray) dirs = search_dirs(FALSE);

    g_ptr_array_set_free_func(dirs, NULL);
    g_ptr_array_add(dirs, NULL);
    return (char **)g_ptr_array_free(g_steal_pointer(&dirs), FALSE);
}

static int compare_paths(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Full paths of the "*.so" files in `dir`, sorted so load order (and so which
 * duplicate wins) does not depend on the file system; NULL when the
 * directory cannot be listed, with `*why` saying so. */
static GPtrArray *plugin_files(const char *dir, char **why)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) listing = g_dir_open(dir, 0, &error);

    if (listing == NULL) {
        /* A directory that does not exist is normal (nothing installed). */
        if (g_error_matches(error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
            g_debug("plugin directory %s does not exist", dir);
            *why = g_strdup("no such directory");
        } else {
            g_warning("cannot read plugin directory %s: %s", dir, error->message);
            *why = g_strdup_printf("cannot be read: %s", error->message);
        }
        return NULL;
    }

    GPtrArray *files = g_ptr_array_new_with_free_func(g_free);

    const char *name;
    while ((name = g_dir_read_name(listing)) != NULL) {
        if (!g_str_has_suffix(name, ".so"))
            continue;
        char *full = g_build_filename(dir, name, NULL);
        if (g_file_test(full, G_FILE_TEST_IS_REGULAR))
            g_ptr_array_add(files, full);
        else
            g_free(full);
    }
    g_ptr_array_sort(files, compare_paths);
    return files;
}

/* Every plugin file of `dir`, each refusal a warning (and recorded); the
 * registry notes what the directory held, for its NOT_FOUND messages. */
static guint load_dir(KeyactRegistry *registry, const char *dir, KeyactLoadFlags flags)
{
    g_autofree char *why = NULL;
    g_autoptr(GPtrArray) files = plugin_files(dir, &why);
    guint loaded = 0;

    if (files == NULL) {
        keyact_host_registry_searched(registry, dir, why);
        return 0;
    }
    for (guint f = 0; f < files->len; f++) {
        g_autoptr(GError) error = NULL;
        if (keyact_registry_load(registry, g_ptr_array_index(files, f), flags, &error))
            loaded++;
        else
            g_warning("skipping plugin: %s", error->message);
    }
    g_autofree char *found = files->len == 0 ? g_strdup("no *.so file")
        : loaded == files->len ? g_strdup_printf("%u loaded", loaded)
        : g_strdup_printf("%u loaded, %u refused", loaded, files->len - loaded);
    keyact_host_registry_searched(registry, dir, found);
    return loaded;
}

KEYACT_HOST_API guint keyact_registry_load_search_path(KeyactRegistry *registry,
                                                      KeyactLoadFlags flags)
{
    g_return_val_if_fail(registry != NULL, 0);

    guint loaded = 0;
    g_autoptr(GPtrArray) dirs = search_dirs(TRUE);

    for (guint d = 0; d < dirs->len; d++)
        loaded += load_dir(registry, g_ptr_array_index(dirs, d), flags);
    return loaded;
}

KEYACT_HOST_API guint keyact_registry_load_dir(KeyactRegistry *registry, const char *dir,
                                              KeyactLoadFlags flags)
{
    g_return_val_if_fail(registry != NULL, 0);
    g_return_val_if_fail(dir != NULL, 0);

    if (!g_path_is_absolute(dir)) {
        g_warning("not loading plugins from \"%s\": only full paths are searched", dir);
        return 0;
    }
    g_autofree char *canonical = g_canonicalize_filename(dir, NULL);
    return load_dir(registry, canonical, flags);
}
