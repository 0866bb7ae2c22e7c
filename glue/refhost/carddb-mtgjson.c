/* SPDX-License-Identifier: MIT */
/* carddb-mtgjson.c - MTGJSON v5: AtomicCards ({"data": {"Name": [entry...]}}),
 * a set file ({"data": {"code", "cards": [entry...]}}) and AllPrintings
 * ({"data": {"CODE": set, ...}}).
 *
 * MTGJSON gives one entry per face: a multi-face card is several entries
 * sharing the name "A // B", told apart by side "a", "b", ... Entries are
 * grouped by name (first appearance keeps the card's place), repeated sides
 * (reprints and variants in set files) are dropped, and faces are ordered
 * by side. Read per entry: name, faceName, side, layout, manaCost,
 * manaValue, faceManaValue, type, text, keywords (older files:
 * convertedManaCost, faceConvertedManaCost).
 */
#include "carddb-private.h"

typedef struct {
    JsonObject *obj;
    char *where;           /* "FILE: data.cards[12] \"Name\"" */
    const char *side;      /* NULL when absent */
} Entry;

typedef struct {
    const char *name;
    GPtrArray *entries;    /* Entry*, owned */
} Group;

typedef struct {
    RefCardDb *db;
    const char *label;
    GPtrArray *groups;     /* Group*, owned, in first-appearance order */
    GHashTable *by_name;   /* name -> Group* (borrowed) */
} Grouping;

static void entry_free(gpointer p)
{
    Entry *entry = p;
    g_free(entry->where);
    g_free(entry);
}

static void group_free(gpointer p)
{
    Group *group = p;
    g_ptr_array_unref(group->entries);
    g_free(group);
}

static gboolean add_entry(Grouping *g, JsonNode *node, char *owned_where, GError **error)
{
    /* Used by name below, so clang does not call the cleanup variable unused. */
    g_autofree char *where = owned_where;
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                    "%s: not an object", where);
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(node);
    const char *name = NULL, *side = NULL;
    if (!ref_json_name(obj, "name", &name, where, "", error)
        || !ref_json_string(obj, "side", &side, where, "", error))
        return FALSE;

    Group *group = g_hash_table_lookup(g->by_name, name);
    if (group == NULL) {
        group = g_new0(Group, 1);
        group->name = name;
        group->entries = g_ptr_array_new_with_free_func(entry_free);
        g_ptr_array_add(g->groups, group);
        g_hash_table_insert(g->by_name, (gpointer)name, group);
    }
    for (guint i = 0; i < group->entries->len; i++) {
        Entry *seen = g_ptr_array_index(group->entries, i);
        if (g_strcmp0(seen->side, side) == 0)
            return TRUE;  /* another printing of a face we have */
    }
    Entry *entry = g_new0(Entry, 1);
    entry->obj = obj;
    entry->where = g_strdup_printf("%s \"%s\"", where, name);
    entry->side = side;
    g_ptr_array_add(group->entries, entry);
    return TRUE;
}

static gboolean add_set(Grouping *g, JsonArray *cards, const char *prefix, GError **error)
{
    guint n = json_array_get_length(cards);
    for (guint i = 0; i < n; i++) {
        char *where = g_strdup_printf("%s: %scards[%u]", g->label, prefix, i);
        if (!add_entry(g, json_array_get_element(cards, i), where, error))
            return FALSE;
    }
    return TRUE;
}

static gint by_side(gconstpointer a, gconstpointer b)
{
    const Entry *ea = *(const Entry *const *)a;
    const Entry *eb = *(const Entry *const *)b;
    return g_strcmp0(ea->side, eb->side);
}

/* Card-level number: manaValue, or the pre-5.2 name. */
static gboolean read_value(JsonObject *obj, const char *name, const char *old_name,
                           double *out, const char *where, GError **error)
{
    if (!ref_json_number(obj, name, out, where, "", error))
        return FALSE;
    if (*out < 0 && !ref_json_number(obj, old_name, out, where, "", error))
        return FALSE;
    return TRUE;
}

