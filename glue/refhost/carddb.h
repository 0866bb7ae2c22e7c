/* SPDX-License-Identifier: MIT */
/* carddb.h - the reference host's card database: real card facts (name,
 * layout, faces, printed costs, types, discover N, cascade) from the
 * built-in set or from Scryfall / MTGJSON files.
 *
 * Threads: a loaded database is read-only and may be shared by any number of
 * threads. Strings and cards are owned by the database and live until it is
 * freed.
 */
#ifndef KEYACT_REFHOST_CARDDB_H
#define KEYACT_REFHOST_CARDDB_H

#include <glib.h>
#include <keyact/keyact.h>

G_BEGIN_DECLS

#define REF_CARDDB_ERROR (ref_carddb_error_quark())
GQuark ref_carddb_error_quark(void);

typedef enum {
    REF_CARDDB_ERROR_IO,       /* the file could not be read / decompressed */
    REF_CARDDB_ERROR_PARSE,    /* not JSON: message has file:line:column */
    REF_CARDDB_ERROR_FORMAT,   /* JSON, but not Scryfall or MTGJSON card data: message names the card/field */
} RefCardDbError;

/* How a card discovers (its "discover N" ability). */
typedef enum {
    REF_DISCOVER_NONE = 0,      /* the card does not discover */
    REF_DISCOVER_ON_RESOLVE,    /* an instant/sorcery that discovers as it resolves */
    REF_DISCOVER_ETB_IF_CAST,   /* "When ... enters, if you cast it, discover N" */
    REF_DISCOVER_OTHER,         /* discovers some other way (attack, activated, ...): shown, not automated */
    REF_DISCOVER_ETB,           /* "When ... enters, discover N": whenever it enters, cast or not */
} RefDiscoverKind;

typedef struct {
    char *name;
    char *mana_cost;      /* printed cost, "" for none */
    char *type_line;
    gboolean is_land;
    guint cascade;        /* instances of cascade on this face (CR 702.85c); 0 none */
} RefFace;

typedef struct {
    char *name;           /* full name, "Fire // Ice" */
    guint32 layout;       /* KEYACT_LAYOUT_* */
    char *layout_name;    /* as in the data: "split", "saga", ... */
    char *type_line;      /* whole card's type line */
    guint n_faces;        /* 1..KEYACT_MAX_FACES */
    RefFace faces[KEYACT_MAX_FACES];
    gboolean is_permanent;     /* front face is an artifact/creature/enchantment/planeswalker/land/battle */
    RefDiscoverKind discover_kind;
    gint discover_n;           /* N, or -1 for "discover X" (the host computes it), 0 when none */
    /* What a card that discovers does with the discovered card (CR 701.57c)
     * after the discover: "If the discovered card's mana value is less than
     * T, create a number of tapped Treasure tokens equal to the difference"
     * (Hit the Mother Lode, T = 10). T, or 0 when the card does not. */
    guint treasures_below;
    double published_mana_value;         /* the data's cmc, or -1 when absent */
    double face_published_mana_value[KEYACT_MAX_FACES]; /* face_mana_value, -1 when absent */
    /* Ready-made ABI description (points into this card): hand &desc to
     * keyact_host.describe_card answers with no copying. */
    keyact_card_desc desc;
    keyact_face_desc face_desc[KEYACT_MAX_FACES];
} RefCard;

typedef struct _RefCardDb RefCardDb;

/* The built-in default set (a GResource compiled into the program). */
RefCardDb *ref_carddb_load_builtin(GError **error);

/* A Scryfall JSON array / {"data": [...]} list, or MTGJSON AtomicCards / a
 * set file, plain or gzip (.gz detected by content). */
RefCardDb *ref_carddb_load_file(const char *path, GError **error);

void ref_carddb_free(RefCardDb *db);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(RefCardDb, ref_carddb_free)

guint ref_carddb_size(const RefCardDb *db);
const RefCard *ref_carddb_get(const RefCardDb *db, guint index);
/* By full name or by a face's name ("Fire" finds "Fire // Ice"), ASCII
 * case-insensitive; NULL when absent. */
const RefCard *ref_carddb_lookup(const RefCardDb *db, const char *name);

/* A KEYACT_LAYOUT_* as card data spells it ("normal", "modal_dfc", ...);
 * unknown values are "normal", as the rules treat them. Static. */
const char *ref_layout_name(guint32 layout);

G_END_DECLS

#endif /* KEYACT_REFHOST_CARDDB_H */
