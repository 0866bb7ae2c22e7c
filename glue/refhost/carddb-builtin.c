/* SPDX-License-Identifier: MIT */
/* carddb-builtin.c - the built-in card set and its schema.
 *
 * data/builtin-cards.json (compiled in as a GResource; generated from the
 * shared card pool by data/make-builtin.py) holds printed facts only:
 *
 *   {
 *     "format": "keyact-carddb",          required, exactly this
 *     "version": 1,                       required, exactly 1
 *     "cards": [                          required
 *       {
 *         "name": "Fire // Ice",          required, full name
 *         "layout": "split",              Scryfall layout name; default "normal"
 *         "type_line": "Instant // Instant",
 *         "mana_cost": "{1}{R} // {1}{U}",  split halves joined by " // "
 *         "faces": [                      absent: one face from the fields above
 *           {"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"}, ...
 *         ],
 *         "discover": {"kind": "on_resolve" | "etb_if_cast" | "etb" | "other",
 *                      "n": 3 | "X",
 *                      "treasures_below": 10},  absent: the card does not discover;
 *                                         treasures_below: "If the discovered card's
 *                                         mana value is less than 10, create a number
 *                                         of tapped Treasure tokens equal to the
 *                                         difference" (absent: 0)
 *         "cascade": 2                    instances of cascade (one-face cards; a
 *                                         face says it in its own "cascade");
 *                                         absent: none
 *       }, ...
 *     ]
 *   }
 *
 * No oracle text: how a card discovers is stated in "discover" and its
 * cascade in "cascade", so the loader never reads rules text. Other members
 * are ignored.
 */
#include "carddb-private.h"

#include <gio/gio.h>
#include <string.h>

#include "ref-carddb-resources.h"

#define BUILTIN_PATH "/org/keyact/refhost/builtin-cards.json"

static gboolean format_error(GError **error, const char *where, const char *what)
{
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT, "%s: %s", where, what);
    return FALSE;
}

static gboolean read_discover(JsonObject *card, RefCardSource *src,
                              const char *where, GError **error)
{
    JsonObject *discover = NULL;
    if (!ref_json_object(card, "discover", &discover, where, "", error))
        return FALSE;
    src->discover_given = TRUE;
    src->discover_kind = REF_DISCOVER_NONE;
    src->discover_n = 0;
    src->treasures_below = 0;
    if (discover == NULL)
        return TRUE;

    JsonNode *treasures = json_object_get_member(discover, "treasures_below");
    if (treasures != NULL) {
        gint64 value = JSON_NODE_HOLDS_VALUE(treasures)
                               && json_node_get_value_type(treasures) == G_TYPE_INT64
                           ? json_node_get_int(treasures) : 0;
        if (value < 1 || value > 1000)
            return format_error(error, where,
                                "field \"discover.treasures_below\" is not a count from 1 to 1000");
        src->treasures_below = (guint)value;
    }

    const char *kind = NULL;
    if (!ref_json_name(discover, "kind", &kind, where, "discover.", error))
        return FALSE;
    if (strcmp(kind, "on_resolve") == 0)
        src->discover_kind = REF_DISCOVER_ON_RESOLVE;
    else if (strcmp(kind, "etb_if_cast") == 0)
        src->discover_kind = REF_DISCOVER_ETB_IF_CAST;
    else if (strcmp(kind, "etb") == 0)
        src->discover_kind = REF_DISCOVER_ETB;
    else if (strcmp(kind, "other") == 0)
        src->discover_kind = REF_DISCOVER_OTHER;
    else
        return format_error(error, where,
                            "field \"discover.kind\" is not on_resolve, etb_if_cast, etb or other");

    JsonNode *n = json_object_get_member(discover, "n");
    if (n != NULL && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_STRING
        && strcmp(json_node_get_string(n), "X") == 0) {
        src->discover_n = -1;
        return TRUE;
    }
    if (n != NULL && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_INT64) {
        gint64 value = json_node_get_int(n);
        if (value >= 0 && value <= G_MAXINT32) {
            src->discover_n = (gint)value;
            return TRUE;
        }
    }
    return format_error(error, where, "field \"discover.n\" is not a count >= 0 or \"X\"");
}

