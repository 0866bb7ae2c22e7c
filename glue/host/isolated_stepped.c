/* SPDX-License-Identifier: MIT */
/* isolated_stepped.c - the proxy's stepped resolve (keyact/stepped.h). The
 * plugin's state block lives in the helper; the caller's block holds only
 * a session number, so it may be moved between calls as stepped.h allows.
 * A session keeps its helper, the host table and the record of moves from
 * begin until the resolve ends. A block copied and used after its session
 * ended finds no session and is refused (KEYACT_E_STATE); one used by two
 * threads at once is refused too.
 *
 * The helper may be lost at any call: in step(), the resolve ends there
 * with KEYACT_E_PLUGIN and the stranded cards; in answer(), the answer
 * fails with KEYACT_E_PLUGIN and the next step() ends the resolve so;
 * abandon() then ends it with the record's stranded cards.
 */
#include <string.h>

#include "isolated.h"

#define BLOCK_BEGUN 0x6b695342u /* "kiSB" */
#define BLOCK_OVER  0x6b69534fu /* "kiSO" */

/* The caller's block. */
typedef struct {
    guint32 magic;
    guint32 reserved;
    guint64 session;
} Block;

G_STATIC_ASSERT(sizeof(Block) == ISO_STATE_SIZE);
G_STATIC_ASSERT(G_ALIGNOF(Block) <= ISO_STATE_ALIGN);

typedef struct {
    guint64 id;
    IsoAction *action;
    IsoHelper *helper;           /* NULL once lost and ended */
    const keyact_host *host;
    keyact_question last;        /* what the last waiting step asked */
    gboolean busy;               /* a call of it is running */
    char *lost;                  /* the helper was lost in answer(): what happened */
} Session;

static GMutex sessions_lock;
static GHashTable *sessions;     /* guint64 id -> Session * */
static guint64 next_id = 1;

static void session_add(Session *session)
{
    g_mutex_lock(&sessions_lock);
    if (sessions == NULL)
        sessions = g_hash_table_new(g_int64_hash, g_int64_equal);
    session->id = next_id++;
    g_hash_table_insert(sessions, &session->id, session);
    g_mutex_unlock(&sessions_lock);
}

/* The block's session, taken for one call; or the status to return. */
static Session *session_take(void *state, int32_t *out_status)
{
    Block *block = state;
    Session *session = NULL;

    *out_status = KEYACT_E_INVAL;
    if (block == NULL || ((guintptr)block & (ISO_STATE_ALIGN - 1u)) != 0)
        return NULL;
    if (block->magic == BLOCK_OVER) {
        *out_status = KEYACT_E_STATE;
        return NULL;
    }
    if (block->magic != BLOCK_BEGUN)
        return NULL;
    g_mutex_lock(&sessions_lock);
    if (sessions != NULL)
        session = g_hash_table_lookup(sessions, &block->session);
    if (session != NULL && session->busy)
        session = NULL;
    if (session != NULL)
        session->busy = TRUE;
    g_mutex_unlock(&sessions_lock);
    /* Its resolve ended (this is a copy of a block used before), or
     * another thread is in it. */
    if (session == NULL)
        *out_status = KEYACT_E_STATE;
    return session;
}

static void session_give_back(Session *session)
{
    g_mutex_lock(&sessions_lock);
    session->busy = FALSE;
    g_mutex_unlock(&sessions_lock);
}

/* The resolve is over: the helper goes back (or away), the block is over. */
static void session_end(Session *session, Block *block)
{
    g_mutex_lock(&sessions_lock);
    g_hash_table_remove(sessions, &session->id);
    g_mutex_unlock(&sessions_lock);
    block->magic = BLOCK_OVER;
    iso_plugin_release(session->action->plugin, session->helper);
    g_free(session->lost);
    g_free(session);
}

int32_t iso_begin(IsoAction *action, const keyact_host *host, const keyact_resolve_args *args,
                  uint32_t waits, void *state, uint32_t state_size)
{
    Block *block = state;

    if (host == NULL || args == NULL || block == NULL || state_size < sizeof *block ||
        ((guintptr)block & (ISO_STATE_ALIGN - 1u)) != 0 ||
        host->struct_size < KEYACT_HOST_SIZE_1_0 ||
        args->struct_size < KEYACT_RESOLVE_ARGS_SIZE_1_0)
        return KEYACT_E_INVAL;

    g_autofree char *why = NULL;
    IsoHelper *helper = iso_plugin_lease(action->plugin, &why);
    if (helper == NULL) {
        g_warning("isolated plugin %s (%s): %s at begin; begin failed with KEYACT_E_PLUGIN",
                  action->plugin->path, action->action.impl_id, why);
        return KEYACT_E_PLUGIN;
    }
    KiReader done;
    iso_start_request(helper, KI_MSG_BEGIN, action, host, args);
    ki_put_u32(&helper->out, waits);
    int32_t status = KEYACT_E_PLUGIN;
    if (iso_exchange(helper, KI_MSG_BEGIN, host, &helper->record, &done)) {
        status = ki_get_i32(&done);
        helper->cpu_ns = ki_get_u64(&done);
        if (!ki_reader_done(&done))
            iso_helper_violation(helper, "a BEGIN answer that does not decode: %s", done.why);
    }
    if (helper->lost) {
        g_warning("isolated plugin %s (%s): %s during begin; begin failed with KEYACT_E_PLUGIN",
                  action->plugin->path, action->action.impl_id, helper->what);
        status = KEYACT_E_PLUGIN;
    }
    if (status != KEYACT_OK) {
        iso_plugin_release(action->plugin, helper);
        return status;
    }
    Session *session = g_new0(Session, 1);
    session->action = action;
    session->helper = helper;
    session->host = host;
    session_add(session);
    block->magic = BLOCK_BEGUN;
    block->reserved = 0;
    block->session = session->id;
    return KEYACT_OK;
}

