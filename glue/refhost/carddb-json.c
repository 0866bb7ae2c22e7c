/* SPDX-License-Identifier: MIT */
/* carddb-json.c - typed access to JSON members. Card data from the wild has
 * nulls, missing members and wrong types; each of these turns into either
 * "absent" or a FORMAT error naming the card and field, never a crash. */
#include "carddb-private.h"

static JsonNode *member(JsonObject *obj, const char *name)
{
    JsonNode *node = json_object_get_member(obj, name);
    return node != NULL && !JSON_NODE_HOLDS_NULL(node) ? node : NULL;
}

static gboolean wrong_type(const char *where, const char *prefix,
                           const char *name, const char *expected, GError **error)
{
    g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                "%s: field \"%s%s\" is not %s", where, prefix, name, expected);
    return FALSE;
}

gboolean ref_json_string(JsonObject *obj, const char *name, const char **out,
                         const char *where, const char *prefix, GError **error)
{
    JsonNode *node = member(obj, name);
    *out = NULL;
    if (node == NULL)
        return TRUE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING)
        return wrong_type(where, prefix, name, "a string", error);
    *out = json_node_get_string(node);
    return TRUE;
}

gboolean ref_json_number(JsonObject *obj, const char *name, double *out,
                         const char *where, const char *prefix, GError **error)
{
    JsonNode *node = member(obj, name);
    *out = -1;
    if (node == NULL)
        return TRUE;
    if (JSON_NODE_HOLDS_VALUE(node)) {
        GType type = json_node_get_value_type(node);
        if (type == G_TYPE_DOUBLE || type == G_TYPE_INT64) {
            *out = json_node_get_double(node);
            return TRUE;
        }
    }
    return wrong_type(where, prefix, name, "a number", error);
}

gboolean ref_json_array(JsonObject *obj, const char *name, JsonArray **out,
                        const char *where, const char *prefix, GError **error)
{
    JsonNode *node = member(obj, name);
    *out = NULL;
    if (node == NULL)
        return TRUE;
    if (!JSON_NODE_HOLDS_ARRAY(node))
        return wrong_type(where, prefix, name, "an array", error);
    *out = json_node_get_array(node);
    return TRUE;
}

gboolean ref_json_object(JsonObject *obj, const char *name, JsonObject **out,
                         const char *where, const char *prefix, GError **error)
{
    JsonNode *node = member(obj, name);
    *out = NULL;
    if (node == NULL)
        return TRUE;
    if (!JSON_NODE_HOLDS_OBJECT(node))
        return wrong_type(where, prefix, name, "an object", error);
    *out = json_node_get_object(node);
    return TRUE;
}

gboolean ref_json_name(JsonObject *obj, const char *name, const char **out,
                       const char *where, const char *prefix, GError **error)
{
    if (!ref_json_string(obj, name, out, where, prefix, error))
        return FALSE;
    if (*out == NULL || (*out)[0] == '\0') {
        g_set_error(error, REF_CARDDB_ERROR, REF_CARDDB_ERROR_FORMAT,
                    "%s: field \"%s%s\" is missing or empty", where, prefix, name);
        return FALSE;
    }
    return TRUE;
}