/* "cascade": a count >= 1 when present; absent is 0. */
static gboolean read_cascade(JsonObject *obj, guint *out, const char *where,
                             const char *prefix, GError **error)
{
    *out = 0;
    JsonNode *node = json_object_get_member(obj, "cascade");
    if (node == NULL)
        return TRUE;
    if (JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == G_TYPE_INT64) {
        gint64 value = json_node_get_int(node);
        if (value >= 1 && value <= 100) {
            *out = (guint)value;
            return TRUE;
        }
    }
    g_autofree char *what = g_strdup_printf("field \"%scascade\" is not a count from 1 to 100",
                                            prefix);
    return format_error(error, where, what);
}

static gboolean add_card(RefCardDb *db, JsonNode *node, guint index,
                         const char *label, GError **error)
{
    g_autofree char *anonymous = g_strdup_printf("%s: card %u", label, index);
    if (!JSON_NODE_HOLDS_OBJECT(node))
        return format_error(error, anonymous, "not an object");
    JsonObject *obj = json_node_get_object(node);
    RefCardSource src = { 0 };
    src.published_mana_value = -1;
    if (!ref_json_name(obj, "name", &src.name, anonymous, "", error))
        return FALSE;

    g_autofree char *where = g_strdup_printf("%s: card %u \"%s\"", label, index, src.name);
    JsonArray *faces = NULL;
    if (!ref_json_string(obj, "layout", &src.layout, where, "", error)
        || !ref_json_string(obj, "type_line", &src.type_line, where, "", error)
        || !ref_json_string(obj, "mana_cost", &src.mana_cost, where, "", error)
        || !ref_json_array(obj, "faces", &faces, where, "", error)
        || !read_discover(obj, &src, where, error)
        || !read_cascade(obj, &src.cascade, where, "", error))
        return FALSE;
    src.cascade_given = TRUE;

    guint n_faces = faces != NULL ? json_array_get_length(faces) : 0;
    if (n_faces > KEYACT_MAX_FACES)
        return ref_carddb_too_many_faces(error, where, n_faces);
    if (n_faces > 0 && src.cascade != 0)
        return format_error(error, where,
                            "field \"cascade\" belongs on a face (\"faces[i].cascade\") "
                            "when the card has faces");
    src.n_faces = n_faces;
    for (guint i = 0; i < n_faces; i++) {
        g_autofree char *prefix = g_strdup_printf("faces[%u].", i);
        JsonNode *face_node = json_array_get_element(faces, i);
        if (!JSON_NODE_HOLDS_OBJECT(face_node)) {
            g_autofree char *what = g_strdup_printf("field \"faces[%u]\" is not an object", i);
            return format_error(error, where, what);
        }
        JsonObject *face = json_node_get_object(face_node);
        RefFaceSource *out = &src.faces[i];
        out->published_mana_value = -1;
        if (!ref_json_name(face, "name", &out->name, where, prefix, error)
            || !ref_json_string(face, "mana_cost", &out->mana_cost, where, prefix, error)
            || !ref_json_string(face, "type_line", &out->type_line, where, prefix, error)
            || !read_cascade(face, &out->cascade, where, prefix, error))
            return FALSE;
        out->cascade_given = TRUE;
    }
    return ref_carddb_add(db, &src, where, error);
}

gboolean ref_carddb_add_builtin(RefCardDb *db, JsonObject *doc,
                                const char *label, GError **error)
{
    double version = -1;
    JsonArray *cards = NULL;
    if (!ref_json_number(doc, "version", &version, label, "", error)
        || !ref_json_array(doc, "cards", &cards, label, "", error))
        return FALSE;
    if (version != 1)
        return format_error(error, label, "field \"version\" is not 1");
    if (cards == NULL)
        return format_error(error, label, "field \"cards\" is missing");

    guint n = json_array_get_length(cards);
    for (guint i = 0; i < n; i++)
        if (!add_card(db, json_array_get_element(cards, i), i, label, error))
            return FALSE;
    return TRUE;
}

RefCardDb *ref_carddb_load_builtin(GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(GBytes) bytes = g_resource_lookup_data(ref_carddb_get_resource(), BUILTIN_PATH,
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, &local);
    if (bytes == NULL) {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_IO,
                    "resource://%s: %s", BUILTIN_PATH, local->message);
        return NULL;
    }
    g_autoptr(JsonNode) root = ref_carddb_parse_json(bytes, "resource://" BUILTIN_PATH, error);
    if (root == NULL)
        return NULL;
    return ref_carddb_from_json(root, "resource://" BUILTIN_PATH, error);
}
