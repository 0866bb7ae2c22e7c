/* SPDX-License-Identifier: MIT */
/* kc_check.c - compare a resolve with what a conformance case demands. */
#include "conformance.h"
#include "kc_names.h"

G_DEFINE_QUARK(kc-error-quark, kc_error)

static gboolean kc_mismatch(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean kc_mismatch(GError **error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, KC_ERROR, KC_ERROR_MISMATCH, message);
    return FALSE;
}

static guint kc_count_bits(uint32_t bits)
{
    guint count = 0;
    for (; bits != 0; bits &= bits - 1)
        count++;
    return count;
}

static keyact_card_id kc_card_at(const KcGame *game, uint32_t at)
{
    return at == KC_NO_CARD ? KEYACT_CARD_NONE : game->library[at - 1];
}

static gboolean kc_check_result(const KcCase *c, const KcGame *game, const FakeResolve *res,
                                GError **error)
{
    const KcExpect *e = &c->expect;
    const keyact_resolve_result *r = &res->result;
    uint32_t face = e->outcome == KEYACT_OUTCOME_CAST ? e->face_cast : KEYACT_FACE_NONE;

    if (res->status != e->status)
        return kc_mismatch(error, "resolve returned %s, expected %s",
                           keyact_status_name(res->status), keyact_status_name(e->status));
    if (!(r->flags & KEYACT_RESULT_COMPLETE))
        return kc_mismatch(error, "result lacks KEYACT_RESULT_COMPLETE (flags 0x%x)", r->flags);
    if (r->stranded_count != 0)
        return kc_mismatch(error, "%u cards stranded", r->stranded_count);
    if (r->outcome != e->outcome) {
        g_autofree char *got = kc_outcome_name(r->outcome);
        g_autofree char *want = kc_outcome_name(e->outcome);
        return kc_mismatch(error, "outcome %s, expected %s", got, want);
    }
    if (r->discovered != kc_card_at(game, e->discovered)) {
        g_autofree char *got = kc_card_name(game, r->discovered);
        g_autofree char *want = kc_card_name(game, kc_card_at(game, e->discovered));
        return kc_mismatch(error, "discovered %s, expected %s", got, want);
    }
    if (r->mana_value_halves != e->mana_value_halves)
        return kc_mismatch(error, "mana value %g, expected %g",
                           r->mana_value_halves / 2.0, e->mana_value_halves / 2.0);
    if (r->face_cast != face) {
        g_autofree char *got = kc_face_name(game, r->discovered, r->face_cast);
        g_autofree char *want = kc_face_name(game, r->discovered, face);
        return kc_mismatch(error, "face cast %s, expected %s", got, want);
    }
    if (r->exiled_count != e->exiled)
        return kc_mismatch(error, "%u exiled, expected %u", r->exiled_count, e->exiled);
    if (r->bottomed_count != kc_count_bits(e->bottom))
        return kc_mismatch(error, "%u bottomed, expected %u", r->bottomed_count,
                           kc_count_bits(e->bottom));
    return TRUE;
}

/* Every library card is where the case says: stack, hand, bottom, or untouched. */
static gboolean kc_check_zones(const KcCase *c, const KcGame *game, GError **error)
{
    const KcExpect *e = &c->expect;
    guint library_count;
    fake_host_zone(game->host, KC_PLAYER, FAKE_ZONE_LIBRARY, &library_count);
    guint bottomed = kc_count_bits(e->bottom);

    for (guint i = 0; i < game->library_count; i++) {
        FakeZone zone;
        guint position;
        fake_host_locate(game->host, game->library[i], &zone, &position);
        FakeZone want = FAKE_ZONE_LIBRARY;
        if (e->stack & KC_POS(i))
            want = FAKE_ZONE_STACK;
        else if (e->hand & KC_POS(i))
            want = FAKE_ZONE_HAND;
        if (zone != want) {
            g_autofree char *name = kc_card_name(game, game->library[i]);
            return kc_mismatch(error, "library card %u (%s) ended in the %s, expected the %s", i,
                               name, fake_zone_name(zone), fake_zone_name(want));
        }
        if (want != FAKE_ZONE_LIBRARY)
            continue;
        if (e->bottom & KC_POS(i)) {
            if (position < library_count - bottomed) {
                g_autofree char *name = kc_card_name(game, game->library[i]);
                return kc_mismatch(error, "library card %u (%s) is at %u, not among the bottom %u",
                                   i, name, position, bottomed);
            }
        } else if (i < e->exiled || position != i - e->exiled) {
            g_autofree char *name = kc_card_name(game, game->library[i]);
            return kc_mismatch(error, "untouched library card %u (%s) is at %u, expected %u",
                               i, name, position, i - e->exiled);
        }
    }
    return TRUE;
}

