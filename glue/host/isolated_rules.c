/* SPDX-License-Identifier: MIT */
/* isolated_rules.c - an isolated plugin's rules extension (keyact/rules.h)
 * by proxy: each function a closure that asks a helper. Called inside a
 * host call of a resolve (the validation layer reads costs with it), it
 * asks the helper that serves the resolve, which waits for that call's
 * reply and answers it meanwhile; called anywhere else, it takes a helper
 * as a resolve does. Its functions take no context, so the closures are
 * how a call knows its plugin.
 */
#include <string.h>

#include "isolated.h"
#include "ki_facts.h"

static ffi_cif cifs[3];

static gpointer prepare_cifs(gpointer unused)
{
    static ffi_type *two_outs[3] = { &ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer };
    static ffi_type *options[4] = { &ffi_type_pointer, &ffi_type_sint32, &ffi_type_pointer,
                                    &ffi_type_pointer };
    (void)unused;
    if (ffi_prep_cif(&cifs[KI_RULES_MANA_VALUE], FFI_DEFAULT_ABI, 3, &ffi_type_sint32,
                     two_outs) != FFI_OK ||
        ffi_prep_cif(&cifs[KI_RULES_CARD_MANA_VALUE], FFI_DEFAULT_ABI, 3, &ffi_type_sint32,
                     two_outs) != FFI_OK ||
        ffi_prep_cif(&cifs[KI_RULES_DISCOVER_OPTIONS], FFI_DEFAULT_ABI, 4, &ffi_type_sint32,
                     options) != FFI_OK)
        return NULL;
    return cifs;
}

static void put_out(KiWriter *writer, const guint32 *out)
{
    ki_put_u8(writer, out != NULL);
    ki_put_u32(writer, out != NULL ? *out : 0u);
}

static void put_card(KiWriter *writer, const keyact_card_desc *card)
{
    ki_put_u8(writer, card != NULL);
    if (card != NULL)
        ki_put_desc(writer, card);
}

/* One call of `function` with libffi's `args`; the status. */
static int32_t call_rules(IsoPlugin *iso, KiRulesFunction function, void **args)
{
    guint32 *first = NULL, *second = NULL;
    g_autofree char *why = NULL;
    IsoHelper *serving = iso_serving_helper();
    gboolean nested = serving != NULL && serving->owner == iso && !serving->lost;
    IsoHelper *helper = nested ? serving : iso_plugin_lease(iso, &why);

    if (helper == NULL) {
        g_warning("isolated plugin %s: %s for its rules extension", iso->path, why);
        return KEYACT_E_PLUGIN;
    }
    ki_writer_start(&helper->out, KI_MSG_RULES);
    ki_put_u32(&helper->out, function);
    if (function == KI_RULES_MANA_VALUE) {
        ki_put_string(&helper->out, *(const char **)args[0]);
    } else {
        put_card(&helper->out, *(const keyact_card_desc **)args[0]);
        if (function == KI_RULES_DISCOVER_OPTIONS)
            ki_put_i32(&helper->out, *(int32_t *)args[1]);
    }
    guint outs = function == KI_RULES_DISCOVER_OPTIONS ? 2u : 1u;
    first = *(guint32 **)args[outs];
    second = *(guint32 **)args[outs + 1u];
    put_out(&helper->out, first);
    put_out(&helper->out, second);

    KiReader done;
    int32_t status = KEYACT_E_PLUGIN;
    if (iso_exchange(helper, KI_MSG_RULES, NULL, NULL, &done)) {
        status = ki_get_i32(&done);
        guint32 a = ki_get_u32(&done), b = ki_get_u32(&done);
        if (ki_reader_done(&done)) {
            if (first != NULL)
                *first = a;
            if (second != NULL)
                *second = b;
        } else {
            iso_helper_violation(helper, "a RULES answer that does not decode: %s", done.why);
        }
    }
    if (helper->lost) {
        g_warning("isolated plugin %s: %s during a call of its rules extension", iso->path,
                  helper->what);
        status = KEYACT_E_PLUGIN;
    }
    if (!nested)
        iso_plugin_release(iso, helper);
    return status;
}

static void handler(ffi_cif *cif, void *ret, void **args, void *data)
{
    IsoPlugin *iso = data;
    KiRulesFunction function = (KiRulesFunction)(cif - cifs);
    *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)call_rules(iso, function, args);
}

gboolean iso_rules_setup(IsoPlugin *iso, GBytes *rules_facts, GError **error)
{
    static GOnce once = G_ONCE_INIT;
    KiReader reader;
    gsize length = 0;
    const guint8 *data = g_bytes_get_data(rules_facts, &length);

    ki_reader_init(&reader, data, length);
    if (!ki_get_bool(&reader))
        return TRUE;
    guint32 size = ki_get_u32(&reader);
    guint8 members = ki_get_u8(&reader);
    if (g_once(&once, prepare_cifs, NULL) == NULL) {
        g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                    "plugin %s (isolated): libffi could not prepare its rules proxies",
                    iso->path);
        return FALSE;
    }
    iso->rules.struct_size = (uint32_t)MIN((gsize)size, sizeof iso->rules);
    static const guint8 bits[3] = { KI_FACT_MANA_VALUE, KI_FACT_CARD_MANA_VALUE,
                                    KI_FACT_DISCOVER_OPTIONS };
    void *slots[3] = { &iso->rules.mana_value, &iso->rules.card_mana_value,
                       &iso->rules.discover_options };
    for (guint i = 0; i < 3; i++) {
        if (!(members & bits[i]))
            continue;
        void *code = NULL;
        ffi_closure *closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
        if (closure == NULL ||
            ffi_prep_closure_loc(closure, &cifs[i], handler, iso, code) != FFI_OK) {
            if (closure != NULL)
                ffi_closure_free(closure);
            g_set_error(error, KEYACT_HOST_ERROR, KEYACT_HOST_ERROR_ISOLATION,
                        "plugin %s (isolated): libffi could not allocate its rules proxies",
                        iso->path);
            return FALSE;
        }
        iso->rules_closures[i] = closure;
        memcpy(slots[i], &code, sizeof code);
    }
    iso->has_rules = TRUE;
    return TRUE;
}

void iso_rules_clear(IsoPlugin *iso)
{
    for (guint i = 0; i < G_N_ELEMENTS(iso->rules_closures); i++) {
        if (iso->rules_closures[i] != NULL)
            ffi_closure_free(iso->rules_closures[i]);
        iso->rules_closures[i] = NULL;
    }
    iso->has_rules = FALSE;
}
