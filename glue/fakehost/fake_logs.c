/* SPDX-License-Identifier: MIT */
/* fake_logs.c - reading the FakeHost's event and call logs. */
#include "fake_host_private.h"

#include "keyact-host.h"

static const char *const fake_call_names[FAKE_CALL_KIND_COUNT] = {
    [FAKE_CALL_LIBRARY_SIZE] = "library_size",
    [FAKE_CALL_LIBRARY_CARD] = "library_card",
    [FAKE_CALL_MOVE_CARD] = "move_card",
    [FAKE_CALL_DESCRIBE_CARD] = "describe_card",
    [FAKE_CALL_CAN_CAST_FACE] = "can_cast_face",
    [FAKE_CALL_CHOOSE] = "choose",
    [FAKE_CALL_CAST_FREE] = "cast_free",
    [FAKE_CALL_RANDOM_BELOW] = "random_below",
    [FAKE_CALL_LIBRARY_CARDS] = "library_cards",
    [FAKE_CALL_DESCRIBE_CARDS] = "describe_cards",
    [FAKE_CALL_APPLY_STEPS] = "apply_steps",
    [FAKE_CALL_RANDOM_BELOW_EACH] = "random_below_each",
};

const char *fake_call_kind_name(FakeCallKind kind)
{
    return (guint)kind < FAKE_CALL_KIND_COUNT ? fake_call_names[kind] : "unknown";
}

const char *fake_event_type_name(uint32_t type)
{
    const char *name = keyact_event_type_name(type);
    return name != NULL ? name : "UNKNOWN";
}

void fake_host_reset_logs(FakeHost *host)
{
    host->n_events = 0;
    host->n_calls = 0;
    for (guint i = 0; i < FAKE_CALL_KIND_COUNT; i++)
        host->call_counts[i] = 0;
    host->log_count = 0;
    host->dropped = 0;
    host->offered_faces = 0;
    host->n_last_options = 0;
    host->breach = (FakeBreachRecord){ 0 };
    host->fault_fired = FALSE;
    host->n_moves = 0;
    host->n_actions = 0;
    host->unnumbered_calls = 0;
}

const keyact_event *fake_host_events(const FakeHost *host, guint *out_count)
{
    *out_count = MIN(host->n_events, host->events_capacity);
    return host->events;
}

void fake_host_set_quiet(FakeHost *host, gboolean quiet)
{
    host->quiet = quiet;
}

const FakeCallKind *fake_host_calls(const FakeHost *host, guint *out_count)
{
    *out_count = host->quiet ? 0 : MIN(host->n_calls, host->calls_capacity);
    return host->calls;
}

guint fake_host_call_count(const FakeHost *host, FakeCallKind kind)
{
    return (guint)kind < FAKE_CALL_KIND_COUNT ? host->call_counts[kind] : 0;
}

guint fake_host_log_count(const FakeHost *host)
{
    return host->log_count;
}

guint fake_host_log_dropped(const FakeHost *host)
{
    return host->dropped;
}

uint32_t fake_host_offered_faces(const FakeHost *host)
{
    return host->offered_faces;
}

const keyact_option *fake_host_last_options(const FakeHost *host, guint *out_count)
{
    *out_count = MIN(host->n_last_options, FAKE_MAX_OPTIONS);
    return host->last_options;
}

char *fake_host_format_calls(const FakeHost *host)
{
    GString *text = g_string_new(NULL);
    guint n;
    const FakeCallKind *calls = fake_host_calls(host, &n);
    for (guint i = 0; i < n; i++)
        g_string_append_printf(text, "%s%s", i ? " " : "", fake_call_kind_name(calls[i]));
    return g_string_free(text, FALSE);
}

char *fake_host_format_events(const FakeHost *host)
{
    GString *text = g_string_new(NULL);
    guint n;
    const keyact_event *events = fake_host_events(host, &n);
    for (guint i = 0; i < n; i++)
        g_string_append_printf(text, "%s%s", i ? " " : "", fake_event_type_name(events[i].type));
    return g_string_free(text, FALSE);
}

guint fake_host_total_calls(const FakeHost *host)
{
    return host->n_calls + host->unnumbered_calls;
}

const FakeAction *fake_host_actions(const FakeHost *host, guint *out_count)
{
    *out_count = host->quiet ? 0 : MIN(host->n_actions, host->actions_capacity);
    return host->actions;
}

static const char *fake_zone_to_name(uint32_t zone)
{
    switch (zone) {
    case KEYACT_ZONE_LIBRARY: return "LIBRARY";
    case KEYACT_ZONE_EXILE: return "EXILE";
    case KEYACT_ZONE_HAND: return "HAND";
    default: return "ZONE?";
    }
}

char *fake_host_format_actions(const FakeHost *host)
{
    GString *text = g_string_new(NULL);
    guint n;
    const FakeAction *actions = fake_host_actions(host, &n);
    for (guint i = 0; i < n; i++) {
        const FakeAction *action = &actions[i];
        switch (action->kind) {
        case FAKE_ACTION_MOVE:
            g_string_append_printf(text, "move %" G_GUINT64_FORMAT " %s %" G_GUINT32_FORMAT "\n",
                                   action->card, fake_zone_to_name(action->a), action->b);
            break;
        case FAKE_ACTION_EVENT:
            g_string_append_printf(text, "event %s %" G_GUINT64_FORMAT " %" G_GUINT32_FORMAT "\n",
                                   fake_event_type_name(action->a), action->card, action->b);
            break;
        case FAKE_ACTION_DRAW:
            g_string_append_printf(text, "draw %" G_GUINT32_FORMAT " -> %" G_GUINT32_FORMAT "\n",
                                   action->a, action->b);
            break;
        }
    }
    return g_string_free(text, FALSE);
}
