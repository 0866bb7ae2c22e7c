/* SPDX-License-Identifier: MIT */
/* scenario-check.c - run a command and check what it printed.
 *
 *   scenario-check expect EXPECTED.json -- COMMAND...
 *       COMMAND must exit 0 and print a JSON document equal to EXPECTED.json
 *       (compared structurally: member order and number spelling don't
 *       matter). A mismatch prints every differing path.
 *   scenario-check fails STATUS SUBSTRING -- COMMAND...
 *       COMMAND must exit with STATUS, print nothing on stdout, and print
 *       one line on stderr that contains SUBSTRING.
 *   scenario-check prints SUBSTRING -- COMMAND...
 *       COMMAND must exit 0 and print SUBSTRING on stdout.
 *   scenario-check needs-file PATH MODE ARGS... -- COMMAND...
 *       When PATH (the shared card pool) does not exist, skip (exit 77,
 *       meson's skip code) saying so; otherwise run MODE as above.
 *   scenario-check compare EXPECTED.json ACTUAL.json
 *       Compare two files.
 *   scenario-check --subst NAME=VALUE ... MODE ...
 *       Before comparing, replace each "@NAME@" in EXPECTED.json with VALUE
 *       (as JSON string text): what depends on the build, like the plugin
 *       file's path in "implementations" or the project version.
 *
 * Exit: 0 pass, 1 fail, 77 skip, 99 usage error.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#define EXIT_PASS 0
#define EXIT_FAIL 1
#define EXIT_SKIP 77
#define EXIT_USAGE 99

/* Differences shown before the rest are only counted. */
#define MAX_SHOWN 40

typedef struct {
    guint count;
    GString *report;
} Diff;

/* --subst NAME=VALUE pairs, as given. */
static GPtrArray *substitutions;

/* `text` with each @NAME@ replaced by its VALUE, escaped for a JSON string. */
static char *substitute(const char *text)
{
    g_autoptr(GString) out = g_string_new(text);
    for (guint i = 0; substitutions != NULL && i < substitutions->len; i++) {
        const char *pair = g_ptr_array_index(substitutions, i);
        const char *equals = strchr(pair, '=');
        g_autofree char *name = g_strndup(pair, (gsize)(equals - pair));
        g_autofree char *key = g_strdup_printf("@%s@", name);
        g_autoptr(GString) value = g_string_new(equals + 1);
        g_string_replace(value, "\\", "\\\\", 0);
        g_string_replace(value, "\"", "\\\"", 0);
        g_string_replace(out, key, value->str, 0);
    }
    return g_string_free(g_steal_pointer(&out), FALSE);
}

static char *node_text(JsonNode *node)
{
    if (node == NULL)
        return g_strdup("(absent)");
    return json_to_string(node, FALSE);
}

static void add_diff(Diff *diff, const char *path, JsonNode *expected, JsonNode *actual)
{
    diff->count++;
    if (diff->count > MAX_SHOWN)
        return;
    g_autofree char *e = node_text(expected);
    g_autofree char *a = node_text(actual);
    g_string_append_printf(diff->report, "  at %s:\n    expected %s\n    actual   %s\n",
                           *path != '\0' ? path : "(root)", e, a);
}

static gboolean is_number(JsonNode *node)
{
    if (!JSON_NODE_HOLDS_VALUE(node))
        return FALSE;
    GType type = json_node_get_value_type(node);
    return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static double number_of(JsonNode *node)
{
    return json_node_get_value_type(node) == G_TYPE_INT64 ? (double)json_node_get_int(node)
                                                          : json_node_get_double(node);
}

static void compare(Diff *diff, const char *path, JsonNode *expected, JsonNode *actual);

static void compare_objects(Diff *diff, const char *path, JsonObject *e, JsonObject *a)
{
    g_autoptr(GList) e_members = json_object_get_members(e);
    for (GList *l = e_members; l != NULL; l = l->next) {
        g_autofree char *child = g_strdup_printf("%s.%s", path, (const char *)l->data);
        compare(diff, child, json_object_get_member(e, l->data), json_object_get_member(a, l->data));
    }
    g_autoptr(GList) a_members = json_object_get_members(a);
    for (GList *l = a_members; l != NULL; l = l->next) {
        if (!json_object_has_member(e, l->data)) {
            g_autofree char *child = g_strdup_printf("%s.%s", path, (const char *)l->data);
            add_diff(diff, child, NULL, json_object_get_member(a, l->data));
        }
    }
}

static void compare_arrays(Diff *diff, const char *path, JsonArray *e, JsonArray *a)
{
    guint n_e = json_array_get_length(e), n_a = json_array_get_length(a);
    for (guint i = 0; i < MAX(n_e, n_a); i++) {
        g_autofree char *child = g_strdup_printf("%s[%u]", path, i);
        compare(diff, child, i < n_e ? json_array_get_element(e, i) : NULL,
                i < n_a ? json_array_get_element(a, i) : NULL);
    }
}

static void compare(Diff *diff, const char *path, JsonNode *expected, JsonNode *actual)
{
    if (expected == NULL || actual == NULL) {
        add_diff(diff, path, expected, actual);
        return;
    }
    if (JSON_NODE_HOLDS_OBJECT(expected) && JSON_NODE_HOLDS_OBJECT(actual)) {
        compare_objects(diff, path, json_node_get_object(expected), json_node_get_object(actual));
        return;
    }
    if (JSON_NODE_HOLDS_ARRAY(expected) && JSON_NODE_HOLDS_ARRAY(actual)) {
        compare_arrays(diff, path, json_node_get_array(expected), json_node_get_array(actual));
        return;
    }
    /* 2 and 2.0 are the same number. */
    if (is_number(expected) && is_number(actual)) {
        if (number_of(expected) != number_of(actual))
            add_diff(diff, path, expected, actual);
        return;
    }
    if (!json_node_equal(expected, actual))
        add_diff(diff, path, expected, actual);
}

static JsonNode *parse(const char *text, gssize length, const char *label, GError **error)
{
    g_autoptr(JsonParser) parser = json_parser_new();
    if (!json_parser_load_from_data(parser, text, length, error)) {
        g_prefix_error(error, "%s: ", label);
        return NULL;
    }
    JsonNode *root = json_parser_get_root(parser);
    if (root == NULL) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: empty document", label);
        return NULL;
    }
    return json_node_copy(root);
}