static gboolean add_group(Grouping *g, Group *group, GError **error)
{
    g_ptr_array_sort(group->entries, by_side);
    Entry *first = g_ptr_array_index(group->entries, 0);
    const char *where = first->where;
    guint n_entries = group->entries->len;
    if (n_entries > KEYACT_MAX_FACES)
        return ref_carddb_too_many_faces(error, where, n_entries);

    RefCardSource src = { 0 };
    src.name = group->name;
    if (!ref_json_string(first->obj, "layout", &src.layout, first->where, "", error)
        || !read_value(first->obj, "manaValue", "convertedManaCost",
                       &src.published_mana_value, first->where, error))
        return FALSE;

    const char *face_name = NULL;
    if (!ref_json_string(first->obj, "faceName", &face_name, first->where, "", error))
        return FALSE;
    if (n_entries == 1 && face_name == NULL) {
        /* A one-face card: its fields are the card's. */
        if (!ref_json_string(first->obj, "manaCost", &src.mana_cost, first->where, "", error)
            || !ref_json_string(first->obj, "type", &src.type_line, first->where, "", error)
            || !ref_json_string(first->obj, "text", &src.oracle_text, first->where, "", error)
            || !ref_json_array(first->obj, "keywords", &src.keywords, first->where, "", error))
            return FALSE;
        return ref_carddb_add(g->db, &src, where, error);
    }

    src.n_faces = n_entries;
    for (guint i = 0; i < n_entries; i++) {
        Entry *entry = g_ptr_array_index(group->entries, i);
        RefFaceSource *face = &src.faces[i];
        if (!ref_json_string(entry->obj, "faceName", &face->name, entry->where, "", error)
            || !ref_json_string(entry->obj, "manaCost", &face->mana_cost, entry->where, "", error)
            || !ref_json_string(entry->obj, "type", &face->type_line, entry->where, "", error)
            || !ref_json_string(entry->obj, "text", &face->oracle_text, entry->where, "", error)
            || !ref_json_array(entry->obj, "keywords", &face->keywords, entry->where, "", error)
            || !read_value(entry->obj, "faceManaValue", "faceConvertedManaCost",
                           &face->published_mana_value, entry->where, error))
            return FALSE;
        if (face->name == NULL)
            face->name = group->name;
    }
    return ref_carddb_add(g->db, &src, where, error);
}

/* One member of "data": an AtomicCards name -> [entry...], or an
 * AllPrintings set code -> {"cards": [...]}. */
static gboolean add_data_member(Grouping *g, const char *key, JsonNode *value,
                                GError **error)
{
    if (JSON_NODE_HOLDS_ARRAY(value)) {
        JsonArray *entries = json_node_get_array(value);
        guint n = json_array_get_length(entries);
        for (guint i = 0; i < n; i++) {
            char *where = g_strdup_printf("%s: data.\"%s\"[%u]", g->label, key, i);
            if (!add_entry(g, json_array_get_element(entries, i), where, error))
                return FALSE;
        }
        return TRUE;
    }
    if (JSON_NODE_HOLDS_OBJECT(value)) {
        JsonObject *set = json_node_get_object(value);
        JsonArray *cards = NULL;
        g_autofree char *where = g_strdup_printf("%s: data.\"%s\"", g->label, key);
        if (!ref_json_array(set, "cards", &cards, where, "", error))
            return FALSE;
        if (cards != NULL) {
            g_autofree char *prefix = g_strdup_printf("data.\"%s\".", key);
            return add_set(g, cards, prefix, error);
        }
    }
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                "%s: data.\"%s\": expected an array of card faces (AtomicCards) "
                "or a set with \"cards\"", g->label, key);
    return FALSE;
}

gboolean ref_carddb_add_mtgjson(RefCardDb *db, JsonObject *data,
                                const char *label, GError **error)
{
    g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func(group_free);
    g_autoptr(GHashTable) by_name = g_hash_table_new(g_str_hash, g_str_equal);
    Grouping g = { db, label, groups, by_name };

    JsonArray *cards = NULL;
    if (!ref_json_array(data, "cards", &cards, label, "data.", error))
        return FALSE;
    if (cards != NULL) {
        if (!add_set(&g, cards, "data.", error))
            return FALSE;
    } else {
        JsonObjectIter iter;
        const char *key;
        JsonNode *value;
        json_object_iter_init_ordered(&iter, data);
        while (json_object_iter_next_ordered(&iter, &key, &value))
            if (!add_data_member(&g, key, value, error))
                return FALSE;
    }

    for (guint i = 0; i < groups->len; i++)
        if (!add_group(&g, g_ptr_array_index(groups, i), error))
            return FALSE;
    return TRUE;
}
