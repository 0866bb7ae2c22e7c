/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Loading a {@link CardDb}: the built-in set (a resource in the jar, the
 * same file the C host compiles in), Scryfall card arrays and lists, and
 * MTGJSON AtomicCards, set files and AllPrintings, plain or gzip (detected
 * by content, through {@code java.util.zip}). Errors name the file, the
 * card and the field as the C host's do.
 */
public final class CardFiles {
    private CardFiles() {}

    /** Largest (decompressed) file read: MTGJSON AtomicCards is about 120 MiB. */
    static final long MAX_BYTES = 512L * 1024 * 1024;

    static final String BUILTIN_LABEL = "resource:///org/keyact/refhost/builtin-cards.json";

    /** The built-in card set. */
    public static CardDb builtin() throws CardDataException {
        try (InputStream in = CardFiles.class.getResourceAsStream("builtin-cards.json")) {
            if (in == null)
                throw new CardDataException(BUILTIN_LABEL + ": not in the jar");
            return fromBytes(in.readAllBytes(), BUILTIN_LABEL);
        } catch (IOException e) {
            throw new CardDataException(BUILTIN_LABEL + ": " + e.getMessage(), e);
        }
    }

    /** A card file; {@code label} (the path as given) names it in messages. */
    public static CardDb load(Path path, String label) throws CardDataException {
        return fromBytes(read(path, label), label);
    }

