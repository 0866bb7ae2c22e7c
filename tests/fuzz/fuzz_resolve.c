/* SPDX-License-Identifier: MIT */
/* fuzz_resolve.c - one discover resolve through the loaded plugin, with a
 * host the input controls: the library (size, layouts, faces, printed
 * costs, flags), N, which faces cannot be cast or fail to cast, the
 * player's answers, the RNG seed, one injected fault, and descriptions
 * the host corrupts on the way out (face counts, struct sizes, NULL faces,
 * layouts the ABI does not know).
 *
 * The game is the fake host's, so whatever the host answers, the moves are
 * real and the conservation check is the oracle: every card where the rules
 * put it, or listed as stranded and in exile. */
#include "fuzz_target.h"

#include <stddef.h>
#include <string.h>

#include <glib.h>

#include "fake_host.h"
#include "fuzz_plugin.h"

/* The input, read a byte at a time; past the end every byte is 0. */
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t pos;
} FuzzBytes;

static uint8_t take(FuzzBytes *in)
{
    return in->pos < in->size ? in->data[in->pos++] : 0;
}

static uint32_t take32(FuzzBytes *in)
{
    uint32_t value = 0;
    for (int i = 0; i < 4; i++)
        value = value << 8 | take(in);
    return value;
}

/* Printed costs the library draws from: every kind of symbol, nothing,
 * and a few the parser must refuse. */
static const char *const fuzz_costs[] = {
    "", NULL, "{0}", "{1}", "{R}", "{1}{R}", "{2}{U}{U}", "{X}", "{X}{X}{G}",
    "{W/U}", "{2/W}", "{G/U/P}", "{B/P}", "{HW}", "{C}", "{S}",
    "{3}{B}{B}", "{6}{G}{G}", "{1000000}", "{4294967295}", "{Q}", "{1}{", "R", "{\xc2\xbd}",
};
#define FUZZ_N_COSTS (sizeof fuzz_costs / sizeof fuzz_costs[0])

/* Most libraries are short; some pass the plugin's 256 inline slots. */
static guint take_library_size(FuzzBytes *in)
{
    uint8_t b = take(in);
    return b >= 250 ? 250u + take(in) % 40u : b % 24u;
}

static void take_card(FuzzBytes *in, FakeCardSpec *spec)
{
    memset(spec, 0, sizeof *spec);
    spec->layout = take(in) % KEYACT_LAYOUT_COUNT;
    spec->face_count = 1u + take(in) % 3u;
    if (take(in) == 0xff)
        spec->face_count = KEYACT_MAX_FACES;
    for (uint32_t f = 0; f < spec->face_count; f++) {
        uint8_t b = take(in);
        spec->faces[f].name = "fuzz";
        spec->faces[f].mana_cost = fuzz_costs[b % FUZZ_N_COSTS];
        spec->faces[f].flags = (b >> 5) & (KEYACT_FACE_LAND | KEYACT_FACE_NOT_CASTABLE);
    }
}

/* What the host does around the fake host's own callbacks: the fake's
 * table with describe_card replaced (wrap.user_data is this FuzzHost). */
typedef struct {
    FakeWrap wrap;
    FuzzBytes answers;          /* the rest of the input: answers, one per call */
    keyact_face_desc *faces;    /* corrupted copies, valid until the resolve returns */
    guint faces_used, faces_capacity;
} FuzzHost;

/* The fake's answer, then maybe a corruption chosen by the next byte. */
static int32_t fuzz_describe_card(const keyact_host *table, keyact_game_id game,
                                  keyact_card_id card, keyact_card_desc *out_desc)
{
    const FakeWrap *wrap = fake_wrap_of(table);
    FuzzHost *host = wrap->user_data;
    int32_t rc = wrap->inner->describe_card(wrap->inner, game, card, out_desc);
    uint8_t b = take(&host->answers);

    if (rc != KEYACT_OK || b < 200)
        return rc;
    switch (b % 8) {
    case 0:
        out_desc->face_count = take(&host->answers);
        break;
    case 1:
        out_desc->layout = take32(&host->answers);
        break;
    case 2:
        out_desc->struct_size = take(&host->answers);
        break;
    case 3:
        if (out_desc->face_count > 0)
            out_desc->faces[take(&host->answers) % out_desc->face_count] = NULL;
        break;
    default:
        /* A face with another size, flags or cost: a copy the host owns. */
        if (host->faces_used < host->faces_capacity && out_desc->face_count > 0
            && out_desc->face_count <= KEYACT_MAX_FACES) {
            uint32_t f = take(&host->answers) % out_desc->face_count;
            keyact_face_desc *copy = &host->faces[host->faces_used++];
            if (out_desc->faces[f] != NULL)
                *copy = *out_desc->faces[f];
            copy->struct_size = b % 2 ? take(&host->answers) : copy->struct_size;
            copy->flags = take32(&host->answers);
            copy->mana_cost = fuzz_costs[take(&host->answers) % FUZZ_N_COSTS];
            out_desc->faces[f] = copy;
        }
        break;
    }
    return KEYACT_OK;
}

