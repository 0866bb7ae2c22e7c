/* SPDX-License-Identifier: MIT */
/* carddb.c - the card database: storage, the RefCard builder every loader
 * goes through, and lookup by name.
 */
#include "carddb-private.h"

#include <string.h>

struct _RefCardDb {
    GPtrArray *cards;        /* RefCard*, owned */
    GStringChunk *strings;   /* every string of every card (deduplicated) */
    GHashTable *by_name;     /* ASCII-lowercased name -> RefCard* (borrowed) */
};

G_DEFINE_QUARK(ref-carddb-error-quark, ref_carddb_error)

RefCardDb *ref_carddb_new(void)
{
    RefCardDb *db = g_new0(RefCardDb, 1);
    db->cards = g_ptr_array_new_with_free_func(g_free);
    db->strings = g_string_chunk_new(64 * 1024);
    db->by_name = g_hash_table_new(g_str_hash, g_str_equal);
    return db;
}

void ref_carddb_free(RefCardDb *db)
{
    if (db == NULL)
        return;
    g_hash_table_unref(db->by_name);
    g_ptr_array_unref(db->cards);
    g_string_chunk_free(db->strings);
    g_free(db);
}

guint ref_carddb_size(const RefCardDb *db)
{
    g_return_val_if_fail(db != NULL, 0);
    return db->cards->len;
}

const RefCard *ref_carddb_get(const RefCardDb *db, guint index)
{
    g_return_val_if_fail(db != NULL, NULL);
    if (index >= db->cards->len)
        return NULL;
    return g_ptr_array_index(db->cards, index);
}

const RefCard *ref_carddb_lookup(const RefCardDb *db, const char *name)
{
    g_return_val_if_fail(db != NULL, NULL);
    if (name == NULL)
        return NULL;
    g_autofree char *key = g_ascii_strdown(name, -1);
    return g_hash_table_lookup(db->by_name, key);
}

gboolean ref_carddb_too_many_faces(GError **error, const char *where, guint n_faces)
{
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                "%s: %u faces, the card ABI describes at most %u",
                where, n_faces, KEYACT_MAX_FACES);
    return FALSE;
}

static char *intern(RefCardDb *db, const char *s)
{
    return g_string_chunk_insert_const(db->strings, s != NULL ? s : "");
}

/* Split "{1}{R} // {1}{U}" into exactly `count` parts, or fail. */
static gboolean split_cost(RefCardDb *db, const char *joined, guint count,
                           char **out_parts)
{
    g_auto(GStrv) parts = g_strsplit(joined != NULL ? joined : "", " // ", -1);
    if (g_strv_length(parts) != count)
        return FALSE;
    for (guint i = 0; i < count; i++)
        out_parts[i] = intern(db, parts[i]);
    return TRUE;
}

static char *joined_type_line(RefCardDb *db, const RefCardSource *src)
{
    g_autoptr(GString) s = g_string_new(NULL);
    for (guint i = 0; i < src->n_faces; i++) {
        if (i > 0)
            g_string_append(s, " // ");
        g_string_append(s, src->faces[i].type_line != NULL ? src->faces[i].type_line : "");
    }
    return intern(db, s->str);
}

/* Discover from the faces' texts: the first face with an automated kind
 * (on resolve, ETB, ETB if cast) wins; otherwise the first face that mentions
 * discover at all. */
static void detect_discover(const RefCardSource *src, RefCard *card)
{
    card->discover_kind = REF_DISCOVER_NONE;
    card->discover_n = 0;
    for (guint i = 0; i < card->n_faces; i++) {
        const char *text = src->n_faces == 0 ? src->oracle_text : src->faces[i].oracle_text;
        RefDiscoverKind kind;
        gint n;
        ref_discover_from_text(text, card->faces[i].type_line, &kind, &n);
        if (kind == REF_DISCOVER_NONE)
            continue;
        if (kind != REF_DISCOVER_OTHER) {
            card->discover_kind = kind;
            card->discover_n = n;
            return;
        }
        if (card->discover_kind == REF_DISCOVER_NONE) {
            card->discover_kind = kind;
            card->discover_n = n;
        }
    }
}

/* Cascade per face: given (built-in set), else read from the face's oracle
 * text. A keyword list (Scryfall's card-level one, or MTGJSON's per face)
 * that lacks "Cascade" settles it without reading the text. */
static guint face_cascade(const RefCardSource *src, guint face)
{
    if (src->n_faces == 0) {
        if (src->cascade_given)
            return src->cascade;
        if (src->keywords != NULL && !ref_keywords_have_cascade(src->keywords))
            return 0;
        return ref_cascade_from_text(src->oracle_text);
    }
    const RefFaceSource *f = &src->faces[face];
    if (f->cascade_given)
        return f->cascade;
    JsonArray *keywords = f->keywords != NULL ? f->keywords : src->keywords;
    if (keywords != NULL && !ref_keywords_have_cascade(keywords))
        return 0;
    return ref_cascade_from_text(f->oracle_text);
}

