/* SPDX-License-Identifier: MIT */
/* isolated_settings.c - when a load is isolated and with which limits:
 * KEYACT_ISOLATE, KEYACT_ISOLATE_DEADLINE_MS, and the public settings and
 * queries (keyact-host.h, "isolated plugins"). */
#include "isolated.h"

#define ISOLATE_VARIABLE "KEYACT_ISOLATE"
#define DEADLINE_VARIABLE "KEYACT_ISOLATE_DEADLINE_MS"

gboolean iso_environment_isolates(void)
{
    const char *value = g_getenv(ISOLATE_VARIABLE);

    if (value == NULL || value[0] == '\0' || g_str_equal(value, "0") ||
        g_ascii_strcasecmp(value, "false") == 0 || g_ascii_strcasecmp(value, "no") == 0 ||
        g_ascii_strcasecmp(value, "off") == 0)
        return FALSE;
    if (!g_str_equal(value, "1") && g_ascii_strcasecmp(value, "true") != 0 &&
        g_ascii_strcasecmp(value, "yes") != 0 && g_ascii_strcasecmp(value, "on") != 0)
        /* An operator who set it meant something: fail closed. */
        g_warning("%s=%s: write 1 (or true, yes) to isolate plugins, 0 (or false, no, off) "
                  "not to; isolating them", ISOLATE_VARIABLE, value);
    return TRUE;
}

static guint deadline_from_environment(void)
{
    const char *value = g_getenv(DEADLINE_VARIABLE);
    guint64 ms = 0;

    if (value == NULL || value[0] == '\0')
        return ISO_DEFAULT_DEADLINE_MS;
    if (!g_ascii_string_to_unsigned(value, 10, 1, G_MAXINT32, &ms, NULL)) {
        g_warning("%s=%s: not a number of milliseconds from 1 to %d; using %u",
                  DEADLINE_VARIABLE, value, G_MAXINT32, ISO_DEFAULT_DEADLINE_MS);
        return ISO_DEFAULT_DEADLINE_MS;
    }
    return (guint)ms;
}

IsoLimits iso_limits_resolve(const KeyactIsolation *isolation)
{
    IsoLimits limits = {
        .deadline_ms = isolation != NULL ? isolation->deadline_ms : 0u,
        .memory_bytes = isolation != NULL ? isolation->memory_bytes : 0u,
        .cpu_seconds = isolation != NULL ? isolation->cpu_seconds : 0u,
    };

    if (limits.deadline_ms == 0)
        limits.deadline_ms = deadline_from_environment();
    if (limits.memory_bytes == 0)
        limits.memory_bytes = ISO_DEFAULT_MEMORY_BYTES;
    if (limits.cpu_seconds == 0)
        limits.cpu_seconds = ISO_DEFAULT_CPU_SECONDS;
    return limits;
}

KEYACT_HOST_API gboolean keyact_plugin_is_isolated(const KeyactPlugin *plugin)
{
    g_return_val_if_fail(plugin != NULL, FALSE);
    return plugin->isolated != NULL;
}

KEYACT_HOST_API gboolean keyact_plugin_get_isolation_stats(const KeyactPlugin *plugin,
                                                           KeyactIsolationStats *stats)
{
    g_return_val_if_fail(plugin != NULL, FALSE);
    g_return_val_if_fail(stats != NULL && stats->struct_size >= sizeof *stats, FALSE);

    IsoPlugin *iso = plugin->isolated;
    if (iso == NULL)
        return FALSE;
    stats->helpers_started = (guint)g_atomic_int_get(&iso->helpers_started);
    stats->helpers_lost = (guint)g_atomic_int_get(&iso->helpers_lost);
    stats->requests = ISO_READ(iso->requests);
    stats->messages_to_helper = ISO_READ(iso->sent);
    stats->messages_from_helper = ISO_READ(iso->received);
    return TRUE;
}
