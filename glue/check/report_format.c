/* SPDX-License-Identifier: MIT */
/* report_format.c - a check report for people (text) and for CI (JSON). */
#include <json-glib/json-glib.h>

#include "check-private.h"

char *keyact_check_report_format_text(const KeyactCheckReport *report)
{
    GString *out = g_string_new(NULL);
    guint width = 0, failed = 0, skipped = 0;

    for (guint i = 0; i < report->items->len; i++) {
        const KeyactCheckItem *item = g_ptr_array_index(report->items, i);
        width = MAX(width, (guint)strlen(item->name));
    }
    g_string_append_printf(out, "keyact check %s\n", report->path);
    for (guint i = 0; i < report->items->len; i++) {
        const KeyactCheckItem *item = g_ptr_array_index(report->items, i);
        g_string_append_printf(out, "  %s  %-*s  %s\n", check_status_name(item->status),
                               (int)width, item->name, item->reason);
        /* Details explain a failure; a pass needs no more than its line. */
        if (item->status != KEYACT_CHECK_PASS) {
            for (guint d = 0; d < item->details->len; d++)
                g_string_append_printf(out, "        %s\n",
                                       (const char *)g_ptr_array_index(item->details, d));
        }
        failed += item->status == KEYACT_CHECK_FAIL;
        skipped += item->status == KEYACT_CHECK_SKIP;
    }
    if (keyact_check_report_passed(report))
        g_string_append_printf(out, "PASS: all %u checks passed\n", report->items->len);
    else
        g_string_append_printf(out, "FAIL: %u of %u checks failed, %u skipped\n", failed,
                               report->items->len, skipped);
    return g_string_free(out, FALSE);
}

char *keyact_check_report_format_json(const KeyactCheckReport *report)
{
    g_autoptr(JsonBuilder) builder = json_builder_new();

    json_builder_begin_object(builder);
    json_builder_set_member_name(builder, "plugin");
    json_builder_add_string_value(builder, report->path);
    json_builder_set_member_name(builder, "passed");
    json_builder_add_boolean_value(builder, keyact_check_report_passed(report));
    json_builder_set_member_name(builder, "checks");
    json_builder_begin_array(builder);
    for (guint i = 0; i < report->items->len; i++) {
        const KeyactCheckItem *item = g_ptr_array_index(report->items, i);
        json_builder_begin_object(builder);
        json_builder_set_member_name(builder, "name");
        json_builder_add_string_value(builder, item->name);
        json_builder_set_member_name(builder, "status");
        json_builder_add_string_value(builder, check_status_name(item->status));
        json_builder_set_member_name(builder, "reason");
        json_builder_add_string_value(builder, item->reason);
        json_builder_set_member_name(builder, "details");
        json_builder_begin_array(builder);
        for (guint d = 0; d < item->details->len; d++)
            json_builder_add_string_value(builder, g_ptr_array_index(item->details, d));
        json_builder_end_array(builder);
        json_builder_end_object(builder);
    }
    json_builder_end_array(builder);
    json_builder_end_object(builder);

    g_autoptr(JsonNode) root = json_builder_get_root(builder);
    g_autoptr(JsonGenerator) generator = json_generator_new();
    json_generator_set_pretty(generator, TRUE);
    json_generator_set_root(generator, root);
    g_autofree char *text = json_generator_to_data(generator, NULL);
    return g_strconcat(text, "\n", NULL);
}
