/* SPDX-License-Identifier: MIT */
/* warnings.c - the libraries' warnings in keyact's words: one line each,
 * "keyact list: warning: MESSAGE", instead of GLib's
 * "keyact-host-WARNING **: 10:00:00.000: MESSAGE". A command that reports
 * refused plugins itself (keyact list) holds the warnings back while it
 * loads and then drops the ones its report already says.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"

/* The domains whose warnings a user of the command may see. */
static const char *const domains[] = {
    "keyact-host", "keyact-carddb", "keyact-refhost", "keyact", "keyact-validate",
};

/* Held messages (char*), or NULL when printing at once. */
static GPtrArray *held;

static void print_warning(const char *message)
{
    fprintf(stderr, "%s: warning: %s\n", g_get_prgname(), message);
}

static void on_warning(const char *domain, GLogLevelFlags level, const char *message,
                       gpointer data)
{
    (void)domain;
    (void)level;
    (void)data;
    if (held != NULL)
        g_ptr_array_add(held, g_strdup(message));
    else
        print_warning(message);
}

void keyact_cli_warnings_install(void)
{
    for (guint i = 0; i < G_N_ELEMENTS(domains); i++)
        g_log_set_handler(domains[i], G_LOG_LEVEL_WARNING, on_warning, NULL);
}

void keyact_cli_warnings_hold(void)
{
    if (held == NULL)
        held = g_ptr_array_new_with_free_func(g_free);
}

/* Whether `message` says what `registry` recorded as a refusal. */
static gboolean is_about_refusal(KeyactRegistry *registry, const char *message)
{
    for (guint i = 0; registry != NULL && i < keyact_registry_get_n_refused(registry); i++) {
        const GError *reason = NULL;
        keyact_registry_get_refused(registry, i, &reason);
        if (strstr(message, reason->message) != NULL)
            return TRUE;
    }
    return FALSE;
}

void keyact_cli_warnings_release(KeyactRegistry *reported)
{
    g_autoptr(GPtrArray) messages = g_steal_pointer(&held);
    for (guint i = 0; messages != NULL && i < messages->len; i++) {
        const char *message = g_ptr_array_index(messages, i);
        if (!is_about_refusal(reported, message))
            print_warning(message);
    }
}
