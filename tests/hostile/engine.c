/* SPDX-License-Identifier: MIT */
/* engine.c - a small engine for the hostile plugins.
 *
 *   keyact-hostile-engine PLUGIN GOOD_PLUGIN
 *   keyact-hostile-engine --describe PLUGIN
 *
 * One game on the fake host (two players; libraries, hands, a source on the
 * battlefield), loaded through a registry as an engine loads plugins (so
 * KEYACT_VALIDATE, KEYACT_ISOLATE and KEYACT_ISOLATE_DEADLINE_MS apply as
 * the environment sets them; the engine reads none itself). It resolves
 * "discover 3" once with PLUGIN, gives back to the library every card the
 * resolve left in exile and said so (stranded, or placed by the validation
 * layer), accounts for every card, then resolves again with GOOD_PLUGIN in
 * the same process and the same game. GOOD_PLUGIN is the control: it
 * always has the library's default deadline (GOOD_DEADLINE_MS), whatever
 * short one the environment gives PLUGIN, so a busy machine cannot fail it.
 *
 * It prints one JSON object per line, flushed, each with a "stage": a test
 * sees how far the engine got even when the plugin ended the process. The
 * plugin's log lines come as they arrive ("stage": "log"), as an engine
 * that shows its plugins' messages would print them. Exit status 0 when the
 * engine reached its end, whatever the resolves returned.
 *
 * --describe prints the plugin's implementation id and description (the
 * test's table says what each plugin tries from it).
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib.h>

#include "fake_host.h"
#include "keyact-host.h"

#define DISCOVER_N 3
#define GOOD_DEADLINE_MS 5000u /* the library's default (keyact-host.h) */
#define UNSETTLED_CAPACITY 64u

/* ---- JSON lines ---- */

/* Bytes as a JSON string: printable ASCII as is, every other byte as
 * \u00XX, so a name the plugin scribbled over still prints. */
static void json_string(GString *out, const char *s)
{
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)(s != NULL ? s : ""); *p != 0; p++) {
        if (*p == '"' || *p == '\\')
            g_string_append_printf(out, "\\%c", *p);
        else if (*p >= 0x20 && *p < 0x7f)
            g_string_append_c(out, (char)*p);
        else
            g_string_append_printf(out, "\\u%04x", *p);
    }
    g_string_append_c(out, '"');
}

static void emit(GString *line)
{
    g_string_append(line, "}\n");
    fputs(line->str, stdout);
    fflush(stdout);
    g_string_free(line, TRUE);
}

static GString *begin_line(const char *stage)
{
    GString *line = g_string_new("{\"stage\": ");
    json_string(line, stage);
    return line;
}

static void add_ids(GString *line, const char *key, const keyact_card_id *ids, guint n)
{
    g_string_append_printf(line, ", \"%s\": [", key);
    for (guint i = 0; i < n; i++)
        g_string_append_printf(line, "%s%" G_GUINT64_FORMAT, i > 0 ? ", " : "", ids[i]);
    g_string_append_c(line, ']');
}

static void add_status(GString *line, const char *key, int32_t status)
{
    g_string_append_printf(line, ", \"%s\": ", key);
    json_string(line, keyact_status_name(status));
}

static void add_peak_rss(GString *line)
{
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    g_string_append_printf(line, ", \"peak_rss_kib\": %ld", usage.ru_maxrss);
}

/* ---- the game ---- */

#define PLAYER_ME 1u
#define PLAYER_OTHER 2u

typedef struct {
    keyact_player_id owner;
    FakeZone zone;
    const char *name;
    const char *cost;   /* NULL: a land */
} CardSetup;

/* Long land names: a plugin that writes into a name has room to write. */
static const CardSetup game_cards[] = {
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Secluded Courtyard of the Archivist Guild", NULL },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Overgrown Causeway of the Drowned Kingdom", NULL },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Shattered Observatory Beneath the Glass Peak", NULL },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Shock", "{R}" },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Grizzly Bears", "{1}{G}" },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Hill Giant", "{3}{R}" },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Forest", NULL },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Opt", "{U}" },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Llanowar Elves", "{G}" },
    { PLAYER_ME, FAKE_ZONE_LIBRARY, "Island", NULL },
    { PLAYER_ME, FAKE_ZONE_HAND, "Counterspell", "{U}{U}" },
    { PLAYER_ME, FAKE_ZONE_HAND, "Giant Growth", "{G}" },
    { PLAYER_ME, FAKE_ZONE_BATTLEFIELD, "Geological Appraiser", "{2}{R}{R}" },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Mountain", NULL },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Lightning Bolt", "{R}" },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Swamp", NULL },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Duress", "{B}" },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Plains", NULL },
    { PLAYER_OTHER, FAKE_ZONE_LIBRARY, "Serra Angel", "{3}{W}{W}" },
    { PLAYER_OTHER, FAKE_ZONE_HAND, "Doom Blade", "{1}{B}" },
};
#define N_CARDS G_N_ELEMENTS(game_cards)
#define SOURCE_CARD ((keyact_card_id)13) /* Geological Appraiser */

