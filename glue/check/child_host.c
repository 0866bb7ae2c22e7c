/* SPDX-License-Identifier: MIT */
/* child_host.c - the steps through the real host library: "host-load"
 * (keyact_plugin_load and unload twice) and "conformance" (every case of
 * glue/conformance, through the fake host with its RNG seeded, for each
 * "discover" or "cascade" action of the second load: the table
 * kc_cases_for_action gives for its name, and for discover also the
 * random-order ruling over many seeds), once on a 1.0 host (the plugin
 * negotiated at 1.0, a 1.0 table) and once on a 1.1 host (the host
 * library's context, a 1.1 table with the batched calls); and "conformance
 * contract" (the same cases, judged on how the plugin called the host).
 *
 * With --isolated both load the plugin isolated: the cases run in its
 * sandboxed helper, and the "1.0 host" is a 1.0 table handed to the
 * isolated load (a helper negotiates the newest version both speak, as
 * every isolated load does; the 1.0 negotiation itself is the "negotiate"
 * step's). Item names end in ", isolated".
 */
#include <string.h>

#include "check-private.h"
#include "conformance.h"
#include "keyact-host.h"

/* ---- host-load ---- */

static const char *host_error_name(const GError *error)
{
    static const char *const names[] = {
        "OPEN", "NO_ENTRY", "STRUCT_SIZE", "ABI_MAJOR", "NEGOTIATE", "MISSING_MEMBER",
        "INIT", "DUPLICATE", "NOT_FOUND", "UNSAFE_FILE", "INVALID", "RESOLVE", "ISOLATION",
    };
    if (error->domain != KEYACT_HOST_ERROR || error->code < 0
        || (gsize)error->code >= G_N_ELEMENTS(names))
        return "UNKNOWN";
    return names[error->code];
}

void check_child_step_host_load(CheckChild *child)
{
    if (child->module != NULL) {
        /* Lifecycle did not run to its end: close the raw load here, so the
         * host library's loads really load the file again. */
        check_wire_begin(child->wire, "host-load", "dlclose");
        g_module_close(child->module);
        child->module = NULL;
    }
    for (guint round = 1; round <= 2; round++) {
        g_autoptr(GError) error = NULL;
        g_autofree char *what = g_strdup_printf("keyact_plugin_load #%u", round);
        check_wire_begin(child->wire, "host-load", what);
        KeyactPlugin *plugin = keyact_plugin_load(
            child->path, child->isolated ? KEYACT_LOAD_ISOLATED : KEYACT_LOAD_DEFAULT, &error);
        if (plugin == NULL) {
            check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, "host-load",
                             "libkeyact-host refuses it (KEYACT_HOST_ERROR_%s): %s",
                             host_error_name(error), error->message);
            return;
        }
        if (round == 2) {
            child->plugin = plugin;
            break;
        }
        check_wire_begin(child->wire, "host-load", "keyact_plugin_unload #1");
        keyact_plugin_unload(plugin);
    }
    keyact_version version = keyact_plugin_get_version(child->plugin);
    check_wire_itemf(child->wire, KEYACT_CHECK_PASS, "host-load",
                     "libkeyact-host loaded it twice%s (negotiated %u.%u, %u action%s)",
                     child->isolated ? ", isolated in its sandboxed helper" : "",
                     version.major, version.minor, keyact_plugin_get_n_actions(child->plugin),
                     keyact_plugin_get_n_actions(child->plugin) == 1 ? "" : "s");
}

/* ---- conformance ---- */

/* Every case for `action` with the context `ctx` on a host table of
 * `kind`, resolved `way`: one item, "conformance IMPL (1.0 host)" or
 * "conformance IMPL (1.2 host, stepped)". */
static void run_cases(CheckChild *child, const keyact_action *action, void *ctx,
                      KcHostKind kind, KcWay way, const KcCase *cases, guint n_cases)
{
    guint failed = 0;
    g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *name = g_strdup_printf("conformance %s (%s%s%s)", action->impl_id,
                                            kc_host_kind_name(kind), kc_way_name(way),
                                            child->isolated ? ", isolated" : "");

    for (guint i = 0; i < n_cases; i++) {
        g_autoptr(GError) error = NULL;
        g_autofree char *what = g_strdup_printf("%s, case %s", name, cases[i].name);
        check_wire_begin(child->wire, "conformance", what);
        if (!kc_case_run_way(&cases[i], kind, way, action, ctx, &error)) {
            failed++;
            g_ptr_array_add(failures, g_strdup(error->message));
        }
    }
    /* Discover's random bottom order: one more case, run over many seeds.
     * (Its library is built for discover's "<= N"; cascade's order is
     * measured by tests/cascade.) */
    if (strcmp(action->name, "discover") == 0) {
        g_autoptr(GError) random_error = NULL;
        g_autofree char *random_what =
            g_strdup_printf("%s, case %s", name, kc_random_order_case()->name);
        check_wire_begin(child->wire, "conformance", random_what);
        if (!kc_random_order_run_way(kind, way, action, ctx, &random_error)) {
            failed++;
            g_ptr_array_add(failures, g_strdup(random_error->message));
        }
        n_cases++;
    }

    if (failed == 0) {
        check_wire_itemf(child->wire, KEYACT_CHECK_PASS, name, "all %u cases pass", n_cases);
        return;
    }
    check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, name, "%u of %u cases fail", failed,
                     n_cases);
    for (guint i = 0; i < failures->len; i++)
        check_wire_detail(child->wire, g_ptr_array_index(failures, i));
}

