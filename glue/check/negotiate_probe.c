/* SPDX-License-Identifier: MIT */
/* negotiate_probe.c - offer a plugin every kind of host it may meet.
 *
 * Hosts of this major with older and newer minors, another major, a version
 * before 1.0 and an empty offer. The rule (plugin.h, version.h): a plugin
 * answers one of the offered versions that it speaks (its own major, a minor
 * no newer than its own) and KEYACT_E_VERSION when there is none.
 */
#include <string.h>

#include "check-private.h"
#include "keyact-host.h"

static const CheckProbe probes[] = {
    { "negotiate host", { { 0 } }, 0, TRUE },
    { "negotiate 1.0", { { 1, 0 } }, 1, FALSE },
    { "negotiate 1.0-1.3", { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 } }, 4, FALSE },
    { "negotiate 1.3-1.0", { { 1, 3 }, { 1, 2 }, { 1, 1 }, { 1, 0 } }, 4, FALSE },
    { "negotiate 2.0", { { 2, 0 } }, 1, FALSE },
    { "negotiate 0.9", { { 0, 9 } }, 1, FALSE },
    { "negotiate empty", { { 0 } }, 0, FALSE },
};

const CheckProbe *check_negotiate_probes(guint *n_probes)
{
    *n_probes = G_N_ELEMENTS(probes);
    return probes;
}

static char *format_offer(const keyact_version *offered, guint n_offered)
{
    GString *text = g_string_new("{");
    for (guint i = 0; i < n_offered; i++)
        g_string_append_printf(text, "%s%u.%u", i > 0 ? ", " : "", offered[i].major,
                               offered[i].minor);
    g_string_append_c(text, '}');
    return g_string_free(text, FALSE);
}

static gboolean speaks(const struct keyact_plugin_entry *entry, keyact_version version)
{
    return version.major == entry->abi_major && version.minor <= entry->abi_minor;
}

gboolean check_negotiate_probe(const struct keyact_plugin_entry *entry, const CheckProbe *probe,
                               keyact_version *out_chosen, char **out_reason)
{
    const keyact_version *offered = probe->offered;
    guint n_offered = probe->n_offered;
    if (probe->host_offer)
        offered = keyact_host_lib_versions(&n_offered);

    gboolean usable = FALSE;
    for (guint i = 0; i < n_offered; i++)
        usable = usable || speaks(entry, offered[i]);

    /* A copy: the plugin must not be able to change the probe table. */
    keyact_version copy[G_N_ELEMENTS(probe->offered) + 8];
    n_offered = MIN(n_offered, G_N_ELEMENTS(copy));
    memcpy(copy, offered, n_offered * sizeof *copy);
    /* Poison the answer so "returned 0 without writing" shows. */
    keyact_version chosen = { G_MAXUINT32, G_MAXUINT32 };
    int32_t status = entry->negotiate(copy, n_offered, &chosen);
    *out_chosen = chosen;

    g_autofree char *offer = format_offer(offered, n_offered);
    if (!usable) {
        if (status == KEYACT_E_VERSION) {
            *out_reason = g_strdup_printf("offered %s: refused with KEYACT_E_VERSION", offer);
            return TRUE;
        }
        if (status == KEYACT_OK)
            *out_reason = g_strdup_printf("offered %s, none of which a %u.%u plugin speaks: "
                                          "answered %u.%u instead of KEYACT_E_VERSION",
                                          offer, entry->abi_major, entry->abi_minor,
                                          chosen.major, chosen.minor);
        else
            *out_reason = g_strdup_printf("offered %s: returned %s; expected KEYACT_E_VERSION",
                                          offer, keyact_status_name(status));
        return FALSE;
    }

    if (status != KEYACT_OK) {
        *out_reason = g_strdup_printf("offered %s: returned %s, though it speaks one of them",
                                      offer, keyact_status_name(status));
        return FALSE;
    }
    gboolean was_offered = FALSE;
    for (guint i = 0; i < n_offered; i++)
        was_offered = was_offered || (offered[i].major == chosen.major
                                      && offered[i].minor == chosen.minor);
    if (!was_offered) {
        *out_reason = g_strdup_printf("offered %s: answered %u.%u, which was not offered",
                                      offer, chosen.major, chosen.minor);
        return FALSE;
    }
    if (!speaks(entry, chosen)) {
        *out_reason = g_strdup_printf("offered %s: answered %u.%u, newer than the %u.%u it "
                                      "was built for", offer, chosen.major, chosen.minor,
                                      entry->abi_major, entry->abi_minor);
        return FALSE;
    }
    *out_reason = g_strdup_printf("offered %s: chose %u.%u", offer, chosen.major, chosen.minor);
    return TRUE;
}
