/* SPDX-License-Identifier: MIT */
/* isolated_resolve.c - the proxy's blocking resolve: the request, the
 * host calls it makes (isolated_calls.c), the result copied back; and the
 * end of any isolated resolve whose helper was lost: the cards the host's
 * answers left in exile, stranded, and one line that names the plugin.
 */
#include <string.h>

#include "isolated.h"

/* A result mirrored from the helper, aligned. */
typedef union {
    guint8 raw[KI_MAX_STRUCT];
    keyact_resolve_result result;
    guint64 align;
} ResultMirror;

void iso_start_request(IsoHelper *helper, KiMessageType type, const IsoAction *action,
                       const keyact_host *host, const keyact_resolve_args *args)
{
    iso_record_reset(&helper->record);
    ki_writer_start(&helper->out, type);
    ki_put_u32(&helper->out, action->index);
    iso_put_shape(&helper->out, host);
    ki_put_struct(&helper->out, args, sizeof *args);
}

void iso_put_result(KiWriter *writer, const keyact_resolve_result *result)
{
    ki_put_struct(writer, result, sizeof *result);
    ki_put_u8(writer, result->stranded != NULL);
}

gboolean iso_get_result(KiReader *done, keyact_resolve_result *result)
{
    ResultMirror mirror;
    guint32 got = ki_get_struct(done, mirror.raw);
    guint32 n = ki_get_count(done, KI_MAX_COUNT, sizeof(keyact_card_id));
    const guint8 *ids = ki_get_bytes(done, (gsize)n * sizeof(keyact_card_id));

    if (done->failed)
        return FALSE;
    if (got < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return ki_reader_fail(done, "a result shorter than ABI 1.0's");
    guint32 room = result->stranded != NULL ? result->stranded_capacity : 0u;
    if (n > room || n > mirror.result.stranded_count)
        return ki_reader_fail(done, "more stranded cards than the result has room for or counts");
    /* Everything the plugin writes, within the caller's struct; the
     * stranded buffer and its capacity stay the caller's. */
    keyact_card_id *stranded = result->stranded;
    guint32 capacity = result->stranded_capacity;
    gsize size = MIN((gsize)got, MIN((gsize)result->struct_size, sizeof *result));
    memcpy(result, mirror.raw, size);
    result->stranded = stranded;
    result->stranded_capacity = capacity;
    if (n > 0)
        memcpy(stranded, ids, (gsize)n * sizeof(keyact_card_id));
    return TRUE;
}

int32_t iso_fail_resolve(IsoAction *action, const keyact_host *host, const char *what,
                         const char *during, const IsoRecord *record,
                         keyact_resolve_result *result)
{
    guint capacity = result->stranded != NULL ? result->stranded_capacity : 0u;
    guint stranded = record->cards != NULL
                         ? iso_record_stranded(record, result->stranded, capacity) : 0u;

    /* As a plugin's own failure leaves it (action.h): not complete, every
     * card in exile listed. */
    result->outcome = KEYACT_OUTCOME_NONE;
    result->discovered = KEYACT_CARD_NONE;
    result->mana_value_halves = 0;
    result->face_cast = KEYACT_FACE_NONE;
    result->exiled_count = record->cards != NULL ? record->cards->len : 0u;
    result->bottomed_count = record->bottomed;
    result->flags = 0;
    result->stranded_count = stranded;

    g_autofree char *line = g_strdup_printf(
        "isolated plugin %s (%s): %s during %s; the resolve failed with KEYACT_E_PLUGIN, "
        "%u card%s left in exile (stranded)", action->plugin->path, action->action.impl_id,
        what != NULL ? what : "its helper was lost", during, stranded, stranded == 1 ? "" : "s");
    g_warning("%s", line);
    /* The engine's own log hears it too, where it has one. */
    if (host != NULL && host->log != NULL)
        host->log(host, KEYACT_LOG_ERROR, line);
    return KEYACT_E_PLUGIN;
}

int32_t iso_resolve(IsoAction *action, const keyact_host *host, const keyact_resolve_args *args,
                    keyact_resolve_result *result)
{
    if (host == NULL || args == NULL || result == NULL ||
        host->struct_size < KEYACT_HOST_SIZE_1_0 ||
        args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0 ||
        result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0)
        return KEYACT_E_INVAL;

    IsoPlugin *iso = action->plugin;
    g_autofree char *why = NULL;
    IsoHelper *helper = iso_plugin_lease(iso, &why);
    if (helper == NULL) {
        IsoRecord none = { 0 };
        return iso_fail_resolve(action, host, why, "a resolve", &none, result);
    }

    KiReader done;
    iso_start_request(helper, KI_MSG_RESOLVE, action, host, args);
    iso_put_result(&helper->out, result);
    int32_t status = KEYACT_E_PLUGIN;
    if (iso_exchange(helper, KI_MSG_RESOLVE, host, &helper->record, &done)) {
        status = ki_get_i32(&done);
        gboolean ok = iso_get_result(&done, result);
        helper->cpu_ns = ki_get_u64(&done);
        if (!ok || !ki_reader_done(&done))
            iso_helper_violation(helper, "a RESOLVE answer that does not decode: %s", done.why);
    }
    if (helper->lost)
        status = iso_fail_resolve(action, host, helper->what, "a resolve", &helper->record,
                                  result);
    iso_plugin_release(iso, helper);
    return status;
}