/* The plugin as a 1.0 host has it: negotiated with the offer {1.0} alone
 * and given a context of its own for that version (beside the host
 * library's, which negotiated the newest both speak). NULL, with
 * *out_status, when it will not speak 1.0. */
static void *init_for_1_0(const CheckChild *child, int32_t *out_status)
{
    const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(child->plugin);
    const keyact_version offered = { KEYACT_ABI_MAJOR, 0 };
    keyact_version chosen = { 0, 0 };
    void *ctx = NULL;

    *out_status = entry->negotiate(&offered, 1, &chosen);
    if (*out_status == KEYACT_OK && (chosen.major != offered.major || chosen.minor != 0))
        *out_status = KEYACT_E_VERSION;
    if (*out_status == KEYACT_OK)
        *out_status = entry->init(&chosen, child->path, &ctx);
    return *out_status == KEYACT_OK ? ctx : NULL;
}

/* The host-call contract over the same cases (kc_contract_run): one item
 * per action, "conformance contract IMPL_ID", so a plugin that ends every
 * case right but asks the host the wrong way fails a check of its own. */
static void run_contract(CheckChild *child, const keyact_action *action, const KcCase *cases,
                         guint n_cases)
{
    guint failed = 0;
    void *ctx = keyact_plugin_get_context(child->plugin);
    g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *name = g_strdup_printf("conformance contract %s%s", action->impl_id,
                                            child->isolated ? " (isolated)" : "");

    for (guint i = 0; i < n_cases; i++) {
        g_autoptr(GError) error = NULL;
        g_autofree char *what = g_strdup_printf("%s, case %s", name, cases[i].name);
        check_wire_begin(child->wire, "conformance", what);
        if (!kc_contract_run(&cases[i], action, ctx, &error)) {
            failed++;
            g_ptr_array_add(failures, g_strdup(error->message));
        }
    }
    if (failed == 0) {
        check_wire_itemf(child->wire, KEYACT_CHECK_PASS, name,
                         "all %u cases keep the host-call contract", n_cases);
        return;
    }
    check_wire_itemf(child->wire, KEYACT_CHECK_FAIL, name,
                     "%u of %u cases break the host-call contract", failed, n_cases);
    for (guint i = 0; i < failures->len; i++)
        check_wire_detail(child->wire, g_ptr_array_index(failures, i));
}

/* Each action with rulings here, on a 1.0 host, a 1.1 host (the batched
 * calls) and a 1.2 host, blocking, and on a 1.2 host stepped: the same
 * cases must pass on each. */
void check_child_step_conformance(CheckChild *child)
{
    if (child->plugin == NULL) {
        check_child_skip(child, "conformance", "not run: libkeyact-host did not load the plugin");
        return;
    }
    const struct keyact_plugin_entry *entry = keyact_plugin_get_entry(child->plugin);
    int32_t status_1_0 = KEYACT_OK;
    void *ctx_1_0 = NULL;
    guint n_checked = 0;
    for (guint i = 0; i < keyact_plugin_get_n_actions(child->plugin); i++) {
        const keyact_action *action = keyact_plugin_get_action(child->plugin, i);
        guint n_cases = 0;
        const KcCase *cases = kc_cases_for_action(action->name, &n_cases);
        if (cases == NULL)
            continue;
        void *ctx = keyact_plugin_get_context(child->plugin);
        if (n_checked++ == 0 && !child->isolated) {
            check_wire_begin(child->wire, "conformance", "negotiate {1.0} and init for a 1.0 host");
            ctx_1_0 = init_for_1_0(child, &status_1_0);
        }
        g_autofree char *name_1_0 = g_strdup_printf("conformance %s (%s)", action->impl_id,
                                                    kc_host_kind_name(KC_HOST_1_0));
        if (child->isolated)
            run_cases(child, action, ctx, KC_HOST_1_0, KC_BLOCKING, cases, n_cases);
        else if (ctx_1_0 != NULL)
            run_cases(child, action, ctx_1_0, KC_HOST_1_0, KC_BLOCKING, cases, n_cases);
        else
            check_wire_itemf(child->wire, KEYACT_CHECK_SKIP, name_1_0,
                             "not run: offered {1.0} alone, the plugin answered %s",
                             keyact_status_name(status_1_0));
        run_cases(child, action, ctx, KC_HOST_1_1, KC_BLOCKING, cases, n_cases);
        run_cases(child, action, ctx, KC_HOST_1_2, KC_BLOCKING, cases, n_cases);
        /* The stepped resolve (ABI 1.3), every question waiting: the same
         * cases must end the same. Stepping is optional, so a plugin
         * without it passes here on its blocking runs, and is told so. */
        if (kc_action_can_step(action, ctx))
            run_cases(child, action, ctx, KC_HOST_1_2, KC_STEPPED, cases, n_cases);
        else
            check_wire_itemf(child->wire, KEYACT_CHECK_PASS,
                             "conformance stepped",
                             "%s has no stepped resolve at this load (optional, ABI 1.3): "
                             "hosts resolve it blocking only", action->impl_id);
        run_contract(child, action, cases, n_cases);
    }
    if (ctx_1_0 != NULL)
        entry->deinit(ctx_1_0);
    if (n_checked == 0)
        check_wire_item(child->wire, KEYACT_CHECK_PASS, "conformance",
                        "no discover or cascade action: no conformance cases apply");

    check_wire_begin(child->wire, "conformance", "keyact_plugin_unload #2");
    g_clear_pointer(&child->plugin, keyact_plugin_unload);
}
