/* SPDX-License-Identifier: MIT */
/* report.c - the list of check results. */
#include "check-private.h"

static void check_item_free(gpointer data)
{
    KeyactCheckItem *item = data;
    g_free(item->name);
    g_free(item->reason);
    g_ptr_array_unref(item->details);
    g_free(item);
}

KeyactCheckReport *check_report_new(const char *path)
{
    KeyactCheckReport *report = g_new0(KeyactCheckReport, 1);
    report->path = g_strdup(path);
    report->items = g_ptr_array_new_with_free_func(check_item_free);
    return report;
}

void keyact_check_report_free(KeyactCheckReport *report)
{
    if (report == NULL)
        return;
    g_free(report->path);
    g_ptr_array_unref(report->items);
    g_free(report);
}

KeyactCheckItem *check_report_add(KeyactCheckReport *report, const char *name,
                                  KeyactCheckStatus status, const char *reason)
{
    KeyactCheckItem *item = g_new0(KeyactCheckItem, 1);
    item->name = g_strdup(name);
    item->status = status;
    item->reason = g_strdup(reason != NULL ? reason : "");
    item->details = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(report->items, item);
    return item;
}

KeyactCheckItem *check_report_addf(KeyactCheckReport *report, const char *name,
                                   KeyactCheckStatus status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *reason = g_strdup_vprintf(format, args);
    va_end(args);
    return check_report_add(report, name, status, reason);
}

void check_item_add_detail(KeyactCheckItem *item, const char *detail)
{
    g_ptr_array_add(item->details, g_strdup(detail));
}

const char *check_status_name(KeyactCheckStatus status)
{
    switch (status) {
    case KEYACT_CHECK_PASS: return "pass";
    case KEYACT_CHECK_FAIL: return "fail";
    case KEYACT_CHECK_SKIP: return "skip";
    }
    return "fail";
}

gboolean keyact_check_report_passed(const KeyactCheckReport *report)
{
    if (report->items->len == 0)
        return FALSE;
    for (guint i = 0; i < report->items->len; i++) {
        const KeyactCheckItem *item = g_ptr_array_index(report->items, i);
        if (item->status != KEYACT_CHECK_PASS)
            return FALSE;
    }
    return TRUE;
}
