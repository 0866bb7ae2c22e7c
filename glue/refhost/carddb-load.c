/* SPDX-License-Identifier: MIT */
/* carddb-load.c - ref_carddb_load_file(): read, parse, recognise the format
 * and hand the cards to the matching loader.
 *
 * Recognised documents:
 *   [ card, ... ]                          Scryfall card objects
 *   {"object": "list", "data": [ ... ]}    a Scryfall list ("object" optional)
 *   {"data": {"code": ..., "cards": [...]}} an MTGJSON set file
 *   {"data": {"Name": [face, ...], ...}}   MTGJSON AtomicCards
 *   {"data": {"LCI": {set}, ...}}          MTGJSON AllPrintings
 *   {"format": "keyact-carddb", ...}       the built-in set's own schema
 */
#include "carddb-private.h"

#include <string.h>

static RefCardDb *format_error(GError **error, const char *label, const char *what)
{
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                "%s: not Scryfall or MTGJSON card data: %s", label, what);
    return NULL;
}

RefCardDb *ref_carddb_from_json(JsonNode *root, const char *label, GError **error)
{
    g_autoptr(RefCardDb) db = ref_carddb_new();
    gboolean ok;

    if (JSON_NODE_HOLDS_ARRAY(root)) {
        ok = ref_carddb_add_scryfall(db, json_node_get_array(root), label, error);
    } else if (JSON_NODE_HOLDS_OBJECT(root)) {
        JsonObject *obj = json_node_get_object(root);
        JsonNode *format = json_object_get_member(obj, "format");
        JsonNode *data = json_object_get_member(obj, "data");
        JsonNode *object = json_object_get_member(obj, "object");
        if (format != NULL) {
            const char *name = JSON_NODE_HOLDS_VALUE(format)
                && json_node_get_value_type(format) == G_TYPE_STRING
                ? json_node_get_string(format) : NULL;
            if (g_strcmp0(name, "keyact-carddb") != 0)
                return format_error(error, label, "unknown \"format\" (expected \"keyact-carddb\")");
            ok = ref_carddb_add_builtin(db, obj, label, error);
        } else if (data != NULL && JSON_NODE_HOLDS_ARRAY(data)) {
            if (object != NULL && (!JSON_NODE_HOLDS_VALUE(object)
                                   || json_node_get_value_type(object) != G_TYPE_STRING
                                   || strcmp(json_node_get_string(object), "list") != 0))
                return format_error(error, label, "\"object\" is not \"list\"");
            ok = ref_carddb_add_scryfall(db, json_node_get_array(data), label, error);
        } else if (data != NULL && JSON_NODE_HOLDS_OBJECT(data)) {
            ok = ref_carddb_add_mtgjson(db, json_node_get_object(data), label, error);
        } else {
            return format_error(error, label,
                                "an object without a \"data\" array or object");
        }
    } else {
        return format_error(error, label, "the document is not an array or object");
    }
    if (!ok)
        return NULL;
    ref_carddb_finish(db);
    return g_steal_pointer(&db);
}

RefCardDb *ref_carddb_load_file(const char *path, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    g_autoptr(GBytes) bytes = ref_carddb_read_bytes(path, REF_CARDDB_MAX_BYTES, error);
    if (bytes == NULL)
        return NULL;
    g_autoptr(JsonNode) root = ref_carddb_parse_json(bytes, path, error);
    if (root == NULL)
        return NULL;
    /* The text is no longer needed once the tree exists; free it before
     * the cards are built so the peak stays lower on big files. */
    g_clear_pointer(&bytes, g_bytes_unref);
    return ref_carddb_from_json(root, path, error);
}
