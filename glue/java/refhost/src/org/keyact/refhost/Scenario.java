/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scenario file (glue/refhost/SCENARIOS.md): the players' starting zones
 * and the steps to play. Loading checks the JSON's shape, building the game
 * checks the card names; every problem is a {@link GameException} of kind
 * INPUT whose message names the file, the step or player, and the key, in
 * the C host's words.
 */
public final class Scenario {
    /** Scenarios are small hand-written files; anything larger is a mistake. */
    static final long MAX_BYTES = 16L * 1024 * 1024;

    /** The zones a scenario may fill, in the order the C host fills them. */
    static final ZoneType[] PLAYER_ZONES = {
        ZoneType.LIBRARY, ZoneType.HAND, ZoneType.EXILE, ZoneType.BATTLEFIELD, ZoneType.GRAVEYARD,
    };

    enum StepKind { DISCOVER, CAST, CASCADE }

    /** One step; n is -1 for "discover": "X"; x is -1 when absent; absent strings are null. */
    record Step(StepKind kind, String player, int n, int x, String source, String card, String face,
                boolean targetsIllegal, String note, List<String> choose, List<String> cannotCast,
                List<String> castFails) {}

    record ScenarioPlayer(String name, Map<ZoneType, List<String>> zones) {}

    final String origin;
    final Path baseDir;
    String description;
    boolean hasSeed;
    long seed = 1;
    String cards;
    final List<ScenarioPlayer> players = new ArrayList<>();
    final List<Step> steps = new ArrayList<>();

    private Scenario(String origin, Path baseDir) {
        this.origin = origin;
        this.baseDir = baseDir;
    }

    private static GameException error(String where, String message) {
        return GameException.input(where + ": " + message);
    }

    /* ---- typed members ---- */

    static String typeName(JsonNode n) {
        if (n.isObject())
            return "an object";
        if (n.isArray())
            return "an array";
        if (n.isNull())
            return "null";
        if (n.isTextual())
            return "a string";
        if (n.isBoolean())
            return "a boolean";
        return "a number";
    }

