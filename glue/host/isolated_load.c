/* SPDX-License-Identifier: MIT */
/* isolated_load.c - an isolated load: the first helper opens the plugin,
 * and what it reports of the entry is checked here exactly as
 * keyact_host_check_entry() checks an entry in this process (the same code,
 * on an entry rebuilt from the report: same refusals, same messages), then
 * negotiation, init and the sandbox, each on the parent's word. The
 * plugin the caller gets has the library's proxy entry and actions.
 *
 * Every string of the report must be UTF-8 of a sane length: they end up
 * in messages, lists and engines' logs.
 */
#include <string.h>

#include "isolated.h"
#include "ki_facts.h"

G_STATIC_ASSERT(KI_FACT_MAX_ACTIONS == KEYACT_HOST_MAX_ACTIONS);

/* Longest string of an entry (ids, names, descriptions). */
#define MAX_ENTRY_STRING 4096u

/* Stand-ins for the plugin's functions in a rebuilt entry: only NULL or
 * not matters to the checks, and they are never called. */
static int32_t absent_negotiate(const keyact_version *o, uint32_t n, keyact_version *c)
{
    (void)o; (void)n; (void)c;
    return KEYACT_E_NOTSUP;
}
static int32_t absent_init(const keyact_version *v, const char *p, void **c)
{
    (void)v; (void)p; (void)c;
    return KEYACT_E_NOTSUP;
}
static void absent_deinit(void *c)
{
    (void)c;
}
static const void *absent_extension(void *c, const char *id)
{
    (void)c; (void)id;
    return NULL;
}
static int32_t absent_resolve(void *c, const keyact_host *h, const keyact_resolve_args *a,
                              keyact_resolve_result *r)
{
    (void)c; (void)h; (void)a; (void)r;
    return KEYACT_E_NOTSUP;
}

/* What OPEN said of the entry, rebuilt. */
typedef struct {
    struct keyact_plugin_entry entry;
    keyact_action *actions;
    const keyact_action **list;
    gboolean *stepped;        /* per action: a stepped resolve the library may use */
    guint32 *state_sizes;
    GPtrArray *strings;       /* owned copies */
} Facts;

static void facts_clear(Facts *facts)
{
    g_free(facts->actions);
    g_free(facts->list);
    g_free(facts->stepped);
    g_free(facts->state_sizes);
    if (facts->strings != NULL)
        g_ptr_array_unref(facts->strings);
    memset(facts, 0, sizeof *facts);
}

/* A string of the report, copied; NULL stays NULL. FALSE when it is not
 * UTF-8 or too long (the reader is failed with why). */
static gboolean get_text(KiReader *reader, Facts *facts, const char **out)
{
    gboolean present;
    const char *text = ki_get_string(reader, &present);

    *out = NULL;
    if (reader->failed || !present)
        return !reader->failed;
    if (strlen(text) > MAX_ENTRY_STRING || !g_utf8_validate(text, -1, NULL))
        return ki_reader_fail(reader, "a string of its entry is not UTF-8 of at most 4096 bytes");
    char *copy = g_strdup(text);
    g_ptr_array_add(facts->strings, copy);
    *out = copy;
    return TRUE;
}

static void get_action(KiReader *reader, Facts *facts, guint i)
{
    keyact_action *action = &facts->actions[i];

    facts->list[i] = NULL;
    if (!ki_get_bool(reader))
        return;
    facts->list[i] = action;
    action->struct_size = ki_get_u32(reader);
    if (action->struct_size < KEYACT_ACTION_SIZE_1_0)
        return;
    get_text(reader, facts, &action->name);
    get_text(reader, facts, &action->impl_id);
    get_text(reader, facts, &action->description);
    action->resolve = ki_get_bool(reader) ? absent_resolve : NULL;
    if (!ki_get_bool(reader))
        return;
    guint32 size = ki_get_u32(reader);
    guint32 align = ki_get_u32(reader);
    guint8 members = ki_get_u8(reader);
    /* What stepped.c requires before it calls a plugin's stepped resolve. */
    guint8 all = KI_FACT_BEGIN | KI_FACT_STEP | KI_FACT_ANSWER | KI_FACT_ABANDON;
    facts->stepped[i] = members == all && size > 0 && align > 0 &&
                        align <= KEYACT_RESOLVE_STATE_ALIGN && (align & (align - 1u)) == 0;
    facts->state_sizes[i] = size;
}

