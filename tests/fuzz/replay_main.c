/* SPDX-License-Identifier: MIT */
/* replay_main.c - run a fuzz target's input function over corpus files
 * without libFuzzer: each argument is a file or a directory of files.
 * Prints one line per input so a failure names the file that caused it. */
#include "fuzz_target.h"

#include <stdio.h>
#include <string.h>

#include <glib.h>

static gboolean replay_file(const char *path, guint *count)
{
    g_autofree char *data = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;

    if (!g_file_get_contents(path, &data, &length, &error)) {
        fprintf(stderr, "cannot read %s: %s\n", path, error->message);
        return FALSE;
    }
    printf("replay %s (%zu bytes)\n", path, (size_t)length);
    fflush(stdout);
    /* A copy of exactly `length` bytes, so reading past the end is caught
     * by the sanitizers as it would be under libFuzzer (which also passes
     * a valid pointer for an empty input). */
    g_autofree uint8_t *copy = g_malloc(length > 0 ? length : 1);
    if (length > 0)
        memcpy(copy, data, length);
    LLVMFuzzerTestOneInput(copy, length);
    (*count)++;
    return TRUE;
}

/* g_ptr_array_sort passes pointers to the elements. */
static gint compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static gboolean replay_path(const char *path, guint *count)
{
    if (!g_file_test(path, G_FILE_TEST_IS_DIR))
        return replay_file(path, count);

    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) dir = g_dir_open(path, 0, &error);
    if (dir == NULL) {
        fprintf(stderr, "cannot open %s: %s\n", path, error->message);
        return FALSE;
    }
    /* Sorted, so a run is repeatable. */
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL)
        g_ptr_array_add(names, g_strdup(name));
    g_ptr_array_sort(names, compare_names);
    for (guint i = 0; i < names->len; i++) {
        g_autofree char *child = g_build_filename(path, g_ptr_array_index(names, i), NULL);
        if (!replay_path(child, count))
            return FALSE;
    }
    return TRUE;
}

int main(int argc, char **argv)
{
    guint count = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (!replay_path(argv[i], &count))
            return 1;
    if (count == 0) {
        fprintf(stderr, "no corpus inputs found\n");
        return 1;
    }
    printf("replayed %u inputs, no check failed\n", count);
    return 0;
}