/* The event stream: the type sequence, then each event's fields. */
static gboolean kc_check_events(const KcCase *c, const KcGame *game, const FakeResolve *res,
                                GError **error)
{
    const KcExpect *e = &c->expect;
    const keyact_resolve_result *r = &res->result;
    if (e->events != NULL) {
        g_autofree char *types = fake_host_format_events(game->host);
        if (g_strcmp0(types, e->events) != 0)
            return kc_mismatch(error, "events \"%s\", expected \"%s\"", types, e->events);
    }
    guint n;
    const keyact_event *events = fake_host_events(game->host, &n);
    uint32_t last = e->last_event != 0 ? e->last_event : KEYACT_EVENT_DISCOVERED;
    if (n == 0 || events[n - 1].type != last)
        return kc_mismatch(error, "the last event is not %s", fake_event_type_name(last));

    guint exiled = 0, bottomed = 0;
    for (guint i = 0; i < n; i++) {
        const keyact_event *ev = &events[i];
        if (ev->player != KC_PLAYER || ev->n != c->n)
            return kc_mismatch(error, "event %u has player %" G_GUINT64_FORMAT " n %d",
                               i, ev->player, ev->n);
        switch (ev->type) {
        case KEYACT_EVENT_EXILED:
            if (ev->index != exiled || exiled >= game->library_count
                || ev->card != game->library[exiled]) {
                g_autofree char *name = kc_card_name(game, ev->card);
                return kc_mismatch(error, "EXILED event %u: %s, index %u", i, name, ev->index);
            }
            exiled++;
            break;
        case KEYACT_EVENT_BOTTOM:
            if (ev->index != bottomed++)
                return kc_mismatch(error, "BOTTOM event %u has index %u", i, ev->index);
            break;
        case KEYACT_EVENT_HIT:
        case KEYACT_EVENT_DISCOVERED:
            if (ev->card != r->discovered || ev->mana_value_halves != r->mana_value_halves) {
                g_autofree char *name = kc_card_name(game, ev->card);
                return kc_mismatch(error, "%s event: %s, mana value %g",
                                   fake_event_type_name(ev->type), name,
                                   ev->mana_value_halves / 2.0);
            }
            break;
        case KEYACT_EVENT_FINISHED:
            /* events.h: the card found; no mana value (HIT carries it). */
            if (ev->card != r->discovered || ev->mana_value_halves != 0) {
                g_autofree char *name = kc_card_name(game, ev->card);
                return kc_mismatch(error, "FINISHED event: %s, mana value %g", name,
                                   ev->mana_value_halves / 2.0);
            }
            break;
        case KEYACT_EVENT_CAST:
            if (ev->card != r->discovered || ev->face != r->face_cast) {
                g_autofree char *name = kc_card_name(game, ev->card);
                g_autofree char *face_name = kc_face_name(game, ev->card, ev->face);
                return kc_mismatch(error, "CAST event: %s, face %s", name, face_name);
            }
            break;
        default:
            if (ev->card != r->discovered) {
                g_autofree char *name = kc_card_name(game, ev->card);
                return kc_mismatch(error, "%s event names %s", fake_event_type_name(ev->type),
                                   name);
            }
            break;
        }
    }
    return TRUE;
}

gboolean kc_case_check(const KcCase *c, const KcGame *game, const FakeResolve *res,
                       GError **error)
{
    if (!kc_check_result(c, game, res, error) || !kc_check_zones(c, game, error))
        return FALSE;
    uint32_t offered = fake_host_offered_faces(game->host);
    if (offered != c->expect.offered) {
        /* The faces are the hit's: the case's, or else the one the plugin found. */
        keyact_card_id hit = kc_card_at(game, c->expect.discovered);
        if (hit == KEYACT_CARD_NONE)
            hit = res->result.discovered;
        g_autofree char *got = kc_face_list(game, hit, offered);
        g_autofree char *want = kc_face_list(game, hit, c->expect.offered);
        return kc_mismatch(error, "faces offered %s, expected %s", got, want);
    }
    return kc_check_events(c, game, res, error);
}