static int compare_texts(const char *expected_path, const char *actual_text, gssize actual_length,
                         const char *actual_label)
{
    g_autofree char *expected_text = NULL;
    gsize expected_length = 0;
    g_autoptr(GError) error = NULL;
    if (!g_file_get_contents(expected_path, &expected_text, &expected_length, &error)) {
        g_printerr("cannot read the expected output: %s\n", error->message);
        return EXIT_FAIL;
    }
    (void)expected_length;
    g_autofree char *expected_substituted = substitute(expected_text);
    g_autoptr(JsonNode) expected = parse(expected_substituted, -1, expected_path, &error);
    if (expected == NULL) {
        g_printerr("%s\n", error->message);
        return EXIT_FAIL;
    }
    g_autoptr(JsonNode) actual = parse(actual_text, actual_length, actual_label, &error);
    if (actual == NULL) {
        g_printerr("%s\n", error->message);
        return EXIT_FAIL;
    }
    Diff diff = { 0, g_string_new(NULL) };
    compare(&diff, "", expected, actual);
    if (diff.count == 0) {
        g_string_free(diff.report, TRUE);
        printf("ok: %s matches %s\n", actual_label, expected_path);
        return EXIT_PASS;
    }
    g_printerr("MISMATCH: %s differs from %s in %u place%s:\n%s", actual_label, expected_path,
               diff.count, diff.count == 1 ? "" : "s", diff.report->str);
    if (diff.count > MAX_SHOWN)
        g_printerr("  ... and %u more\n", diff.count - MAX_SHOWN);
    g_string_free(diff.report, TRUE);
    return EXIT_FAIL;
}

typedef struct {
    char *out;
    char *err;
    int status;     /* exit status, or -1 when killed by a signal */
} RunResult;

static gboolean run(char **argv, RunResult *result)
{
    g_autoptr(GError) error = NULL;
    int wait_status = 0;
    if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &result->out, &result->err,
                      &wait_status, &error)) {
        g_printerr("cannot run %s: %s\n", argv[0], error->message);
        return FALSE;
    }
    result->status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    return TRUE;
}

static char *command_line(char **argv)
{
    return g_strjoinv(" ", argv);
}

static int mode_expect(const char *expected_path, char **command)
{
    RunResult r = { 0 };
    if (!run(command, &r))
        return EXIT_FAIL;
    g_autofree char *out = r.out, *err = r.err;
    g_autofree char *cmd = command_line(command);
    if (r.status != 0) {
        g_printerr("FAIL: `%s` exited with %d, expected 0; stderr:\n%s", cmd, r.status, err);
        return EXIT_FAIL;
    }
    if (*err != '\0')
        g_printerr("note: stderr of `%s`:\n%s", cmd, err);
    return compare_texts(expected_path, out, -1, cmd);
}

static guint count_lines(const char *text)
{
    guint n = 0;
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip(lines[i]) != '\0')
            n++;
    return n;
}