    private static void checkKeys(JsonNode obj, List<String> allowed, String where) throws GameException {
        for (Iterator<String> it = obj.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!allowed.contains(key))
                throw error(where, "unknown key \"" + key + "\" (known keys: \"" + String.join("\", \"", allowed) + "\")");
        }
    }

    private static String getString(JsonNode obj, String key, boolean required, String where) throws GameException {
        JsonNode n = obj.get(key);
        if (n == null) {
            if (required)
                throw error(where, "missing key \"" + key + "\"");
            return null;
        }
        if (!n.isTextual() || n.asText().isEmpty())
            throw error(where, "key \"" + key + "\" must be a non-empty string, not " + typeName(n));
        return n.asText();
    }

    private static boolean isInteger(JsonNode n) {
        return n != null && n.isIntegralNumber();
    }

    private static boolean inRange(JsonNode n, long min, long max) {
        BigInteger v = n.bigIntegerValue();
        return v.compareTo(BigInteger.valueOf(min)) >= 0 && v.compareTo(BigInteger.valueOf(max)) <= 0;
    }

    /** An optional integer in [min, max], or {@code absent}. */
    private static long getInt(JsonNode obj, String key, long min, long max, long absent, String where)
            throws GameException {
        JsonNode n = obj.get(key);
        if (n == null)
            return absent;
        if (!isInteger(n) || !inRange(n, min, max))
            throw error(where, "key \"" + key + "\" must be an integer from " + min + " to " + max);
        return n.longValue();
    }

    private static boolean getBool(JsonNode obj, String key, String where) throws GameException {
        JsonNode n = obj.get(key);
        if (n == null)
            return false;
        if (!n.isBoolean())
            throw error(where, "key \"" + key + "\" must be true or false, not " + typeName(n));
        return n.booleanValue();
    }

    private static List<String> getStringList(JsonNode obj, String key, boolean allowSingle, String where)
            throws GameException {
        List<String> out = new ArrayList<>();
        JsonNode n = obj.get(key);
        if (n == null)
            return out;
        if (allowSingle && n.isTextual() && !n.asText().isEmpty()) {
            out.add(n.asText());
            return out;
        }
        if (!n.isArray())
            throw error(where, "key \"" + key + "\" must be "
                    + (allowSingle ? "a string or an array of strings" : "an array of strings") + ", not " + typeName(n));
        for (int i = 0; i < n.size(); i++) {
            JsonNode item = n.get(i);
            if (!item.isTextual() || item.asText().isEmpty())
                throw error(where, "key \"" + key + "\", item " + (i + 1) + ": must be a non-empty string, not "
                        + typeName(item));
            out.add(item.asText());
        }
        return out;
    }

    /* ---- players and steps ---- */

    private static final List<String> PLAYER_KEYS = List.of("name", "library", "hand", "exile", "battlefield", "graveyard");
    private static final List<String> STEP_KEYS = List.of("discover", "cascade", "cast", "player", "source", "face",
            "x", "targets_illegal", "note", "choose", "cannot_cast", "cast_fails");
    private static final List<String> ROOT_KEYS = List.of("seed", "cards", "description", "players", "steps");

    private static ScenarioPlayer parsePlayer(JsonNode node, int index, String origin) throws GameException {
        String where = origin + ": players[" + index + "]";
        if (!node.isObject())
            throw error(where, "must be an object, not " + typeName(node));
        checkKeys(node, PLAYER_KEYS, where);
        String name = getString(node, "name", true, where);
        Map<ZoneType, List<String>> zones = new EnumMap<>(ZoneType.class);
        for (ZoneType z : PLAYER_ZONES)
            zones.put(z, getStringList(node, z.key(), false, where));
        return new ScenarioPlayer(name, zones);
    }

    private static void checkOneKind(JsonNode obj, String where) throws GameException {
        StringBuilder present = new StringBuilder();
        int count = 0;
        for (String kind : new String[] {"discover", "cascade", "cast"}) {
            if (!obj.has(kind))
                continue;
            present.append(count > 0 ? " and " : "").append('"').append(kind).append('"');
            count++;
        }
        if (count != 1)
            throw error(where, "a step needs exactly one of the keys \"discover\" and \"cast\" (or \"cascade\"); it has "
                    + (count == 0 ? "none" : present));
    }

    private static Step parseStep(JsonNode node, int index, String origin) throws GameException {
        String where = origin + ": step " + (index + 1);
        if (!node.isObject())
            throw error(where, "must be an object, not " + typeName(node));
        checkKeys(node, STEP_KEYS, where);
        checkOneKind(node, where);
        boolean hasDiscover = node.has("discover"), hasCascade = node.has("cascade"), hasCast = node.has("cast");
        StepKind kind = hasDiscover ? StepKind.DISCOVER : hasCascade ? StepKind.CASCADE : StepKind.CAST;
        int x = (int) getInt(node, "x", 0, Integer.MAX_VALUE, -1, where);
        int n = 0;
        if (hasDiscover) {
            JsonNode d = node.get("discover");
            if (d.isTextual() && Text.asciiEqualsIgnoreCase(d.asText(), "X")) {
                n = -1;
                if (x < 0)
                    throw error(where, "\"discover\": \"X\" needs the key \"x\" (the value of X)");
            } else if (isInteger(d) && inRange(d, 0, Integer.MAX_VALUE)) {
                n = d.intValue();
            } else if (isInteger(d) && inRange(d, 0, Long.MAX_VALUE)) {
                throw error(where, "key \"discover\" is too large: " + d + " (at most " + Integer.MAX_VALUE + ")");
            } else {
                throw error(where, "key \"discover\" must be an integer >= 0 or \"X\", not " + d);
            }
        }
        if (hasCascade) {
            JsonNode c = node.get("cascade");
            if (isInteger(c) && inRange(c, (long) Integer.MAX_VALUE + 1, Long.MAX_VALUE))
                throw error(where, "key \"cascade\" is too large: " + c + " (at most " + Integer.MAX_VALUE + ")");
            if (!isInteger(c) || !inRange(c, 0, Integer.MAX_VALUE))
                throw error(where, "key \"cascade\" must be an integer >= 0 (the mana value of the spell with cascade), not " + c);
            n = c.intValue();
        }
        String card = hasCast ? getString(node, "cast", true, where) : null;
        if (!hasCast && node.has("face"))
            throw error(where, "key \"face\" belongs to \"cast\" steps");
        if (hasCast && node.has("source"))
            throw error(where, "key \"source\" belongs to \"discover\" and \"cascade\" steps");
        if (hasCascade && node.has("targets_illegal"))
            throw error(where, "key \"targets_illegal\" belongs to \"cast\" and \"discover\" steps");
        String player = getString(node, "player", false, where);
        String source = getString(node, "source", false, where);
        String face = getString(node, "face", false, where);
        String note = getString(node, "note", false, where);
        boolean targetsIllegal = getBool(node, "targets_illegal", where);
        List<String> choose = getStringList(node, "choose", true, where);
        List<String> cannotCast = getStringList(node, "cannot_cast", false, where);
        List<String> castFails = getStringList(node, "cast_fails", false, where);
        for (String choice : choose)
            if (!PlayerController.validChoice(choice))
                throw error(where, "key \"choose\": \"" + choice + "\" is not \"cast\", \"hand\", \"bottom\" or \"face:NAME\"");
        if (targetsIllegal && kind == StepKind.DISCOVER && source == null)
            throw error(where, "\"targets_illegal\" needs the key \"source\" (the spell)");
        return new Step(kind, player, n, x, source, card, face, targetsIllegal, note, List.copyOf(choose),
                List.copyOf(cannotCast), List.copyOf(castFails));
    }

    private static Scenario parseRoot(JsonNode root, String origin, Path baseDir) throws GameException {
        if (!root.isObject())
            throw error(origin, "the scenario must be a JSON object, not " + typeName(root));
        checkKeys(root, ROOT_KEYS, origin);
        Scenario s = new Scenario(origin, baseDir);
        s.hasSeed = root.has("seed");
        s.seed = getInt(root, "seed", 0, Long.MAX_VALUE, 1, origin);
        s.cards = getString(root, "cards", false, origin);
        s.description = getString(root, "description", false, origin);
        JsonNode players = root.get("players"), steps = root.get("steps");
        if (players == null || steps == null)
            throw error(origin, "missing key \"" + (players == null ? "players" : "steps") + "\"");
        if (!players.isArray() || players.size() == 0)
            throw error(origin, "key \"players\" must be a non-empty array");
        if (!steps.isArray())
            throw error(origin, "key \"steps\" must be an array, not " + typeName(steps));
        for (int i = 0; i < players.size(); i++) {
            ScenarioPlayer p = parsePlayer(players.get(i), i, origin);
            for (ScenarioPlayer other : s.players)
                if (other.name().equals(p.name()))
                    throw error(origin, "players[" + i + "]: the name \"" + p.name() + "\" is used twice");
            s.players.add(p);
        }
        for (int i = 0; i < steps.size(); i++)
            s.steps.add(parseStep(steps.get(i), i, origin));
        return s;
    }

    /** Parse scenario text; {@code origin} names it in messages, {@code baseDir} resolves a relative "cards". */
    static Scenario loadData(byte[] data, String origin, Path baseDir) throws GameException {
        JsonNode root;
        try {
            JsonText.prescan(data, origin);
        } catch (JsonText.ParseException e) {
            throw GameException.input(e.getMessage());
        }
        try {
            root = JsonText.parse(data, origin);
        } catch (JsonText.ParseException e) {
            throw error(origin, "not valid JSON at " + e.body);
        }
        if (root == null)
            throw error(origin, "the file is empty");
        return parseRoot(root, origin, baseDir);
    }

    /** Read and parse the scenario at {@code path} (as given on the command line). */
    public static Scenario load(String path) throws GameException {
        Path file = Path.of(path);
        byte[] data;
        try {
            if (Files.size(file) > MAX_BYTES)
                throw error(path, "the scenario is larger than " + MAX_BYTES + " bytes");
            data = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw error(path, "cannot read the scenario: Failed to open file \u201c" + path + "\u201d: No such file or directory");
        } catch (AccessDeniedException e) {
            throw error(path, "cannot read the scenario: Failed to open file \u201c" + path + "\u201d: Permission denied");
        } catch (IOException e) {
            throw error(path, "cannot read the scenario: " + e.getMessage());
        }
        Path absolute = file.toAbsolutePath().normalize();
        return loadData(data, path, absolute.getParent());
    }

    /** The card file the scenario names, resolved against its directory; null for the built-in set. */
    Path cardsPath() {
        if (cards == null || cards.equals("builtin"))
            return null;
        return baseDir != null ? baseDir.resolve(cards).normalize() : Path.of(cards);
    }

    /* ---- building the game ---- */

    private static CardRules lookup(CardDb db, String name, String where) throws GameException {
        return db.lookup(name).orElseThrow(() -> error(where, "unknown card \"" + name + "\" (not in the card database)"));
    }

    private void checkStep(CardDb db, Game game, int index) throws GameException {
        Step step = steps.get(index);
        String where = origin + ": step " + (index + 1);
        if (step.player() != null && game.findPlayer(step.player()) < 0)
            throw error(where, "key \"player\": no player is named \"" + step.player() + "\"");
        for (String name : step.cannotCast())
            lookup(db, name, where + ", key \"cannot_cast\"");
        for (String name : step.castFails())
            lookup(db, name, where + ", key \"cast_fails\"");
        for (String choice : step.choose())
            if (choice.startsWith("face:"))
                lookup(db, choice.substring(5), where + ", key \"choose\"");
        if (step.source() != null)
            lookup(db, step.source(), where + ", key \"source\"");
        if (step.kind() == StepKind.CAST) {
            CardRules card = lookup(db, step.card(), where + ", key \"cast\"");
            if (step.face() != null && card.faceIndex(step.face()) < 0)
                throw error(where, "key \"face\": \"" + card.name() + "\" has no face named \"" + step.face() + "\"");
        }
    }

    /** A new game with the scenario's players and zones, seeded with {@code seed}. */
    Game buildGame(CardDb db, long seed) throws GameException {
        Game game = new Game(db, seed);
        for (int i = 0; i < players.size(); i++) {
            ScenarioPlayer sp = players.get(i);
            Player p = game.addPlayer(sp.name());
            for (ZoneType z : PLAYER_ZONES) {
                List<String> names = sp.zones().get(z);
                for (int c = 0; c < names.size(); c++) {
                    String where = origin + ": players[" + i + "] (" + sp.name() + "), " + z.key() + "[" + c + "]";
                    game.addCard(p, lookup(db, names.get(c), where), z);
                }
            }
        }
        for (int i = 0; i < steps.size(); i++)
            checkStep(db, game, i);
        return game;
    }

    /* ---- playing ---- */

    /** One line saying what step {@code index} does ("Alice casts Geological Appraiser"). */
    String describeStep(int index) {
        Step step = steps.get(index);
        String name = step.player() != null ? step.player() : players.get(0).name();
        return switch (step.kind()) {
            case CAST -> name + " casts " + (step.face() != null ? step.face() + " from " + step.card() : step.card());
            case CASCADE -> name + " cascades (mana value " + step.n()
                    + (step.source() != null ? ", source: " + step.source() : "") + ")";
            case DISCOVER -> name + " discovers " + (step.n() >= 0 ? Integer.toString(step.n()) : "X (X = " + step.x() + ")")
                    + (step.source() != null ? " (source: " + step.source() + ")" : "");
        };
    }

    /** The source of a step: that card in the player's zones (battlefield first), else a card in no zone. */
    private static Card findSource(Game game, int player, String name) {
        for (ZoneType z : new ZoneType[] {ZoneType.BATTLEFIELD, ZoneType.STACK, ZoneType.HAND, ZoneType.GRAVEYARD, ZoneType.EXILE}) {
            Card c = game.findInZone(player, z, name);
            if (c != null)
                return c;
        }
        return game.addCard(game.player(player), game.db.lookup(name).orElseThrow(), ZoneType.NONE);
    }

    private static void runDiscover(Step step, Game game, int player) throws GameException {
        int n = step.n() >= 0 ? step.n() : step.x();
        if (step.source() == null) {
            ApiType.Discover.effect().resolve(game, Ability.of(player, n, null));
            return;
        }
        Card source = findSource(game, player, step.source());
        if (GameAction.isPermanent(source.rules(), 0)) {
            if (step.targetsIllegal())
                throw GameException.input("key \"targets_illegal\" needs an instant or sorcery source, and "
                        + source.name() + " is a permanent");
            ApiType.Discover.effect().resolve(game, Ability.of(player, n, source));
            return;
        }
        /* An instant or sorcery source discovers as it resolves: on the stack, with the step's N. */
        game.getAction().putSpell(player, source, 0, false, step.x(), step.targetsIllegal());
        game.getStack().top().n = n;
    }

    private static void runCast(Step step, Game game, int player) throws GameException {
        Card card = game.findInZone(player, ZoneType.HAND, step.card());
        if (card == null)
            throw GameException.input(game.player(player).name() + " has no \"" + step.card() + "\" in hand to cast");
        int face = step.face() != null ? card.rules().faceIndex(step.face()) : 0;
        if (card.rules().state(face).land())
            throw GameException.input(card.rules().state(face).name() + " is a land: it is played, not cast");
        game.getAction().castSpell(player, card, face, false, step.x(), step.targetsIllegal());
        GameEvent e = new GameEvent(GameEvent.Type.CAST, player, card);
        e.face = face;
        game.addEvent(e);
    }

    /** Play step {@code index} and resolve the stack. */
    void runStep(int index, Game game) throws GameException {
        Step step = steps.get(index);
        int player = step.player() != null ? game.findPlayer(step.player()) : 0;
        game.controller.reset(step);
        try {
            switch (step.kind()) {
            case CAST -> runCast(step, game, player);
            case CASCADE -> ApiType.Cascade.effect().resolve(game, Ability.of(player, step.n(),
                    step.source() != null ? findSource(game, player, step.source()) : null));
            case DISCOVER -> runDiscover(step, game, player);
            }
            game.getStack().resolve();
        } catch (GameException e) {
            throw new GameException(e.kind(), origin + ": step " + (index + 1) + ": " + e.getMessage(), e.getCause());
        }
    }
}