static void fill_desc(RefCard *card)
{
    memset(&card->desc, 0, sizeof card->desc);
    card->desc.struct_size = sizeof card->desc;
    card->desc.layout = card->layout;
    card->desc.face_count = card->n_faces;
    for (guint i = 0; i < card->n_faces; i++) {
        keyact_face_desc *fd = &card->face_desc[i];
        fd->struct_size = sizeof *fd;
        fd->flags = card->faces[i].is_land ? KEYACT_FACE_LAND : 0u;
        fd->name = card->faces[i].name;
        fd->mana_cost = card->faces[i].mana_cost;
        card->desc.faces[i] = fd;
    }
}

gboolean ref_carddb_add(RefCardDb *db, const RefCardSource *src,
                        const char *where, GError **error)
{
    if (src->name == NULL || src->name[0] == '\0') {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                    "%s: field \"name\" is missing or empty", where);
        return FALSE;
    }
    if (src->n_faces > KEYACT_MAX_FACES) {
        ref_carddb_too_many_faces(error, where, src->n_faces);
        return FALSE;
    }
    for (guint i = 0; i < src->n_faces; i++) {
        if (src->faces[i].name == NULL) {
            g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                        "%s: face %u has no name", where, i);
            return FALSE;
        }
    }

    g_autofree RefCard *card = g_new0(RefCard, 1);
    const char *layout_name = src->layout != NULL ? src->layout : "normal";
    card->name = intern(db, src->name);
    card->layout = ref_layout_from_name(layout_name);
    card->layout_name = intern(db, layout_name);
    card->published_mana_value = src->published_mana_value;
    for (guint i = 0; i < KEYACT_MAX_FACES; i++)
        card->face_published_mana_value[i] = -1;

    if (src->n_faces == 0) {
        card->n_faces = 1;
        card->faces[0].name = card->name;
        card->faces[0].mana_cost = intern(db, src->mana_cost);
        card->faces[0].type_line = intern(db, src->type_line);
    } else {
        card->n_faces = src->n_faces;
        for (guint i = 0; i < src->n_faces; i++) {
            card->faces[i].name = intern(db, src->faces[i].name);
            card->faces[i].mana_cost = src->faces[i].mana_cost != NULL
                ? intern(db, src->faces[i].mana_cost) : NULL;
            card->faces[i].type_line = intern(db, src->faces[i].type_line);
            card->face_published_mana_value[i] = src->faces[i].published_mana_value;
        }
    }

    /* Split-style cards may give their costs only as the card's joined cost. */
    gboolean halves = card->layout == KEYACT_LAYOUT_SPLIT
        || card->layout == KEYACT_LAYOUT_AFTERMATH
        || card->layout == KEYACT_LAYOUT_ADVENTURE;
    gboolean costs_missing = FALSE;
    for (guint i = 0; i < card->n_faces; i++)
        costs_missing |= card->faces[i].mana_cost == NULL;
    if (costs_missing && halves && card->n_faces > 1 && src->mana_cost != NULL) {
        char *parts[KEYACT_MAX_FACES];
        if (!split_cost(db, src->mana_cost, card->n_faces, parts)) {
            g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                        "%s: field \"mana_cost\" \"%s\" does not split into %u faces",
                        where, src->mana_cost, card->n_faces);
            return FALSE;
        }
        for (guint i = 0; i < card->n_faces; i++)
            if (card->faces[i].mana_cost == NULL)
                card->faces[i].mana_cost = parts[i];
    }
    for (guint i = 0; i < card->n_faces; i++) {
        if (card->faces[i].mana_cost == NULL)
            card->faces[i].mana_cost = intern(db, "");
        card->faces[i].is_land = ref_type_line_has(card->faces[i].type_line, "Land");
        card->faces[i].cascade = face_cascade(src, i);
    }

    card->type_line = src->type_line != NULL ? intern(db, src->type_line)
        : src->n_faces > 0 ? joined_type_line(db, src) : intern(db, "");
    card->is_permanent = ref_type_line_is_permanent(card->faces[0].type_line);

    if (src->discover_given) {
        card->discover_kind = src->discover_kind;
        card->discover_n = src->discover_kind == REF_DISCOVER_NONE ? 0 : src->discover_n;
        card->treasures_below = src->discover_kind == REF_DISCOVER_NONE ? 0
                                                                         : src->treasures_below;
    } else {
        detect_discover(src, card);
        for (guint i = 0; i < card->n_faces && card->treasures_below == 0; i++)
            card->treasures_below = ref_treasures_below_from_text(
                src->n_faces == 0 ? src->oracle_text : src->faces[i].oracle_text);
    }

    fill_desc(card);
    g_ptr_array_add(db->cards, g_steal_pointer(&card));
    return TRUE;
}

static void index_name(RefCardDb *db, const char *name, RefCard *card)
{
    g_autofree char *lower = g_ascii_strdown(name, -1);
    if (g_hash_table_contains(db->by_name, lower))
        return;  /* the first card of a name keeps it */
    g_hash_table_insert(db->by_name, intern(db, lower), card);
}

/* Full names first, so a full name always wins over another card's face
 * name ("Fire" the face never hides a card named "Fire"). */
void ref_carddb_finish(RefCardDb *db)
{
    for (guint i = 0; i < db->cards->len; i++) {
        RefCard *card = g_ptr_array_index(db->cards, i);
        index_name(db, card->name, card);
    }
    for (guint i = 0; i < db->cards->len; i++) {
        RefCard *card = g_ptr_array_index(db->cards, i);
        for (guint f = 0; f < card->n_faces; f++)
            index_name(db, card->faces[f].name, card);
    }
}
