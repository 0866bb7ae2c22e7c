/* SPDX-License-Identifier: MIT */
/* carddb-private.h - what the card database's source files share: the
 * neutral card description every loader fills (RefCardSource), the database
 * internals, file reading and JSON helpers. Not installed; tests may include
 * it to reach the read limits.
 */
#ifndef KEYACT_REFHOST_CARDDB_PRIVATE_H
#define KEYACT_REFHOST_CARDDB_PRIVATE_H

#include <json-glib/json-glib.h>

#include "carddb.h"

G_BEGIN_DECLS

/* Largest (decompressed) file the loaders read: MTGJSON AtomicCards is about
 * 120 MiB; a bigger file is refused with REF_CARDDB_ERROR_IO instead of
 * exhausting memory. */
#define REF_CARDDB_MAX_BYTES ((gsize)512 * 1024 * 1024)

/* Deepest JSON nesting accepted. Card data nests about 6 levels; json-glib
 * recurses once per level and would overflow the stack on hostile input. */
#define REF_CARDDB_MAX_DEPTH 64u

/* Checks json-glib does not make, before it parses untrusted text: UTF-8
 * without NUL bytes, nesting within REF_CARDDB_MAX_DEPTH (json-glib recurses
 * per level), nothing after the first value. On failure sets a
 * REF_CARDDB_ERROR_PARSE error "LABEL:LINE:COLUMN: what". Used by the card
 * and scenario loaders. */
gboolean ref_json_prescan(const char *text, gsize len, const char *label, GError **error);

/* A json-glib parse error's message in keyact's words, without json-glib's
 * "<data>:LINE:COLUMN:" (the caller names the file and the position):
 * "expected ']' after ','". Free with g_free. (json-error.c) */
char *ref_json_describe_error(const char *message);

/* One face as a loader found it. NULL strings are "absent". */
typedef struct {
    const char *name;
    const char *mana_cost;
    const char *type_line;
    const char *oracle_text;
    double published_mana_value;   /* -1 when absent */
    JsonArray *keywords;           /* MTGJSON face "keywords", NULL when absent */
    /* TRUE: `cascade` is given (built-in set); FALSE: it is read from the
     * oracle text, and is 0 when a keyword list lacks "Cascade". */
    gboolean cascade_given;
    guint cascade;
} RefFaceSource;

/* One card as a loader found it; ref_carddb_add() turns it into a RefCard.
 * n_faces == 0 means a one-face card described by the card's own fields. */
typedef struct {
    const char *name;              /* required */
    const char *layout;            /* NULL: "normal" */
    const char *type_line;         /* NULL: the faces' type lines joined by " // " */
    const char *mana_cost;         /* card-level cost; split costs joined by " // " */
    const char *oracle_text;       /* one-face cards */
    double published_mana_value;   /* -1 when absent */
    guint n_faces;
    RefFaceSource faces[KEYACT_MAX_FACES];
    /* TRUE: discover_kind/discover_n are given (built-in set);
     * FALSE: they are detected from the oracle texts. */
    gboolean discover_given;
    RefDiscoverKind discover_kind;
    gint discover_n;
    guint treasures_below;         /* given with discover_given; else read from the text */
    /* Card-level keywords (Scryfall; MTGJSON one-face cards) and, for
     * one-face cards, the given cascade count; as in RefFaceSource. */
    JsonArray *keywords;
    gboolean cascade_given;
    guint cascade;
} RefCardSource;

RefCardDb *ref_carddb_new(void);

/* Add one card. `where` names it in errors ("FILE: card 12 \"Fire // Ice\"").
 * On failure nothing is added and a REF_CARDDB_ERROR_FORMAT error is set. */
gboolean ref_carddb_add(RefCardDb *db, const RefCardSource *src,
                        const char *where, GError **error);

/* Fail with a FORMAT error: the card has more faces than the ABI can
 * describe (KEYACT_MAX_FACES). Returns FALSE. */
gboolean ref_carddb_too_many_faces(GError **error, const char *where, guint n_faces);

/* Build the name index; call once after the last ref_carddb_add(). */
void ref_carddb_finish(RefCardDb *db);

/* Text facts (carddb-text.c). */
guint32 ref_layout_from_name(const char *layout_name);
/* TRUE when `type_line` has `word` as a type word before any em dash. */
gboolean ref_type_line_has(const char *type_line, const char *word);
gboolean ref_type_line_is_permanent(const char *type_line);

/* The oracle text without parenthesized reminder text (carddb-text.c). */
char *ref_text_without_reminders(const char *text);

/* Discover detection from one face's oracle text (carddb-discover.c). */
void ref_discover_from_text(const char *oracle_text, const char *type_line,
                            RefDiscoverKind *out_kind, gint *out_n);

/* The T of "If the discovered card's mana value is less than T, create a
 * number of tapped Treasure tokens equal to the difference" in one face's
 * oracle text, or 0 (carddb-discover.c). */
guint ref_treasures_below_from_text(const char *oracle_text);

/* Cascade (carddb-cascade.c): instances of the keyword on one face's
 * keyword lines, and whether a keyword list names it. */
guint ref_cascade_from_text(const char *oracle_text);
gboolean ref_keywords_have_cascade(JsonArray *keywords);

/* Reading (carddb-read.c): the file's bytes, gunzipped when they start
 * with the gzip magic, at most max_bytes after decompression. */
GBytes *ref_carddb_read_bytes(const char *path, gsize max_bytes, GError **error);

/* Parse JSON text; errors are PARSE with "LABEL:LINE:COLUMN: message". */
JsonNode *ref_carddb_parse_json(GBytes *bytes, const char *label, GError **error);

/* Turn a parsed document into a database (carddb-load.c). */
RefCardDb *ref_carddb_from_json(JsonNode *root, const char *label, GError **error);

/* Loaders by format (carddb-scryfall.c, carddb-mtgjson.c, carddb-builtin.c). */
gboolean ref_carddb_add_scryfall(RefCardDb *db, JsonArray *cards,
                                 const char *label, GError **error);
gboolean ref_carddb_add_mtgjson(RefCardDb *db, JsonObject *data,
                                const char *label, GError **error);
gboolean ref_carddb_add_builtin(RefCardDb *db, JsonObject *doc,
                                const char *label, GError **error);

/* JSON field access with type checks (carddb-json.c). An absent or null
 * member gives NULL / -1 and succeeds; a member of the wrong type fails
 * with a FORMAT error "WHERE: field \"<prefix><member>\" is not a ...". */
gboolean ref_json_string(JsonObject *obj, const char *member, const char **out,
                         const char *where, const char *prefix, GError **error);
gboolean ref_json_number(JsonObject *obj, const char *member, double *out,
                         const char *where, const char *prefix, GError **error);
gboolean ref_json_array(JsonObject *obj, const char *member, JsonArray **out,
                        const char *where, const char *prefix, GError **error);
gboolean ref_json_object(JsonObject *obj, const char *member, JsonObject **out,
                         const char *where, const char *prefix, GError **error);
/* A required non-empty string. */
gboolean ref_json_name(JsonObject *obj, const char *member, const char **out,
                       const char *where, const char *prefix, GError **error);

G_END_DECLS

#endif /* KEYACT_REFHOST_CARDDB_PRIVATE_H */