static int mode_fails(const char *status_text, const char *substring, char **command)
{
    guint64 status = 0;
    if (!g_ascii_string_to_unsigned(status_text, 10, 0, 255, &status, NULL)) {
        g_printerr("bad STATUS \"%s\"\n", status_text);
        return EXIT_USAGE;
    }
    RunResult r = { 0 };
    if (!run(command, &r))
        return EXIT_FAIL;
    g_autofree char *out = r.out, *err = r.err;
    g_autofree char *cmd = command_line(command);
    gboolean ok = TRUE;
    if (r.status != (int)status) {
        g_printerr("FAIL: `%s` exited with %d, expected %d\n", cmd, r.status, (int)status);
        ok = FALSE;
    }
    if (*out != '\0') {
        g_printerr("FAIL: `%s` printed on stdout:\n%s\n", cmd, out);
        ok = FALSE;
    }
    if (strstr(err, substring) == NULL) {
        g_printerr("FAIL: stderr of `%s` lacks \"%s\"\n", cmd, substring);
        ok = FALSE;
    }
    if (count_lines(err) != 1) {
        g_printerr("FAIL: `%s` should print one line on stderr, not %u\n", cmd, count_lines(err));
        ok = FALSE;
    }
    g_printerr("stderr: %s", err);
    if (ok)
        printf("ok: `%s` exited %d with the message above\n", cmd, (int)status);
    return ok ? EXIT_PASS : EXIT_FAIL;
}

static int mode_prints(const char *substring, char **command)
{
    RunResult r = { 0 };
    if (!run(command, &r))
        return EXIT_FAIL;
    g_autofree char *out = r.out, *err = r.err;
    g_autofree char *cmd = command_line(command);
    if (r.status != 0) {
        g_printerr("FAIL: `%s` exited with %d, expected 0; stderr:\n%s", cmd, r.status, err);
        return EXIT_FAIL;
    }
    if (strstr(out, substring) == NULL) {
        g_printerr("FAIL: stdout of `%s` lacks \"%s\"; it was:\n%s", cmd, substring, out);
        return EXIT_FAIL;
    }
    printf("ok: `%s` printed \"%s\"\n", cmd, substring);
    return EXIT_PASS;
}

/* argv after the mode's own arguments must be "--" COMMAND... */
static char **command_after(int argc, char **argv, int first)
{
    if (first >= argc || strcmp(argv[first], "--") != 0 || first + 1 >= argc)
        return NULL;
    return argv + first + 1;
}

static int usage(void)
{
    g_printerr("usage: scenario-check [--subst NAME=VALUE]... MODE ...\n"
               "       scenario-check expect EXPECTED -- COMMAND...\n"
               "       scenario-check fails STATUS SUBSTRING -- COMMAND...\n"
               "       scenario-check prints SUBSTRING -- COMMAND...\n"
               "       scenario-check needs-file PATH (expect|fails|prints) ARGS... -- COMMAND...\n"
               "       scenario-check compare EXPECTED ACTUAL\n");
    return EXIT_USAGE;
}

static int dispatch(int argc, char **argv, int at)
{
    if (at >= argc)
        return usage();
    const char *mode = argv[at];
    if (strcmp(mode, "expect") == 0 && at + 1 < argc) {
        char **command = command_after(argc, argv, at + 2);
        return command != NULL ? mode_expect(argv[at + 1], command) : usage();
    }
    if (strcmp(mode, "fails") == 0 && at + 2 < argc) {
        char **command = command_after(argc, argv, at + 3);
        return command != NULL ? mode_fails(argv[at + 1], argv[at + 2], command) : usage();
    }
    if (strcmp(mode, "prints") == 0 && at + 1 < argc) {
        char **command = command_after(argc, argv, at + 2);
        return command != NULL ? mode_prints(argv[at + 1], command) : usage();
    }
    if (strcmp(mode, "needs-file") == 0 && at + 1 < argc) {
        if (!g_file_test(argv[at + 1], G_FILE_TEST_EXISTS)) {
            printf("SKIP: the shared card pool is not beside this clone (%s is absent; "
                   "CI and the development tree have ../shared/carddata)\n", argv[at + 1]);
            return EXIT_SKIP;
        }
        return dispatch(argc, argv, at + 2);
    }
    if (strcmp(mode, "compare") == 0 && at + 2 < argc) {
        g_autofree char *actual = NULL;
        g_autoptr(GError) error = NULL;
        if (!g_file_get_contents(argv[at + 2], &actual, NULL, &error)) {
            g_printerr("%s\n", error->message);
            return EXIT_FAIL;
        }
        return compare_texts(argv[at + 1], actual, -1, argv[at + 2]);
    }
    return usage();
}

int main(int argc, char **argv)
{
    int at = 1;
    substitutions = g_ptr_array_new();
    while (at + 1 < argc && strcmp(argv[at], "--subst") == 0) {
        const char *equals = strchr(argv[at + 1], '=');
        if (equals == NULL || equals == argv[at + 1])
            return usage();
        g_ptr_array_add(substitutions, argv[at + 1]);
        at += 2;
    }
    int status = dispatch(argc, argv, at);
    g_ptr_array_free(substitutions, TRUE);
    return status;
}
