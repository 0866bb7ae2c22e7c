/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.keyact.Action;
import org.keyact.Implementation;
import org.keyact.KeyactException;
import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Plugin;
import org.keyact.Registry;
import org.keyact.Validation;

/**
 * {@code keyact-jvm run [--json] [--seed N] [--cards FILE] [--plugin PATH]...
 * [--impl ID] [--interactive] [--validate] SCENARIO}: play a scenario on the Java host,
 * printing the same log or JSON document as {@code keyact run}, with the
 * same exit status: 0 played, 1 a rules or engine error, 2 bad input.
 */
public final class Main {
    static final int EXIT_OK = 0, EXIT_RULES = 1, EXIT_INPUT = 2;
    /** Held strongly: java.util.logging keeps loggers only weakly, and with them their handlers. */
    private static final Logger VALIDATE_LOG = Logger.getLogger("org.keyact.validate");

    private final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    private final PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);

    private boolean json, interactive, validate;
    private String seedText, cards, impl;
    private final List<String> plugins = new ArrayList<>();
    private int printed;

    private Main() {}

    public static void main(String[] args) {
        Main main = new Main();
        int status = main.run(args);
        main.out.flush();
        System.exit(status);
    }

    private static final String USAGE = """
            Usage: keyact-jvm run [OPTION...] SCENARIO.json

            Play a scenario (players' zones and steps, see SCENARIOS.md) on the Java
            reference host, with every discover and cascade resolved by the keyact plugins
            through the Java binding.

              --json            Print one JSON document (events, discoveries, cascades, zones) instead of the log
              --seed N          Seed the random bottom order with N (overrides the scenario's)
              --cards FILE      Use the cards in FILE (Scryfall or MTGJSON, plain or gzip) instead of the scenario's
              --plugin PATH     Also load PATH and use it for the actions it provides; repeat for more
              --impl ID         Use implementation ID for its action (default: KEYACT_IMPL, else the highest version)
              --interactive     Ask the player on the terminal instead of following the scenario's choices
              --validate        Check every answer of the host against the keyact contract and report each
                                violation (as KEYACT_VALIDATE=1 or -Dorg.keyact.validate=true do)

            Exit status: 0 ok, 1 rules engine or plugin error, 2 bad input.
            """;

    private int run(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            (args.length == 0 ? err : out).print(USAGE);
            return args.length == 0 ? EXIT_INPUT : EXIT_OK;
        }
        if (!args[0].equals("run")) {
            err.println("keyact-jvm: unknown command \"" + args[0] + "\"");
            err.print(USAGE);
            return EXIT_INPUT;
        }
        List<String> positional = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                positional.addAll(List.of(args).subList(i + 1, args.length));
                break;
            }
            if (!a.startsWith("--") || a.equals("-")) {
                positional.add(a);
                continue;
            }
            String name = a, value = null;
            int eq = a.indexOf('=');
            if (eq > 0) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            switch (name) {
            case "--help" -> {
                out.print(USAGE);
                return EXIT_OK;
            }
            case "--json", "--interactive", "--validate" -> {
                if (value != null) {
                    err.println("keyact-jvm run: Unexpected argument for " + name);
                    return EXIT_INPUT;
                }
                if (name.equals("--json"))
                    json = true;
                else if (name.equals("--validate"))
                    validate = true;
                else
                    interactive = true;
            }
            case "--seed", "--cards", "--plugin", "--impl" -> {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        err.println("keyact-jvm run: Missing argument for " + name);
                        return EXIT_INPUT;
                    }
                    value = args[++i];
                }
                switch (name) {
                case "--seed" -> seedText = value;
                case "--cards" -> cards = value;
                case "--plugin" -> plugins.add(value);
                default -> impl = value;
                }
            }
            default -> {
                err.println("keyact-jvm run: Unknown option " + name);
                return EXIT_INPUT;
            }
            }
        }
        if (positional.size() != 1) {
            err.println("keyact-jvm run: give exactly one scenario file (see keyact-jvm run --help)");
            return EXIT_INPUT;
        }
        try {
            return play(Scenario.load(positional.get(0)));
        } catch (GameException e) {
            out.flush();
            err.println("keyact-jvm: " + e.getMessage());
            return e.kind().exitStatus();
        }
    }

    /** g_ascii_string_to_unsigned(text, 10, 0, G_MAXINT64): digits only, in range. */
    private static long parseSeed(String text) throws GameException {
        if (text.isEmpty())
            throw GameException.input("--seed: Empty string is not a number");
        if (!text.chars().allMatch(c -> c >= '0' && c <= '9'))
            throw GameException.input("--seed: \u201c" + text + "\u201d is not an unsigned number");
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw GameException.input("--seed: Number \u201c" + text + "\u201d is out of bounds [0, " + Long.MAX_VALUE + "]");
        }
    }

    private CardDb loadCards(Scenario scenario) throws GameException {
        try {
            if (cards != null)
                return CardFiles.load(Path.of(cards), cards);
            Path path = scenario.cardsPath();
            return path == null ? CardFiles.builtin() : CardFiles.load(path, path.toString());
        } catch (CardDataException e) {
            throw GameException.input(scenario.origin + ": cards: " + e.getMessage());
        }
    }

    private int play(Scenario scenario) throws GameException {
        long seed = scenario.hasSeed ? scenario.seed : 1;
        if (seedText != null)
            seed = parseSeed(seedText);
        CardDb db = loadCards(scenario);
        Game game = scenario.buildGame(db, seed);
        try (Registry registry = new Registry()) {
            /* --validate asks for reports at least; KEYACT_VALIDATE=fatal stays fatal. */
            if (validate && registry.getValidation() == Validation.OFF)
                registry.setValidation(Validation.REPORT);
            if (registry.getValidation() != Validation.OFF)
                printValidationReports();
            try {
                loadPlugins(registry);
                game.bind("discover", discoverAction(registry));
                if (provides(registry, "cascade"))
                    game.bind("cascade", registry.action("cascade"));
            } catch (KeyactException | LoadFailure e) {
                err.println("keyact-jvm: cannot load the discover plugin: " + e.getMessage());
                return EXIT_RULES;
            }
            return playSteps(scenario, game, registry, seed);
        }
    }

    /**
     * The binding's validation reports (logger org.keyact.validate) as keyact run prints the C
     * library's: one line each, "keyact-jvm run: warning: host ...".
     */
    private void printValidationReports() {
        VALIDATE_LOG.setUseParentHandlers(false);
        VALIDATE_LOG.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                Object[] p = r.getParameters();
                err.println("keyact-jvm run: warning: " + (p != null && p.length == 1 ? p[0] : r.getMessage()));
            }

            @Override
            public void flush() {
                err.flush();
            }

            @Override
            public void close() {}
        });
    }

    private static boolean provides(Registry registry, String action) {
        return registry.plugins().stream().flatMap(p -> p.implementations().stream())
                .anyMatch(i -> i.action().equals(action));
    }

    private Action discoverAction(Registry registry) {
        if (registry.plugins().isEmpty())
            throw new LoadFailure("no keyact plugin found in KEYACT_PLUGIN_PATH or in "
                    + System.getProperty("org.keyact.plugin.dir", "the install directory")
                    + "; use --plugin PATH or set KEYACT_PLUGIN_PATH");
        if (!provides(registry, "discover"))
            throw new LoadFailure("no action \"discover\" is registered");
        return registry.action("discover");
    }

    /** A load problem found here rather than by the binding, reported the same way. */
    private static final class LoadFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LoadFailure(String message) {
            super(message);
        }
    }

    /** Everything on the search path, plus each --plugin file chosen for the actions it provides. */
    private void loadPlugins(Registry registry) {
        registry.loadSearchPath();
        for (String given : plugins) {
            Path path = Path.of(given).toAbsolutePath().normalize();
            Plugin plugin = find(registry, path);
            if (plugin == null) {
                registry.load(path);
                plugin = find(registry, path);
            }
            for (Implementation i : plugin.implementations())
                registry.select(i.action(), path.toString());
        }
        if (impl != null) {
            Implementation chosen = registry.plugins().stream().flatMap(p -> p.implementations().stream())
                    .filter(i -> i.implId().equals(impl)).findFirst()
                    .orElseThrow(() -> new LoadFailure("no loaded plugin provides implementation " + impl + " (see keyact list)"));
            registry.select(chosen.action(), impl);
        }
    }

    private static Plugin find(Registry registry, Path path) {
        for (Plugin p : registry.plugins())
            if (p.file().equals(path))
                return p;
        return null;
    }

    /* ---- playing and printing ---- */

    private void flushLog(Game game) {
        StringBuilder b = new StringBuilder();
        TextReport.events(game, printed, game.events.size(), b);
        printed = game.events.size();
        out.print(b);
        out.flush();
    }

    /** {@code text} wrapped at 78 columns, each line after {@code indent}. */
    private void printWrapped(String text, String indent) {
        int column = 0;
        StringBuilder b = new StringBuilder();
        for (String word : text.split("[ \n]", -1)) {
            int len = word.codePointCount(0, word.length());
            if (len == 0)
                continue;
            if (column > 0 && column + 1 + len > 78) {
                b.append('\n');
                column = 0;
            }
            if (column == 0) {
                b.append(indent);
                column = indent.length();
            } else {
                b.append(' ');
                column++;
            }
            b.append(word);
            column += len;
        }
        if (column > 0)
            b.append('\n');
        out.print(b);
    }

    private static boolean stdinIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException e) {
            return System.console() != null;
        }
    }

    private void installChooser(Game game) {
        PrintStream q = json ? err : out;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        game.chooser = (g, player, card, options) -> {
            if (!json)
                flushLog(g);
            q.print("\n" + g.player(player).name() + ", what do you do with " + card.name() + "?\n");
            for (int i = 0; i < options.size(); i++) {
                Option o = options.get(i);
                if (o.kind() == OptionKind.CAST_FACE && o.face() >= 0 && o.face() < card.rules().states().size())
                    q.print("  " + (i + 1) + ") cast " + card.rules().state(o.face()).name()
                            + " without paying its mana cost (mana value " + TextReport.manaValue(o.manaValueHalves()) + ")\n");
                else if (o.kind() == OptionKind.TO_BOTTOM)
                    q.print("  " + (i + 1) + ") don't cast it (it goes to the bottom of your library)\n");
                else
                    q.print("  " + (i + 1) + ") put it into your hand\n");
            }
            for (;;) {
                q.print("choose 1-" + options.size() + ": ");
                q.flush();
                String line;
                try {
                    line = in.readLine();
                } catch (IOException e) {
                    line = null;
                }
                if (line == null) {
                    q.print("\n(end of input: using the scenario's choice)\n");
                    return -1;
                }
                String t = Text.strip(line);
                if (!t.isEmpty() && t.length() < 10 && t.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    int v = Integer.parseInt(t);
                    if (v >= 1 && v <= options.size())
                        return v - 1;
                }
                q.print("please answer a number from 1 to " + options.size() + "\n");
            }
        };
    }

    private int playSteps(Scenario scenario, Game game, Registry registry, long seed) {
        if (interactive) {
            if (stdinIsTerminal())
                installChooser(game);
            else
                err.println("keyact-jvm: --interactive: standard input is not a terminal; following the scenario's choices");
        }
        if (!json)
            out.print(Implementations.text(registry));
        if (!json && scenario.description != null)
            printWrapped(scenario.description, "");
        for (int i = 0; i < scenario.steps.size(); i++) {
            Scenario.Step step = scenario.steps.get(i);
            if (!json) {
                out.print("\n== Step " + (i + 1) + ": " + scenario.describeStep(i) + "\n");
                if (step.note() != null)
                    printWrapped(step.note(), "   ");
            }
            GameException failure = null;
            try {
                scenario.runStep(i, game);
            } catch (GameException e) {
                failure = e;
            }
            if (!json)
                flushLog(game);
            if (failure != null) {
                out.flush();
                err.println("keyact-jvm: " + failure.getMessage());
                return failure.kind().exitStatus();
            }
        }
        if (json) {
            out.print(JsonReport.text(game, seed, Implementations.json(registry)) + "\n");
        } else {
            StringBuilder b = new StringBuilder("\n== Final zones\n");
            TextReport.zones(game, b);
            out.print(b);
        }
        out.flush();
        return EXIT_OK;
    }
}
