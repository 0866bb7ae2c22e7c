/* SPDX-License-Identifier: MIT */
/* kc_contract.c - the host-call contract a resolve keeps, case by case.
 *
 * The rulings (kc_check.c) judge where the cards end; this judges how the
 * plugin asked for it, from what the fake host saw (glue/fakehost/contract.c):
 * exile moves carry KEYACT_MOVE_REVEAL, choose comes only with a castable
 * face, and offers the castable faces in face order with the decline option
 * last. Whether a card is described before or after it is exiled is free.
 */
#include "conformance.h"
#include "kc_names.h"

gboolean kc_contract_check(const KcCase *c, const KcGame *game, GError **error)
{
    const FakeBreachRecord *breach = fake_host_first_breach(game->host);
    if (breach == NULL)
        return TRUE;

    g_autofree char *card = kc_card_name(game, breach->card);
    g_autofree char *what = NULL;
    if (breach->breach == FAKE_BREACH_EXILE_NOT_REVEALED) {
        what = g_strdup_printf("%s moved to exile without KEYACT_MOVE_REVEAL", card);
    } else {
        guint kept = MIN(breach->n_options, G_N_ELEMENTS(breach->options));
        g_autofree char *options = kc_option_list(game, breach->card, breach->options, kept);
        what = g_strdup_printf("choose for %s offered %s%s", card, options,
                               kept < breach->n_options ? ", ..." : "");
    }
    g_set_error(error, KC_ERROR, KC_ERROR_MISMATCH, "%s: %s (host call %u); the contract: %s",
                c->name, what, breach->call, fake_breach_rule(breach->breach));
    return FALSE;
}

gboolean kc_contract_run(const KcCase *c, const keyact_action *action, void *plugin_ctx,
                         GError **error)
{
    g_auto(KcGame) game;
    kc_game_init(&game, c, g_str_hash(c->name));
    FakeResolve res;
    kc_game_resolve(&game, c, action, plugin_ctx, &res);
    return kc_contract_check(c, &game, error);
}