static FakeHost *build_game(void)
{
    FakeHost *host = fake_host_new(7, 2);
    for (guint i = 0; i < N_CARDS; i++) {
        const CardSetup *c = &game_cards[i];
        FakeCardSpec spec = {
            .layout = KEYACT_LAYOUT_NORMAL,
            .face_count = 1,
            .faces = { { .name = c->name, .mana_cost = c->cost,
                         .flags = c->cost == NULL ? KEYACT_FACE_LAND : 0 } },
        };
        keyact_card_id id = fake_host_add_card(host, c->owner, c->zone, &spec);
        g_assert(id == i + 1);
    }
    fake_host_set_batched(host, FAKE_BATCHED_ALL);
    fake_host_set_card_zone(host, TRUE);
    fake_host_set_seed(host, 31);
    return host;
}

/* ---- the host table: the fake host's, with a log an engine shows ---- */

static void engine_log(const keyact_host *host, int32_t level, const char *message)
{
    (void)host;
    GString *line = begin_line("log");
    g_string_append_printf(line, ", \"level\": %d, \"message\": ", level);
    json_string(line, message);
    emit(line);
}

/* ---- loading ---- */

static const char *host_error_name(gint code)
{
    switch (code) {
    case KEYACT_HOST_ERROR_OPEN: return "OPEN";
    case KEYACT_HOST_ERROR_NO_ENTRY: return "NO_ENTRY";
    case KEYACT_HOST_ERROR_STRUCT_SIZE: return "STRUCT_SIZE";
    case KEYACT_HOST_ERROR_ABI_MAJOR: return "ABI_MAJOR";
    case KEYACT_HOST_ERROR_NEGOTIATE: return "NEGOTIATE";
    case KEYACT_HOST_ERROR_MISSING_MEMBER: return "MISSING_MEMBER";
    case KEYACT_HOST_ERROR_INIT: return "INIT";
    case KEYACT_HOST_ERROR_DUPLICATE: return "DUPLICATE";
    case KEYACT_HOST_ERROR_NOT_FOUND: return "NOT_FOUND";
    case KEYACT_HOST_ERROR_UNSAFE_FILE: return "UNSAFE_FILE";
    case KEYACT_HOST_ERROR_INVALID: return "INVALID";
    case KEYACT_HOST_ERROR_RESOLVE: return "RESOLVE";
    case KEYACT_HOST_ERROR_ISOLATION: return "ISOLATION";
    default: return "UNKNOWN";
    }
}

/* Load `path` into `registry` and find its discover. Prints a "load" line
 * named `stage`. */
static gboolean load_discover(KeyactRegistry *registry, const char *stage, const char *path,
                              KeyactBoundAction *out)
{
    g_autoptr(GError) error = NULL;
    GString *line = begin_line(stage);
    g_string_append(line, ", \"plugin\": ");
    json_string(line, path);
    gboolean ok = keyact_registry_load(registry, path, KEYACT_LOAD_DEFAULT, &error);
    KeyactPlugin *plugin = NULL;
    for (guint i = 0; ok && i < keyact_registry_get_n_plugins(registry); i++)
        if (g_str_equal(keyact_plugin_get_path(keyact_registry_get_plugin(registry, i)), path))
            plugin = keyact_registry_get_plugin(registry, i);
    if (ok && (plugin == NULL || keyact_plugin_get_n_actions(plugin) == 0)) {
        ok = FALSE;
        g_set_error(&error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_NOT_FOUND,
                    "the registry loaded %s but lists no action of it", path);
    }
    if (ok)
        ok = keyact_registry_lookup(registry, "discover",
                                    keyact_plugin_get_action(plugin, 0)->impl_id, out, &error);
    g_string_append_printf(line, ", \"ok\": %s", ok ? "true" : "false");
    if (ok) {
        g_string_append_printf(line, ", \"isolated\": %s",
                               keyact_plugin_is_isolated(plugin) ? "true" : "false");
        g_string_append(line, ", \"impl_id\": ");
        json_string(line, out->action->impl_id);
        g_string_append(line, ", \"description\": ");
        json_string(line, out->action->description);
    } else {
        g_string_append(line, ", \"domain\": ");
        json_string(line, g_quark_to_string(error->domain));
        g_string_append_printf(line, ", \"code\": %d, \"code_name\": ", error->code);
        json_string(line, error->domain == KEYACT_HOST_ERROR ? host_error_name(error->code)
                                                             : "");
        g_string_append(line, ", \"message\": ");
        json_string(line, error->message);
    }
    emit(line);
    return ok;
}

