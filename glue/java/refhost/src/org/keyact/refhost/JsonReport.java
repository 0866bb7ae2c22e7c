/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Outcome;

/**
 * The game as one JSON document ({@code "seed", "events", "discoveries",
 * ["cascades",] "zones"}, see SCENARIOS.md), member for member the C
 * host's ({@code report-json.c}).
 */
final class JsonReport {
    private JsonReport() {}

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static void manaValue(ObjectNode o, String key, int halves) {
        long h = Integer.toUnsignedLong(halves);
        if (h % 2 == 0)
            o.put(key, h / 2);
        else
            o.put(key, h / 2.0);
    }

    private static void card(ObjectNode o, String key, Card card) {
        if (card == null)
            o.putNull(key);
        else
            o.put(key, card.name());
    }

    private static void face(ObjectNode o, String key, Card card, int face) {
        if (card == null || face < 0 || face >= card.rules().states().size())
            o.putNull(key);
        else
            o.put(key, card.rules().state(face).name());
    }

    private static String optionName(OptionKind kind) {
        return kind == OptionKind.CAST_FACE ? "cast" : kind == OptionKind.TO_BOTTOM ? "bottom" : "hand";
    }

    private static String playerName(Game game, int player) {
        Player p = game.player(player);
        return p != null ? p.name() : "?";
    }

    private static ObjectNode event(Game game, GameEvent e) {
        ObjectNode o = F.objectNode();
        o.put("type", e.type.key);
        o.put("player", playerName(game, e.player));
        switch (e.type) {
        case CAST, ENTERS, CAST_FREE, CAST_FAILED -> {
            card(o, "card", e.card);
            face(o, "face", e.card, e.face);
        }
        case RESOLVE -> {
            card(o, "card", e.card);
            o.put("object", e.face < 0 ? "ability" : "spell");
        }
        case TRIGGER -> {
            card(o, "card", e.card);
            o.put("n", e.n);
        }
        case CASCADE_TRIGGER -> {
            card(o, "card", e.card);
            face(o, "face", e.card, e.face);
            o.put("n", e.n);
            o.put("instance", e.index);
            o.put("instances", e.card != null && e.face >= 0 && e.face < e.card.rules().states().size()
                    ? e.card.rules().state(e.face).cascade() : 0);
        }
        case DISCOVER, CASCADE -> {
            o.put("n", e.n);
            card(o, "source", e.card);
        }
        case CHOICE -> {
            card(o, "card", e.card);
            o.put("choice", optionName(e.optionKind));
            face(o, "face", e.card, e.face);
        }
        case EXILED, BOTTOM -> {
            card(o, "card", e.card);
            o.put("index", e.index);
        }
        case HIT -> {
            card(o, "card", e.card);
            o.put("n", e.n);
            manaValue(o, "mana_value", e.manaValueHalves);
        }
        case DISCOVERED -> {
            o.put("n", e.n);
            card(o, "card", e.card);
            if (e.card != null)
                manaValue(o, "mana_value", e.manaValueHalves);
            else
                o.putNull("mana_value");
        }
        case FINISHED -> {
            /* FINISHED carries no mana value; the cascade's result has the card's. */
            Resolution d = e.resolution > 0 && e.resolution <= game.resolutions.size()
                    ? game.resolutions.get(e.resolution - 1) : null;
            o.put("n", e.n);
            card(o, "card", e.card);
            if (e.card != null && d != null && d.result != null)
                manaValue(o, "mana_value", d.result.manaValueHalves());
            else
                o.putNull("mana_value");
        }
        case CREATE_TOKENS -> {
            card(o, "card", e.card);
            o.put("token", "Treasure");
            o.put("count", e.index);
            o.put("tapped", true);
            if (e.hasManaValue)
                manaValue(o, "discovered_mana_value", e.manaValueHalves);
            else
                o.putNull("discovered_mana_value");
        }
        case COUNTERED, TO_GRAVEYARD, TO_ADVENTURE, TO_HAND -> card(o, "card", e.card);
        }
        return o;
    }