/* The helper is gone: the resolve ends with what the record says. */
static int32_t end_lost(Session *session, Block *block, const char *what, const char *during,
                        keyact_resolve_result *result, keyact_question *question)
{
    int32_t status = iso_fail_resolve(session->action, session->host, what, during,
                                      &session->helper->record, result);
    if (question != NULL)
        question->kind = KEYACT_QUESTION_NONE;
    session_end(session, block);
    return status;
}

int32_t iso_step(void *ctx, void *state, keyact_resolve_result *result,
                 keyact_question *out_question)
{
    int32_t status;
    Session *session = session_take(state, &status);

    (void)ctx;
    if (session == NULL)
        return status;
    if (result == NULL || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0 ||
        out_question == NULL || out_question->struct_size < KEYACT_QUESTION_SIZE_1_3) {
        session_give_back(session);
        return KEYACT_E_INVAL;
    }
    if (session->lost != NULL)
        return end_lost(session, state, session->lost, "an answer", result, out_question);

    IsoHelper *helper = session->helper;
    KiReader done;
    ki_writer_start(&helper->out, KI_MSG_STEP);
    iso_put_result(&helper->out, result);
    ki_put_struct(&helper->out, out_question, sizeof *out_question);
    if (iso_exchange(helper, KI_MSG_STEP, session->host, &helper->record, &done)) {
        union {
            guint8 raw[KI_MAX_STRUCT];
            keyact_question question;
            guint64 align;
        } asked;
        status = ki_get_i32(&done);
        gboolean ok = iso_get_result(&done, result);
        guint32 got = ki_get_struct(&done, asked.raw);
        helper->cpu_ns = ki_get_u64(&done);
        if (!ok || !ki_reader_done(&done) || got < KEYACT_QUESTION_SIZE_1_3)
            iso_helper_violation(helper, "a STEP answer that does not decode: %s",
                                 done.why != NULL ? done.why : "a short question");
        else
            memcpy(out_question, asked.raw,
                   MIN((gsize)got, MIN((gsize)out_question->struct_size, sizeof asked.question)));
        session->last = asked.question;
    }
    if (helper->lost)
        return end_lost(session, state, helper->what, "a step", result, out_question);
    if (status == KEYACT_WAITING) {
        session_give_back(session);
        return status;
    }
    session_end(session, state);
    return status;
}

int32_t iso_answer(void *ctx, void *state, const keyact_answer *answer)
{
    int32_t status;
    Session *session = session_take(state, &status);

    (void)ctx;
    if (session == NULL)
        return status;
    if (answer == NULL || answer->struct_size < KEYACT_ANSWER_SIZE_1_3) {
        session_give_back(session);
        return KEYACT_E_INVAL;
    }
    if (session->lost != NULL) {
        session_give_back(session);
        return KEYACT_E_PLUGIN;
    }
    IsoHelper *helper = session->helper;
    KiReader done;
    ki_writer_start(&helper->out, KI_MSG_ANSWER);
    ki_put_struct(&helper->out, answer, sizeof *answer);
    status = KEYACT_E_PLUGIN;
    if (iso_exchange(helper, KI_MSG_ANSWER, session->host, &helper->record, &done)) {
        status = ki_get_i32(&done);
        if (!ki_reader_done(&done))
            iso_helper_violation(helper, "an ANSWER answer that does not decode: %s", done.why);
    }
    if (helper->lost) {
        /* The next step() ends the resolve and says what happened. */
        session->lost = g_strdup(helper->what);
        session_give_back(session);
        return KEYACT_E_PLUGIN;
    }
    /* A free cast the host says it made: the card left exile. */
    if (status == KEYACT_OK && answer->kind == KEYACT_QUESTION_CAST &&
        session->last.kind == KEYACT_QUESTION_CAST && answer->status == KEYACT_OK &&
        answer->value == KEYACT_CAST_DONE)
        iso_record_left_exile(&helper->record, session->last.card);
    session_give_back(session);
    return status;
}

int32_t iso_abandon(void *ctx, void *state, keyact_resolve_result *result)
{
    int32_t status;
    Session *session = session_take(state, &status);

    (void)ctx;
    if (session == NULL)
        return status;
    if (result == NULL || result->struct_size < KEYACT_RESOLVE_RESULT_SIZE_1_0) {
        session_give_back(session);
        return KEYACT_E_INVAL;
    }
    IsoHelper *helper = session->helper;
    if (session->lost == NULL) {
        KiReader done;
        ki_writer_start(&helper->out, KI_MSG_ABANDON);
        iso_put_result(&helper->out, result);
        if (iso_exchange(helper, KI_MSG_ABANDON, session->host, &helper->record, &done)) {
            status = ki_get_i32(&done);
            if (!iso_get_result(&done, result) || !ki_reader_done(&done))
                iso_helper_violation(helper, "an ABANDON answer that does not decode: %s",
                                     done.why);
        }
    }
    if (session->lost != NULL || helper->lost) {
        /* Abandoned all the same: the record says what is in exile. */
        iso_fail_resolve(session->action, session->host,
                         session->lost != NULL ? session->lost : helper->what, "an abandon",
                         &helper->record, result);
        session_end(session, state);
        return KEYACT_OK;
    }
    if (status == KEYACT_OK || status == KEYACT_E_STATE)
        session_end(session, state);
    else
        session_give_back(session);
    return status;
}
