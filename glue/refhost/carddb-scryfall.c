/* SPDX-License-Identifier: MIT */
/* carddb-scryfall.c - Scryfall card objects (and the shared card pool,
 * which uses the same fields plus face_mana_value on faces).
 *
 * Read per card: name, layout, mana_cost, cmc, type_line, oracle_text,
 * keywords (absent from the shared pool), card_faces[{name, mana_cost,
 * type_line, oracle_text, face_mana_value}].
 */
#include "carddb-private.h"

static gboolean read_face(JsonArray *faces, guint i, RefFaceSource *out,
                          const char *where, GError **error)
{
    g_autofree char *prefix = g_strdup_printf("card_faces[%u].", i);
    JsonNode *node = json_array_get_element(faces, i);
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                    "%s: field \"card_faces[%u]\" is not an object", where, i);
        return FALSE;
    }
    JsonObject *face = json_node_get_object(node);
    if (!ref_json_name(face, "name", &out->name, where, prefix, error)
        || !ref_json_string(face, "mana_cost", &out->mana_cost, where, prefix, error)
        || !ref_json_string(face, "type_line", &out->type_line, where, prefix, error)
        || !ref_json_string(face, "oracle_text", &out->oracle_text, where, prefix, error)
        || !ref_json_number(face, "face_mana_value", &out->published_mana_value,
                            where, prefix, error))
        return FALSE;
    return TRUE;
}

static gboolean add_card(RefCardDb *db, JsonNode *node, guint index,
                         const char *label, GError **error)
{
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                    "%s: card %u: not an object", label, index);
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(node);
    RefCardSource src = { 0 };
    g_autofree char *anonymous = g_strdup_printf("%s: card %u", label, index);
    if (!ref_json_name(obj, "name", &src.name, anonymous, "", error))
        return FALSE;

    g_autofree char *where = g_strdup_printf("%s: card %u \"%s\"", label, index, src.name);
    JsonArray *faces = NULL;
    if (!ref_json_string(obj, "layout", &src.layout, where, "", error)
        || !ref_json_string(obj, "mana_cost", &src.mana_cost, where, "", error)
        || !ref_json_number(obj, "cmc", &src.published_mana_value, where, "", error)
        || !ref_json_string(obj, "type_line", &src.type_line, where, "", error)
        || !ref_json_string(obj, "oracle_text", &src.oracle_text, where, "", error)
        || !ref_json_array(obj, "keywords", &src.keywords, where, "", error)
        || !ref_json_array(obj, "card_faces", &faces, where, "", error))
        return FALSE;

    guint n_faces = faces != NULL ? json_array_get_length(faces) : 0;
    if (n_faces > KEYACT_MAX_FACES)
        return ref_carddb_too_many_faces(error, where, n_faces);
    src.n_faces = n_faces;
    for (guint i = 0; i < n_faces; i++)
        if (!read_face(faces, i, &src.faces[i], where, error))
            return FALSE;
    return ref_carddb_add(db, &src, where, error);
}

gboolean ref_carddb_add_scryfall(RefCardDb *db, JsonArray *cards,
                                 const char *label, GError **error)
{
    guint n = json_array_get_length(cards);
    for (guint i = 0; i < n; i++)
        if (!add_card(db, json_array_get_element(cards, i), i, label, error))
            return FALSE;
    return TRUE;
}