    private static byte[] read(Path path, String label) throws CardDataException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(path))) {
            raw.mark(2);
            int b0 = raw.read(), b1 = raw.read();
            raw.reset();
            InputStream in = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(raw, 64 * 1024) : raw;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] chunk = new byte[64 * 1024];
            for (int got; (got = in.read(chunk)) > 0;) {
                if (out.size() + (long) got > MAX_BYTES)
                    throw new CardDataException(label + ": larger than " + MAX_BYTES
                            + " bytes (after decompression); refused");
                out.write(chunk, 0, got);
            }
            return out.toByteArray();
        } catch (NoSuchFileException e) {
            throw new CardDataException(label + ": Error opening file " + path + ": No such file or directory", e);
        } catch (IOException e) {
            throw new CardDataException(label + ": " + e.getMessage(), e);
        }
    }

    private static CardDb fromBytes(byte[] bytes, String label) throws CardDataException {
        JsonNode root;
        try {
            root = JsonText.parse(bytes, label);
        } catch (JsonText.ParseException e) {
            throw new CardDataException(e.getMessage(), e);
        }
        if (root == null)
            throw new CardDataException(label + ":1:1: no JSON value (empty file)");
        return fromJson(root, label);
    }

    private static CardDataException formatError(String label, String what) {
        return new CardDataException(label + ": not Scryfall or MTGJSON card data: " + what);
    }

    static CardDb fromJson(JsonNode root, String label) throws CardDataException {
        CardDb db = new CardDb();
        if (root.isArray()) {
            addScryfall(db, root, label);
        } else if (root.isObject()) {
            JsonNode format = root.get("format"), data = root.get("data"), object = root.get("object");
            if (format != null) {
                if (!format.isTextual() || !format.asText().equals("keyact-carddb"))
                    throw formatError(label, "unknown \"format\" (expected \"keyact-carddb\")");
                addBuiltin(db, root, label);
            } else if (data != null && data.isArray()) {
                if (object != null && (!object.isTextual() || !object.asText().equals("list")))
                    throw formatError(label, "\"object\" is not \"list\"");
                addScryfall(db, data, label);
            } else if (data != null && data.isObject()) {
                addMtgJson(db, data, label);
            } else {
                throw formatError(label, "an object without a \"data\" array or object");
            }
        } else {
            throw formatError(label, "the document is not an array or object");
        }
        db.finish();
        return db;
    }

    /* ---- typed members: absent or null is "absent"; a wrong type names the field ---- */

    private static JsonNode member(JsonNode obj, String name) {
        JsonNode n = obj.get(name);
        return n != null && !n.isNull() ? n : null;
    }

    private static CardDataException wrongType(String where, String prefix, String name, String expected) {
        return new CardDataException(where + ": field \"" + prefix + name + "\" is not " + expected);
    }

    static String string(JsonNode obj, String name, String where, String prefix) throws CardDataException {
        JsonNode n = member(obj, name);
        if (n == null)
            return null;
        if (!n.isTextual())
            throw wrongType(where, prefix, name, "a string");
        return n.asText();
    }

    static double number(JsonNode obj, String name, String where, String prefix) throws CardDataException {
        JsonNode n = member(obj, name);
        if (n == null)
            return -1;
        if (!n.isNumber())
            throw wrongType(where, prefix, name, "a number");
        return n.doubleValue();
    }

    static JsonNode array(JsonNode obj, String name, String where, String prefix) throws CardDataException {
        JsonNode n = member(obj, name);
        if (n != null && !n.isArray())
            throw wrongType(where, prefix, name, "an array");
        return n;
    }

    static JsonNode object(JsonNode obj, String name, String where, String prefix) throws CardDataException {
        JsonNode n = member(obj, name);
        if (n != null && !n.isObject())
            throw wrongType(where, prefix, name, "an object");
        return n;
    }

    static String name(JsonNode obj, String name, String where, String prefix) throws CardDataException {
        String s = string(obj, name, where, prefix);
        if (s == null || s.isEmpty())
            throw new CardDataException(where + ": field \"" + prefix + name + "\" is missing or empty");
        return s;
    }

    /* ---- Scryfall (and the shared pool: face_mana_value on faces) ---- */

    private static void addScryfall(CardDb db, JsonNode cards, String label) throws CardDataException {
        for (int i = 0; i < cards.size(); i++) {
            JsonNode obj = cards.get(i);
            if (!obj.isObject())
                throw new CardDataException(label + ": card " + i + ": not an object");
            CardDb.CardSource src = new CardDb.CardSource();
            src.name = name(obj, "name", label + ": card " + i, "");
            String where = label + ": card " + i + " \"" + src.name + "\"";
            src.layout = string(obj, "layout", where, "");
            src.manaCost = string(obj, "mana_cost", where, "");
            src.publishedManaValue = number(obj, "cmc", where, "");
            src.typeLine = string(obj, "type_line", where, "");
            src.oracleText = string(obj, "oracle_text", where, "");
            src.keywords = array(obj, "keywords", where, "");
            JsonNode faces = array(obj, "card_faces", where, "");
            int n = faces != null ? faces.size() : 0;
            if (n > CardDb.MAX_FACES)
                throw CardDb.tooManyFaces(where, n);
            for (int f = 0; f < n; f++) {
                JsonNode face = faces.get(f);
                if (!face.isObject())
                    throw new CardDataException(where + ": field \"card_faces[" + f + "]\" is not an object");
                String prefix = "card_faces[" + f + "].";
                CardDb.FaceSource out = new CardDb.FaceSource();
                out.name = name(face, "name", where, prefix);
                out.manaCost = string(face, "mana_cost", where, prefix);
                out.typeLine = string(face, "type_line", where, prefix);
                out.oracleText = string(face, "oracle_text", where, prefix);
                out.publishedManaValue = number(face, "face_mana_value", where, prefix);
                src.faces.add(out);
            }
            db.add(src, where);
        }
    }

    /* ---- MTGJSON: one entry per face, grouped by name, one entry per side ---- */

    private record Entry(JsonNode obj, String where, String side) {}

    private static final class Grouping {
        final String label;
        final Map<String, List<Entry>> groups = new LinkedHashMap<>();

        Grouping(String label) {
            this.label = label;
        }

        void add(JsonNode node, String where) throws CardDataException {
            if (!node.isObject())
                throw new CardDataException(where + ": not an object");
            String name = name(node, "name", where, "");
            String side = string(node, "side", where, "");
            List<Entry> entries = groups.computeIfAbsent(name, k -> new ArrayList<>());
            for (Entry seen : entries)
                if (java.util.Objects.equals(seen.side(), side))
                    return; // another printing of a face we have
            entries.add(new Entry(node, where + " \"" + name + "\"", side));
        }

        void addSet(JsonNode cards, String prefix) throws CardDataException {
            for (int i = 0; i < cards.size(); i++)
                add(cards.get(i), label + ": " + prefix + "cards[" + i + "]");
        }
    }

    private static double value(JsonNode obj, String name, String oldName, String where) throws CardDataException {
        double v = number(obj, name, where, "");
        return v < 0 ? number(obj, oldName, where, "") : v;
    }

    private static void addMtgJson(CardDb db, JsonNode data, String label) throws CardDataException {
        Grouping g = new Grouping(label);
        JsonNode cards = array(data, "cards", label, "data.");
        if (cards != null) {
            g.addSet(cards, "data.");
        } else {
            for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> m = it.next();
                String key = m.getKey();
                JsonNode value = m.getValue();
                if (value.isArray()) {
                    for (int i = 0; i < value.size(); i++)
                        g.add(value.get(i), label + ": data.\"" + key + "\"[" + i + "]");
                    continue;
                }
                if (value.isObject()) {
                    JsonNode set = array(value, "cards", label + ": data.\"" + key + "\"", "");
                    if (set != null) {
                        g.addSet(set, "data.\"" + key + "\".");
                        continue;
                    }
                }
                throw new CardDataException(label + ": data.\"" + key + "\": expected an array of card "
                        + "faces (AtomicCards) or a set with \"cards\"");
            }
        }
        for (Map.Entry<String, List<Entry>> group : g.groups.entrySet())
            addGroup(db, group.getKey(), group.getValue());
    }

    private static void addGroup(CardDb db, String name, List<Entry> entries) throws CardDataException {
        entries.sort(Comparator.comparing(Entry::side, Comparator.nullsFirst(Comparator.naturalOrder())));
        Entry first = entries.get(0);
        String where = first.where();
        if (entries.size() > CardDb.MAX_FACES)
            throw CardDb.tooManyFaces(where, entries.size());
        CardDb.CardSource src = new CardDb.CardSource();
        src.name = name;
        src.layout = string(first.obj(), "layout", where, "");
        src.publishedManaValue = value(first.obj(), "manaValue", "convertedManaCost", where);
        String faceName = string(first.obj(), "faceName", where, "");
        if (entries.size() == 1 && faceName == null) {
            src.manaCost = string(first.obj(), "manaCost", where, "");
            src.typeLine = string(first.obj(), "type", where, "");
            src.oracleText = string(first.obj(), "text", where, "");
            src.keywords = array(first.obj(), "keywords", where, "");
            db.add(src, where);
            return;
        }
        for (Entry e : entries) {
            CardDb.FaceSource face = new CardDb.FaceSource();
            face.name = string(e.obj(), "faceName", e.where(), "");
            face.manaCost = string(e.obj(), "manaCost", e.where(), "");
            face.typeLine = string(e.obj(), "type", e.where(), "");
            face.oracleText = string(e.obj(), "text", e.where(), "");
            face.keywords = array(e.obj(), "keywords", e.where(), "");
            face.publishedManaValue = value(e.obj(), "faceManaValue", "faceConvertedManaCost", e.where());
            if (face.name == null)
                face.name = name;
            src.faces.add(face);
        }
        db.add(src, where);
    }

    /* ---- the built-in set's own schema (format "keyact-carddb", version 1) ---- */

    private static CardDataException builtinError(String where, String what) {
        return new CardDataException(where + ": " + what);
    }

    private static boolean isIntIn(JsonNode n, long min, long max) {
        if (n == null || !n.isIntegralNumber())
            return false;
        BigInteger v = n.bigIntegerValue();
        return v.compareTo(BigInteger.valueOf(min)) >= 0 && v.compareTo(BigInteger.valueOf(max)) <= 0;
    }

    private static int cascade(JsonNode obj, String where, String prefix) throws CardDataException {
        JsonNode n = obj.get("cascade");
        if (n == null)
            return 0;
        if (isIntIn(n, 1, 100))
            return n.intValue();
        throw builtinError(where, "field \"" + prefix + "cascade\" is not a count from 1 to 100");
    }

    private static void readDiscover(JsonNode card, CardDb.CardSource src, String where) throws CardDataException {
        JsonNode discover = object(card, "discover", where, "");
        src.discoverGiven = true;
        if (discover == null)
            return;
        JsonNode treasures = discover.get("treasures_below");
        if (treasures != null) {
            if (!isIntIn(treasures, 1, 1000))
                throw builtinError(where, "field \"discover.treasures_below\" is not a count from 1 to 1000");
            src.treasuresBelow = treasures.intValue();
        }
        String kind = name(discover, "kind", where, "discover.");
        src.discoverKind = switch (kind) {
            case "on_resolve" -> DiscoverKind.ON_RESOLVE;
            case "etb_if_cast" -> DiscoverKind.ETB_IF_CAST;
            case "etb" -> DiscoverKind.ETB;
            case "other" -> DiscoverKind.OTHER;
            default -> throw builtinError(where,
                    "field \"discover.kind\" is not on_resolve, etb_if_cast, etb or other");
        };
        JsonNode n = discover.get("n");
        if (n != null && n.isTextual() && n.asText().equals("X")) {
            src.discoverN = -1;
            return;
        }
        if (isIntIn(n, 0, Integer.MAX_VALUE)) {
            src.discoverN = n.intValue();
            return;
        }
        throw builtinError(where, "field \"discover.n\" is not a count >= 0 or \"X\"");
    }

    private static void addBuiltin(CardDb db, JsonNode doc, String label) throws CardDataException {
        double version = number(doc, "version", label, "");
        JsonNode cards = array(doc, "cards", label, "");
        if (version != 1)
            throw builtinError(label, "field \"version\" is not 1");
        if (cards == null)
            throw builtinError(label, "field \"cards\" is missing");
        for (int i = 0; i < cards.size(); i++) {
            String anonymous = label + ": card " + i;
            JsonNode obj = cards.get(i);
            if (!obj.isObject())
                throw builtinError(anonymous, "not an object");
            CardDb.CardSource src = new CardDb.CardSource();
            src.name = name(obj, "name", anonymous, "");
            String where = label + ": card " + i + " \"" + src.name + "\"";
            src.layout = string(obj, "layout", where, "");
            src.typeLine = string(obj, "type_line", where, "");
            src.manaCost = string(obj, "mana_cost", where, "");
            JsonNode faces = array(obj, "faces", where, "");
            readDiscover(obj, src, where);
            src.cascade = cascade(obj, where, "");
            src.cascadeGiven = true;
            int n = faces != null ? faces.size() : 0;
            if (n > CardDb.MAX_FACES)
                throw CardDb.tooManyFaces(where, n);
            if (n > 0 && src.cascade != 0)
                throw builtinError(where, "field \"cascade\" belongs on a face (\"faces[i].cascade\") "
                        + "when the card has faces");
            for (int f = 0; f < n; f++) {
                String prefix = "faces[" + f + "].";
                JsonNode face = faces.get(f);
                if (!face.isObject())
                    throw builtinError(where, "field \"faces[" + f + "]\" is not an object");
                CardDb.FaceSource out = new CardDb.FaceSource();
                out.name = name(face, "name", where, prefix);
                out.manaCost = string(face, "mana_cost", where, prefix);
                out.typeLine = string(face, "type_line", where, prefix);
                out.cascade = cascade(face, where, prefix);
                out.cascadeGiven = true;
                src.faces.add(out);
            }
            db.add(src, where);
        }
    }
}
