/* SPDX-License-Identifier: MIT */
/* contract.c - the host-call contract, judged from the host's side.
 *
 * host.h and keyact-plugin(7) (THE CALLS OF A RESOLVE) require of every
 * plugin: a move to exile carries KEYACT_MOVE_REVEAL (exiled cards are face
 * up); choose is called only when some face is castable; its options are
 * the castable faces in increasing face order, then exactly one decline
 * option, last. What they leave free (whether a card is described before
 * or after it is exiled) is not judged here. The first breach since the
 * last reset is kept, with the options that showed it, for a checker to
 * name; the call itself is answered as usual.
 */
#include "fake_host_private.h"

static gboolean fake_is_decline(uint32_t kind)
{
    return kind == KEYACT_OPTION_TO_HAND || kind == KEYACT_OPTION_TO_BOTTOM;
}

static void fake_breach(FakeHost *host, FakeBreach breach, keyact_card_id card,
                        const keyact_option *options, uint32_t option_count)
{
    if (host->breach.breach != FAKE_BREACH_NONE)
        return;
    host->breach.breach = breach;
    host->breach.card = card;
    host->breach.call = host->n_calls;
    host->breach.n_options = option_count;
    for (uint32_t i = 0; i < option_count && i < FAKE_MAX_OPTIONS; i++)
        host->breach.options[i] = options[i];
}

void fake_contract_move(FakeHost *host, keyact_card_id card, uint32_t to_zone, uint32_t flags)
{
    if (to_zone == KEYACT_ZONE_EXILE && (flags & KEYACT_MOVE_REVEAL) == 0)
        fake_breach(host, FAKE_BREACH_EXILE_NOT_REVEALED, card, NULL, 0);
}

void fake_contract_choose(FakeHost *host, keyact_card_id card, const keyact_option *options,
                          uint32_t option_count)
{
    guint casts = 0, declines = 0;
    gboolean ordered = TRUE, decline_last = option_count > 0
                                            && fake_is_decline(options[option_count - 1].kind);
    uint32_t previous_face = 0;

    for (uint32_t i = 0; i < option_count; i++) {
        if (options[i].kind == KEYACT_OPTION_CAST_FACE) {
            if (casts > 0 && options[i].face <= previous_face)
                ordered = FALSE;
            previous_face = options[i].face;
            casts++;
        } else if (fake_is_decline(options[i].kind)) {
            declines++;
        } else {
            decline_last = FALSE; /* an unknown kind: nothing a host can offer */
        }
    }
    if (casts == 0)
        fake_breach(host, FAKE_BREACH_NOTHING_CASTABLE, card, options, option_count);
    else if (declines != 1 || !decline_last)
        fake_breach(host, FAKE_BREACH_DECLINE_NOT_LAST, card, options, option_count);
    else if (!ordered)
        fake_breach(host, FAKE_BREACH_FACES_OUT_OF_ORDER, card, options, option_count);
}

const FakeBreachRecord *fake_host_first_breach(const FakeHost *host)
{
    return host->breach.breach == FAKE_BREACH_NONE ? NULL : &host->breach;
}

const char *fake_breach_rule(FakeBreach breach)
{
    switch (breach) {
    case FAKE_BREACH_NONE:
        return "none";
    case FAKE_BREACH_EXILE_NOT_REVEALED:
        return "every move to exile carries KEYACT_MOVE_REVEAL (exiled cards are face up)";
    case FAKE_BREACH_NOTHING_CASTABLE:
        return "choose is not called when no face is castable (the card goes on without a question)";
    case FAKE_BREACH_DECLINE_NOT_LAST:
        return "exactly one decline option, the last";
    case FAKE_BREACH_FACES_OUT_OF_ORDER:
        return "castable faces are offered in increasing face order";
    }
    return "unknown";
}