static gboolean read_entry(KiReader *reader, Facts *facts)
{
    struct keyact_plugin_entry *entry = &facts->entry;

    facts->strings = g_ptr_array_new_with_free_func(g_free);
    entry->struct_size = ki_get_u32(reader);
    entry->abi_major = ki_get_u32(reader);
    entry->abi_minor = ki_get_u32(reader);
    if (!ki_get_bool(reader))
        return ki_reader_done(reader);
    entry->action_count = ki_get_u32(reader);
    get_text(reader, facts, &entry->plugin_id);
    get_text(reader, facts, &entry->plugin_version);
    guint8 members = ki_get_u8(reader);
    entry->negotiate = (members & KI_FACT_NEGOTIATE) ? absent_negotiate : NULL;
    entry->init = (members & KI_FACT_INIT) ? absent_init : NULL;
    entry->deinit = (members & KI_FACT_DEINIT) ? absent_deinit : NULL;
    entry->get_extension = (members & KI_FACT_GET_EXTENSION) ? absent_extension : NULL;
    if (reader->failed || !(members & KI_FACT_ACTIONS) ||
        entry->action_count > KI_FACT_MAX_ACTIONS)
        return ki_reader_done(reader);
    guint n = entry->action_count;
    facts->actions = g_new0(keyact_action, MAX(n, 1u));
    facts->list = g_new0(const keyact_action *, MAX(n, 1u));
    facts->stepped = g_new0(gboolean, MAX(n, 1u));
    facts->state_sizes = g_new0(guint32, MAX(n, 1u));
    entry->actions = facts->list;
    for (guint i = 0; i < n && !reader->failed; i++)
        get_action(reader, facts, i);
    return ki_reader_done(reader);
}

/* "plugin PATH (isolated): WHAT during STEP". */
static void lost_during(GError **error, const IsoPlugin *iso, const IsoHelper *helper,
                        const char *step)
{
    g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                "plugin %s (isolated): its helper %s during %s", iso->path,
                helper->what != NULL ? helper->what : "was lost", step);
}

/* A text the helper sent for a message: valid UTF-8, printable, short. */
static char *sanitized(const char *text)
{
    g_autofree char *valid = g_utf8_make_valid(text != NULL ? text : "", -1);
    GString *out = g_string_new(NULL);
    for (const char *p = valid; *p != '\0' && out->len < 512; p = g_utf8_next_char(p)) {
        gunichar c = g_utf8_get_char(p);
        g_string_append_unichar(out, g_unichar_iscntrl(c) ? '?' : c);
    }
    return g_string_free(out, FALSE);
}