/* ---- resolving and accounting ---- */

static keyact_player_id owner_in(const FakeHost *host, keyact_card_id card, FakeZone zone)
{
    for (keyact_player_id p = 1; p <= fake_host_n_players(host); p++) {
        guint n = 0;
        const keyact_card_id *ids = fake_host_zone(host, p, zone, &n);
        for (guint i = 0; i < n; i++)
            if (ids[i] == card)
                return p;
    }
    return 0;
}

/* Resolve discover with `bound`; print the "resolve" line named `stage`
 * and, with `recover`, give back every card it left in exile and said so. */
static int32_t resolve_once(FakeHost *host, const keyact_host *table,
                            const KeyactBoundAction *bound, const char *stage,
                            gboolean recover)
{
    g_autoptr(FakeSnapshot) before = fake_host_snapshot(host);
    FakeResolve r;
    fake_resolve_prepare(&r, host, PLAYER_ME, DISCOVER_N, SOURCE_CARD);
    KeyactUnsettledCard unsettled[UNSETTLED_CAPACITY];
    KeyactValidationResult validation = {
        .struct_size = sizeof validation,
        .unsettled_capacity = UNSETTLED_CAPACITY,
        .unsettled = unsettled,
    };
    fake_host_reset_logs(host);
    int32_t status = keyact_bound_action_resolve_validated(bound, table, &r.args, &r.result,
                                                           &validation);
    g_autoptr(GError) error = NULL;
    gboolean conserved = fake_host_check_conservation(host, before, &r.result, &error);

    GString *line = begin_line(stage);
    add_status(line, "status", status);
    g_string_append_printf(line, ", \"complete\": %s, \"outcome\": %u, \"discovered\": %"
                           G_GUINT64_FORMAT ", \"exiled_count\": %u, \"stranded_count\": %u",
                           (r.result.flags & KEYACT_RESULT_COMPLETE) ? "true" : "false",
                           r.result.outcome, r.result.discovered, r.result.exiled_count,
                           r.result.stranded_count);
    guint listed = MIN(r.result.stranded_count, r.result.stranded_capacity);
    add_ids(line, "stranded", r.stranded, listed);
    /* action.h: stranded cards are all in exile. */
    GArray *astray = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    for (guint i = 0; i < listed; i++)
        if (owner_in(host, r.stranded[i], FAKE_ZONE_EXILE) == 0)
            g_array_append_val(astray, r.stranded[i]);
    add_ids(line, "stranded_not_in_exile", (const keyact_card_id *)(void *)astray->data,
            astray->len);
    g_array_free(astray, TRUE);
    g_string_append_printf(line, ", \"validation_reports\": %u, \"unsettled\": [",
                           validation.n_reports);
    guint n_unsettled = MIN(validation.unsettled_count, UNSETTLED_CAPACITY);
    for (guint i = 0; i < n_unsettled; i++)
        g_string_append_printf(line, "%s{\"card\": %" G_GUINT64_FORMAT ", \"zone\": %u}",
                               i > 0 ? ", " : "", unsettled[i].card, unsettled[i].zone);
    g_string_append(line, "], \"conservation\": ");
    if (conserved)
        g_string_append(line, "null");
    else
        json_string(line, error->message);
    add_peak_rss(line);
    emit(line);

    if (!recover)
        return status;
    /* The engine's own recovery: every card the resolve said it left in
     * exile goes to the bottom of its owner's library. */
    GArray *back = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    GArray *failed = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    for (guint i = 0; i < listed + n_unsettled; i++) {
        keyact_card_id card = i < listed ? r.stranded[i] : unsettled[i - listed].card;
        keyact_player_id owner = owner_in(host, card, FAKE_ZONE_EXILE);
        if (owner == 0)
            continue;
        const keyact_host *fake = fake_host_table(host);
        if (fake->move_card(fake, fake_host_game(host), owner, card, KEYACT_ZONE_LIBRARY,
                            KEYACT_LIBRARY_BOTTOM, 0) == KEYACT_OK)
            g_array_append_val(back, card);
        else
            g_array_append_val(failed, card);
    }
    line = begin_line("recover");
    add_ids(line, "moved_back", (const keyact_card_id *)(void *)back->data, back->len);
    add_ids(line, "failed", (const keyact_card_id *)(void *)failed->data, failed->len);
    emit(line);
    g_array_free(back, TRUE);
    g_array_free(failed, TRUE);
    return status;
}