static int32_t fuzz_choose(gpointer user_data, keyact_card_id card, const keyact_option *options,
                           uint32_t option_count, uint32_t *out_index)
{
    FuzzHost *host = user_data;
    uint8_t b = take(&host->answers);
    (void)card;
    (void)options;
    if (b >= 250)
        return b == 255 ? 1 : KEYACT_E_HOST; /* a failing chooser, a positive one too */
    /* Mostly in range, sometimes just past it. */
    *out_index = b % (option_count + 2u);
    return KEYACT_OK;
}

/* Invariants of any result, whatever the host did. */
static void check_result(const FakeResolve *res)
{
    const keyact_resolve_result *r = &res->result;
    if (res->status > 0 || res->status < KEYACT_E_STATE)
        fuzz_fail("status %d is not a KEYACT_* code", res->status);
    if (r->flags & KEYACT_RESULT_COMPLETE) {
        if (r->stranded_count != 0)
            fuzz_fail("a COMPLETE result strands %u cards", r->stranded_count);
        /* A cast or a card to hand names it; outcome NONE may still name the
         * final card exiled when the library ran out (CR 701.57c: a land),
         * and then every card exiled went to the bottom. */
        if (r->outcome != KEYACT_OUTCOME_NONE && r->discovered == KEYACT_CARD_NONE)
            fuzz_fail("outcome %u names no discovered card", r->outcome);
        if (r->outcome == KEYACT_OUTCOME_NONE && r->discovered != KEYACT_CARD_NONE
            && r->bottomed_count != r->exiled_count)
            fuzz_fail("outcome NONE names card %" G_GUINT64_FORMAT " but only %u of %u exiled "
                      "cards went to the bottom", r->discovered, r->bottomed_count,
                      r->exiled_count);
        if (r->outcome > KEYACT_OUTCOME_HAND)
            fuzz_fail("unknown outcome %u", r->outcome);
    } else if (res->status == KEYACT_OK) {
        fuzz_fail("an unfinished resolve returned KEYACT_OK");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const KeyactBoundAction *discover = fuzz_discover();
    FuzzBytes in = { data, size, 0 };
    g_autoptr(FakeHost) fake = fake_host_new(1, 2);

    /* The game. */
    uint8_t n_byte = take(&in);
    int32_t n = n_byte >= 240 ? (int32_t)(n_byte - 240) * 1000 : n_byte % 12;
    guint library = take_library_size(&in);
    for (guint i = 0; i < library; i++) {
        FakeCardSpec spec;
        take_card(&in, &spec);
        keyact_card_id id = fake_host_add_card(fake, 1, FAKE_ZONE_LIBRARY, &spec);
        if (id == KEYACT_CARD_NONE)
            fuzz_fail("the fake host refused a valid card");
        uint8_t script = take(&in);
        for (uint32_t f = 0; f < spec.face_count; f++) {
            if (script & (1u << f))
                fake_host_set_cannot_cast(fake, id, f, TRUE);
            if (script & (0x10u << f))
                fake_host_set_cast_fails(fake, id, f, TRUE);
        }
    }
    FakeCardSpec other = { .layout = KEYACT_LAYOUT_NORMAL, .face_count = 1,
                           .faces = { { "other", "{1}", 0 } } };
    fake_host_add_card(fake, 2, FAKE_ZONE_LIBRARY, &other);
    fake_host_add_card(fake, 1, FAKE_ZONE_HAND, &other);
    fake_host_set_seed(fake, take32(&in));

    /* One fault: which call, which way. */
    uint8_t fault_byte = take(&in);
    FakeCallKind kind = (FakeCallKind)(take(&in) % (FAKE_CALL_KIND_COUNT + 1));
    guint call = take(&in);
    static const int32_t statuses[] = { KEYACT_E_HOST, KEYACT_E_STATE, KEYACT_E_NOMEM,
                                        KEYACT_E_NOTFOUND, 1, KEYACT_E_RANGE };
    fake_host_inject(fake, kind, call, (FakeFault)(fault_byte % 4),
                     statuses[(fault_byte >> 2) % G_N_ELEMENTS(statuses)]);

    /* The host around the fake; the rest of the input answers its calls. */
    FuzzHost host = { 0 };
    const keyact_host *table = fake_wrap_init(&host.wrap, fake_host_table(fake), &host);
    host.answers = (FuzzBytes){ data + in.pos, size - in.pos, 0 };
    host.faces_capacity = library + 1;
    host.faces = g_new0(keyact_face_desc, host.faces_capacity);
    host.wrap.table.describe_card = fuzz_describe_card;
    fake_host_set_chooser(fake, FAKE_CHOOSE_CALLBACK, 0, fuzz_choose, &host);

    g_autoptr(FakeSnapshot) before = fake_host_snapshot(fake);
    FakeResolve res;
    fake_resolve_prepare(&res, fake, 1, n, KEYACT_CARD_NONE);
    fake_host_reset_logs(fake);
    res.status = keyact_bound_action_resolve(discover, table, &res.args, &res.result);

    check_result(&res);
    g_autoptr(GError) error = NULL;
    if (!fake_host_check_conservation(fake, before, &res.result, &error))
        fuzz_fail("N=%d, %u cards: %s (status %s)", n, library, error->message,
                  keyact_status_name(res.status));
    g_free(host.faces);
    return 0;
}