/* OPEN: the helper's start-up, the dlopen and the entry's facts. */
static gboolean open_plugin(IsoPlugin *iso, IsoHelper *helper, Facts *facts, GBytes **out_raw,
                            GError **error)
{
    KiReader done;
    gboolean present;

    ki_writer_start(&helper->out, KI_MSG_OPEN);
    ki_put_string(&helper->out, iso->open_path);
    if (!iso_exchange(helper, KI_MSG_OPEN, NULL, NULL, &done)) {
        lost_during(error, iso, helper, "dlopen (the plugin's constructors)");
        return FALSE;
    }
    guint32 result = ki_get_u32(&done);
    if (result == KI_OPEN_STARTUP_FAILED) {
        g_autofree char *step = sanitized(ki_get_string(&done, &present));
        int err = ki_get_i32(&done);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s (isolated): the helper could not set up its sandbox before "
                    "loading the plugin (%s: %s); the plugin was not loaded", iso->path, step,
                    g_strerror(err));
        iso_helper_kill(helper, "could not start");
        return FALSE;
    }
    if (result == KI_OPEN_DLOPEN_FAILED) {
        g_autofree char *why = sanitized(ki_get_string(&done, &present));
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_OPEN,
                    "plugin %s could not be opened: %s", iso->path, why);
        iso_helper_kill(helper, "could not open the plugin");
        return FALSE;
    }
    if (result == KI_OPEN_NO_ENTRY) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NO_ENTRY,
                    "plugin %s exports no %s symbol; it is not a keyact plugin", iso->path,
                    KEYACT_PLUGIN_ENTRY_SYMBOL);
        iso_helper_kill(helper, "found no entry");
        return FALSE;
    }
    if (result != KI_OPEN_OK) {
        iso_helper_violation(helper, "an OPEN answer of kind %u", result);
        lost_during(error, iso, helper, "dlopen");
        return FALSE;
    }
    if (!ki_get_bool(&done))
        g_debug("plugin %s (isolated): this kernel has no Landlock: while it loads, the plugin "
                "may read what the engine's user can read", iso->path);
    gsize at = done.at;
    if (!read_entry(&done, facts)) {
        iso_helper_violation(helper, "its report of the entry: %s", done.why);
        lost_during(error, iso, helper, "dlopen");
        return FALSE;
    }
    *out_raw = g_bytes_new(done.data + at, done.length - at);
    return TRUE;
}

static gboolean negotiate(IsoPlugin *iso, IsoHelper *helper, const Facts *facts,
                          keyact_version *out, GError **error)
{
    guint n = 0;
    const keyact_version *offered = keyact_host_lib_versions(&n);
    KiReader done;

    ki_writer_start(&helper->out, KI_MSG_NEGOTIATE);
    ki_put_u32(&helper->out, n);
    for (guint i = 0; i < n; i++) {
        ki_put_u32(&helper->out, offered[i].major);
        ki_put_u32(&helper->out, offered[i].minor);
    }
    if (!iso_exchange(helper, KI_MSG_NEGOTIATE, NULL, NULL, &done)) {
        lost_during(error, iso, helper, "negotiate");
        return FALSE;
    }
    int32_t status = ki_get_i32(&done);
    keyact_version chosen = { ki_get_u32(&done), ki_get_u32(&done) };
    if (!ki_reader_done(&done)) {
        iso_helper_violation(helper, "a NEGOTIATE answer that does not decode: %s", done.why);
        lost_during(error, iso, helper, "negotiate");
        return FALSE;
    }
    return keyact_host_check_negotiated(iso->path, &facts->entry, status, chosen, out, error);
}

static gboolean init_plugin(IsoPlugin *iso, IsoHelper *helper, const Facts *facts,
                            keyact_version version, GError **error)
{
    KiReader done;

    ki_writer_start(&helper->out, KI_MSG_INIT);
    ki_put_u32(&helper->out, version.major);
    ki_put_u32(&helper->out, version.minor);
    ki_put_string(&helper->out, iso->path);
    if (!iso_exchange(helper, KI_MSG_INIT, NULL, NULL, &done)) {
        lost_during(error, iso, helper, "init");
        return FALSE;
    }
    int32_t status = ki_get_i32(&done);
    if (!ki_reader_done(&done)) {
        iso_helper_violation(helper, "an INIT answer that does not decode: %s", done.why);
        lost_during(error, iso, helper, "init");
        return FALSE;
    }
    if (status != KEYACT_OK) {
        keyact_host_init_failed(iso->path, &facts->entry, version, status, error);
        return FALSE;
    }
    return TRUE;
}