/* Every card in exactly one zone, none left in exile (the game started with
 * an empty exile), and every name as the engine set it. */
static void account(const FakeHost *host)
{
    guint seen[N_CARDS + 1] = { 0 };
    GArray *in_exile = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    for (keyact_player_id p = 1; p <= fake_host_n_players(host); p++) {
        for (guint z = FAKE_ZONE_LIBRARY; z < FAKE_ZONE_COUNT; z++) {
            guint n = 0;
            const keyact_card_id *ids = fake_host_zone(host, p, (FakeZone)z, &n);
            for (guint i = 0; i < n; i++) {
                if (ids[i] >= 1 && ids[i] <= N_CARDS)
                    seen[ids[i]]++;
                if (z == FAKE_ZONE_EXILE)
                    g_array_append_val(in_exile, ids[i]);
            }
        }
    }
    GArray *not_once = g_array_new(FALSE, FALSE, sizeof(keyact_card_id));
    for (keyact_card_id c = 1; c <= N_CARDS; c++)
        if (seen[c] != 1)
            g_array_append_val(not_once, c);

    GString *line = begin_line("account");
    g_string_append_printf(line, ", \"cards\": %u", (guint)N_CARDS);
    add_ids(line, "not_in_exactly_one_zone", (const keyact_card_id *)(void *)not_once->data,
            not_once->len);
    add_ids(line, "in_exile", (const keyact_card_id *)(void *)in_exile->data, in_exile->len);
    g_string_append(line, ", \"names_changed\": [");
    guint changed = 0;
    for (keyact_card_id c = 1; c <= N_CARDS; c++) {
        const keyact_card_desc *desc = fake_host_card_desc(host, c);
        const char *now = desc != NULL ? desc->faces[0]->name : NULL;
        if (now != NULL && strcmp(now, game_cards[c - 1].name) == 0)
            continue;
        g_string_append_printf(line, "%s{\"card\": %" G_GUINT64_FORMAT ", \"was\": ",
                               changed++ > 0 ? ", " : "", c);
        json_string(line, game_cards[c - 1].name);
        g_string_append(line, ", \"now\": ");
        json_string(line, now);
        g_string_append_c(line, '}');
    }
    g_string_append_c(line, ']');
    emit(line);
    g_array_free(in_exile, TRUE);
    g_array_free(not_once, TRUE);
}

static int describe(const char *path)
{
    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    KeyactBoundAction bound;
    return load_discover(registry, "describe", path, &bound) ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && g_str_equal(argv[1], "--describe"))
        return describe(argv[2]);
    if (argc != 3 || argv[1][0] != '/' || argv[2][0] != '/') {
        g_printerr("usage: keyact-hostile-engine PLUGIN GOOD_PLUGIN (full paths)\n"
                   "       keyact-hostile-engine --describe PLUGIN\n");
        return 2;
    }
    GString *line = begin_line("start");
    g_string_append_printf(line, ", \"pid\": %ld", (long)getpid());
    emit(line);

    g_autoptr(FakeHost) host = build_game();
    keyact_host table = *fake_host_table(host);
    table.log = engine_log;

    g_autoptr(KeyactRegistry) registry = keyact_registry_new();
    KeyactBoundAction hostile, good;
    if (load_discover(registry, "load", argv[1], &hostile))
        resolve_once(host, &table, &hostile, "resolve", TRUE);
    account(host);
    /* Later loads only; isolate stays as KEYACT_ISOLATE says. */
    KeyactIsolation control = { .struct_size = sizeof control,
                                .deadline_ms = GOOD_DEADLINE_MS };
    keyact_registry_set_isolation(registry, &control);
    if (load_discover(registry, "good-load", argv[2], &good)) {
        resolve_once(host, &table, &good, "good", FALSE);
        account(host);
    }
    line = begin_line("end");
    add_peak_rss(line);
    emit(line);
    return 0;
}