    /** A zone's cards by name; a token as {"name", "token": true, "tapped"}. */
    private static ArrayNode cardList(List<Card> cards) {
        ArrayNode a = F.arrayNode();
        for (Card c : cards) {
            if (!c.token) {
                a.add(c.name());
                continue;
            }
            ObjectNode t = a.addObject();
            t.put("name", c.name());
            t.put("token", true);
            t.put("tapped", c.tapped);
        }
        return a;
    }

    private static String outcomeName(Outcome outcome) {
        return switch (outcome) {
            case CAST -> "cast";
            case HAND -> "hand";
            case BOTTOM -> "bottom";
            case NONE -> "none";
        };
    }

    private static ObjectNode resolution(Game game, Resolution d) {
        Card discovered = d.result != null && d.result.discovered().isPresent()
                ? game.card(d.result.discovered().getAsLong()) : null;
        ObjectNode o = F.objectNode();
        o.put("player", playerName(game, d.player));
        o.put("n", d.n);
        card(o, "source", d.source);
        card(o, d.isCascade() ? "hit" : "discovered", discovered);
        if (discovered != null)
            manaValue(o, "mana_value", d.result.manaValueHalves());
        else
            o.putNull("mana_value");
        Outcome outcome = d.result != null ? d.result.outcome() : Outcome.NONE;
        o.put("outcome", outcomeName(outcome));
        face(o, "face_cast", discovered, outcome == Outcome.CAST ? d.result.faceCast().orElse(-1) : -1);
        ArrayNode options = o.putArray("options");
        for (int i = 0; discovered != null && i < d.options.size(); i++) {
            Option opt = d.options.get(i);
            ObjectNode on = options.addObject();
            on.put("kind", optionName(opt.kind()));
            if (opt.kind() == OptionKind.CAST_FACE) {
                face(on, "face", discovered, opt.face());
                manaValue(on, "mana_value", opt.manaValueHalves());
            }
        }
        if (d.chosen >= 0)
            o.put("chosen", d.chosen);
        else
            o.putNull("chosen");
        o.set("exiled", cardList(d.exiled));
        o.set("bottom", cardList(d.bottom));
        return o;
    }

    static ObjectNode document(Game game, long seed) {
        ObjectNode root = F.objectNode();
        root.put("seed", seed);
        ArrayNode events = root.putArray("events");
        for (GameEvent e : game.events)
            events.add(event(game, e));
        ArrayNode discoveries = root.putArray("discoveries");
        boolean cascaded = false;
        for (Resolution d : game.resolutions) {
            if (!d.isCascade())
                discoveries.add(resolution(game, d));
            cascaded |= d.isCascade();
        }
        if (cascaded) {
            ArrayNode cascades = root.putArray("cascades");
            for (Resolution d : game.resolutions)
                if (d.isCascade())
                    cascades.add(resolution(game, d));
        }
        ObjectNode zones = root.putObject("zones");
        for (Player p : game.players) {
            ObjectNode pz = zones.putObject(p.name());
            for (ZoneType z : new ZoneType[] {ZoneType.LIBRARY, ZoneType.HAND, ZoneType.EXILE, ZoneType.STACK,
                    ZoneType.BATTLEFIELD, ZoneType.GRAVEYARD})
                pz.set(z.key(), cardList(p.getCardsIn(z)));
        }
        return root;
    }

    /** The document as indented text, with {@code implementations} after "seed". */
    static String text(Game game, long seed, ArrayNode implementations) {
        ObjectNode report = document(game, seed);
        ObjectNode root = F.objectNode();
        root.set("seed", report.get("seed"));
        root.set("implementations", implementations);
        report.remove("seed");
        root.setAll(report);
        try {
            return MAPPER.writeValueAsString(root);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("a tree of plain nodes always serializes", e);
        }
    }
}