/* SANDBOX: the filter, then what get_extension answers for the rules. */
static gboolean sandbox(IsoPlugin *iso, IsoHelper *helper, GBytes **out_rules, GError **error)
{
    KiReader done;
    gboolean present;

    ki_writer_start(&helper->out, KI_MSG_SANDBOX);
    if (!iso_exchange(helper, KI_MSG_SANDBOX, NULL, NULL, &done)) {
        lost_during(error, iso, helper, "the sandbox's set-up and get_extension");
        return FALSE;
    }
    if (!ki_get_bool(&done)) {
        g_autofree char *step = sanitized(ki_get_string(&done, &present));
        int err = ki_get_i32(&done);
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s (isolated): the kernel refused its sandbox (%s: %s); the "
                    "plugin was not loaded: it never runs unsandboxed", iso->path, step,
                    g_strerror(err));
        iso_helper_kill(helper, "had no sandbox");
        return FALSE;
    }
    gsize at = done.at;
    if (ki_get_bool(&done)) {
        ki_get_u32(&done);
        ki_get_u8(&done);
    }
    if (!ki_reader_done(&done)) {
        iso_helper_violation(helper, "a SANDBOX answer that does not decode: %s", done.why);
        lost_during(error, iso, helper, "the sandbox's set-up");
        return FALSE;
    }
    *out_rules = g_bytes_new(done.data + at, done.length - at);
    return TRUE;
}

/* A later helper answered otherwise than the first: the plugin changed. */
static IsoHelper *differs(IsoPlugin *iso, IsoHelper *helper, const char *what, GError **error)
{
    iso_helper_violation(helper, "a new helper's %s differs from the first helper's", what);
    lost_during(error, iso, helper, "its load");
    iso_helper_free(helper);
    return NULL;
}

static gboolean same_bytes(GBytes *a, GBytes *b)
{
    return a != NULL && b != NULL && g_bytes_equal(a, b);
}

IsoHelper *iso_plugin_start_helper(IsoPlugin *iso, GError **error)
{
    IsoHelper *helper = iso_helper_spawn(iso, iso->helper_path, error);
    if (helper == NULL)
        return NULL;

    Facts facts = { 0 };
    g_autoptr(GBytes) raw = NULL;
    g_autoptr(GBytes) rules = NULL;
    keyact_version version = { 0u, 0u };
    gboolean first = iso->facts == NULL;
    gboolean ok = open_plugin(iso, helper, &facts, &raw, error);
    if (ok && first)
        ok = keyact_host_check_entry(iso->path, &facts.entry, error);
    else if (ok && !same_bytes(raw, iso->facts))
        return facts_clear(&facts), differs(iso, helper, "report of the entry", error);
    ok = ok && negotiate(iso, helper, &facts, &version, error);
    if (ok && !first && (version.major != iso->version.major ||
                         version.minor != iso->version.minor))
        return facts_clear(&facts), differs(iso, helper, "negotiated version", error);
    ok = ok && init_plugin(iso, helper, &facts, version, error);
    ok = ok && sandbox(iso, helper, &rules, error);
    if (ok && !first && !same_bytes(rules, iso->rules_facts))
        return facts_clear(&facts), differs(iso, helper, "rules extension", error);
    if (!ok) {
        facts_clear(&facts);
        iso_helper_free(helper);
        return NULL;
    }
    if (first) {
        iso->facts = g_bytes_ref(raw);
        iso->rules_facts = g_bytes_ref(rules);
        iso->version = version;
        /* The proxies, from the first helper's facts. */
        iso->plugin_id = g_strdup(facts.entry.plugin_id);
        iso->plugin_version = g_strdup(facts.entry.plugin_version);
        iso->entry.struct_size = sizeof iso->entry;
        iso->entry.abi_major = facts.entry.abi_major;
        iso->entry.abi_minor = facts.entry.abi_minor;
        iso->entry.action_count = facts.entry.action_count;
        iso->entry.plugin_id = iso->plugin_id;
        iso->entry.plugin_version = iso->plugin_version;
        if (!iso_actions_init(iso, facts.list, facts.stepped, facts.state_sizes,
                              facts.entry.action_count, error) ||
            !iso_rules_setup(iso, rules, error)) {
            facts_clear(&facts);
            iso_helper_free(helper);
            return NULL;
        }
    }
    facts_clear(&facts);
    return helper;
}
