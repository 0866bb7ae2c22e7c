/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import org.keyact.Layout;

/**
 * The card database: every card's {@link CardRules}, found by full name or
 * by a face's name, ASCII case-insensitive (Forge's {@code CardDb}).
 * {@link CardFiles} fills it from the built-in set, Scryfall or MTGJSON.
 * Read-only once loaded; any number of threads may share it.
 */
public final class CardDb {
    /** Most faces the card ABI describes (KEYACT_MAX_FACES). */
    static final int MAX_FACES = 8;

    private final List<CardRules> cards = new ArrayList<>();
    private final Map<String, CardRules> byName = new HashMap<>();

    CardDb() {}

    /** How many cards it holds. */
    public int size() {
        return cards.size();
    }

    /** Every card, in the order the data gave them. */
    public List<CardRules> cards() {
        return List.copyOf(cards);
    }

    /** The card with this full name or face name; a full name wins over another card's face. */
    public Optional<CardRules> lookup(String name) {
        return Optional.ofNullable(byName.get(Text.asciiLower(name)));
    }

    /** One face as a loader found it; null strings are absent. */
    static final class FaceSource {
        String name, manaCost, typeLine, oracleText;
        double publishedManaValue = -1;
        JsonNode keywords;
        boolean cascadeGiven;
        int cascade;
    }

    /** One card as a loader found it; no faces means one face described by the card's fields. */
    static final class CardSource {
        String name, layout, typeLine, manaCost, oracleText;
        double publishedManaValue = -1;
        final List<FaceSource> faces = new ArrayList<>();
        boolean discoverGiven;
        DiscoverKind discoverKind = DiscoverKind.NONE;
        int discoverN;
        int treasuresBelow;
        JsonNode keywords;
        boolean cascadeGiven;
        int cascade;
    }

    static CardDataException tooManyFaces(String where, int n) {
        return new CardDataException(where + ": " + n + " faces, the card ABI describes at most "
                + MAX_FACES);
    }

    private static boolean keywordsHaveCascade(JsonNode keywords) {
        for (JsonNode k : keywords)
            if (k.isTextual() && Text.asciiEqualsIgnoreCase(k.asText(), "Cascade"))
                return true;
        return false;
    }

    private static int faceCascade(CardSource src, int face) {
        if (src.faces.isEmpty()) {
            if (src.cascadeGiven)
                return src.cascade;
            if (src.keywords != null && !keywordsHaveCascade(src.keywords))
                return 0;
            return Text.cascadeFromText(src.oracleText);
        }
        FaceSource f = src.faces.get(face);
        if (f.cascadeGiven)
            return f.cascade;
        JsonNode keywords = f.keywords != null ? f.keywords : src.keywords;
        if (keywords != null && !keywordsHaveCascade(keywords))
            return 0;
        return Text.cascadeFromText(f.oracleText);
    }

    /** Add one card; {@code where} names it in errors. Nothing is added on failure. */
    void add(CardSource src, String where) throws CardDataException {
        if (src.name == null || src.name.isEmpty())
            throw new CardDataException(where + ": field \"name\" is missing or empty");
        int n = src.faces.size();
        if (n > MAX_FACES)
            throw tooManyFaces(where, n);
        for (int i = 0; i < n; i++)
            if (src.faces.get(i).name == null)
                throw new CardDataException(where + ": face " + i + " has no name");

        Layout layout = Text.layoutFromName(src.layout != null ? src.layout : "normal");
        int count = n == 0 ? 1 : n;
        String[] names = new String[count], costs = new String[count], types = new String[count];
        if (n == 0) {
            names[0] = src.name;
            costs[0] = src.manaCost != null ? src.manaCost : "";
            types[0] = src.typeLine != null ? src.typeLine : "";
        } else {
            for (int i = 0; i < n; i++) {
                FaceSource f = src.faces.get(i);
                names[i] = f.name;
                costs[i] = f.manaCost;
                types[i] = f.typeLine != null ? f.typeLine : "";
            }
        }
        /* Split-style cards may give their costs only as the card's joined cost. */
        boolean halves = layout == Layout.SPLIT || layout == Layout.AFTERMATH || layout == Layout.ADVENTURE;
        boolean missing = false;
        for (String c : costs)
            missing |= c == null;
        if (missing && halves && count > 1 && src.manaCost != null) {
            String[] parts = src.manaCost.isEmpty() ? new String[0] : src.manaCost.split(" // ", -1);
            if (parts.length != count)
                throw new CardDataException(where + ": field \"mana_cost\" \"" + src.manaCost
                        + "\" does not split into " + count + " faces");
            for (int i = 0; i < count; i++)
                if (costs[i] == null)
                    costs[i] = parts[i];
        }
        List<CardState> states = new ArrayList<>();
        for (int i = 0; i < count; i++)
            states.add(new CardState(names[i], costs[i] != null ? costs[i] : "", types[i],
                    Text.typeLineHas(types[i], "Land"), faceCascade(src, i)));

        String typeLine;
        if (src.typeLine != null) {
            typeLine = src.typeLine;
        } else if (n > 0) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < n; i++)
                b.append(i > 0 ? " // " : "").append(src.faces.get(i).typeLine != null ? src.faces.get(i).typeLine : "");
            typeLine = b.toString();
        } else {
            typeLine = "";
        }

        DiscoverKind kind = DiscoverKind.NONE;
        int discoverN = 0;
        int treasuresBelow = 0;
        if (src.discoverGiven) {
            kind = src.discoverKind;
            discoverN = kind == DiscoverKind.NONE ? 0 : src.discoverN;
            treasuresBelow = kind == DiscoverKind.NONE ? 0 : src.treasuresBelow;
        } else {
            for (int i = 0; i < count && treasuresBelow == 0; i++)
                treasuresBelow = Text.treasuresBelowFromText(n == 0 ? src.oracleText : src.faces.get(i).oracleText);
            /* The first face with an automated kind wins; else the first that mentions it. */
            for (int i = 0; i < count; i++) {
                String text = n == 0 ? src.oracleText : src.faces.get(i).oracleText;
                Text.Discover d = Text.discoverFromText(text, types[i]);
                if (d.kind() == DiscoverKind.NONE)
                    continue;
                if (d.kind() != DiscoverKind.OTHER) {
                    kind = d.kind();
                    discoverN = d.n();
                    break;
                }
                if (kind == DiscoverKind.NONE) {
                    kind = d.kind();
                    discoverN = d.n();
                }
            }
        }
        cards.add(CardRules.of(src.name, layout, typeLine, states, kind, discoverN, treasuresBelow,
                src.publishedManaValue));
    }

    /** Build the name index: full names first, then face names; the first card of a name keeps it. */
    void finish() {
        for (CardRules card : cards)
            byName.putIfAbsent(Text.asciiLower(card.name()), card);
        for (CardRules card : cards)
            for (CardState s : card.states())
                byName.putIfAbsent(Text.asciiLower(s.name()), card);
    }
}
