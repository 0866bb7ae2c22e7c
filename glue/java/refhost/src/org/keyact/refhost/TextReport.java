/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;
import java.util.OptionalInt;

import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Outcome;

/** The game log people read, line for line the C host's ({@code report-text.c}). */
final class TextReport {
    private TextReport() {}

    /** Mana value x2 as people write it: "3", "0.5". */
    static String manaValue(int halves) {
        long h = Integer.toUnsignedLong(halves);
        return h % 2 == 0 ? Long.toString(h / 2) : (h / 2) + ".5";
    }

    /** "Brazen Blademaster" for one-face cards, "Ice (Fire // Ice)" for a face. */
    static String faceLabel(CardRules card, int face) {
        if (card.states().size() <= 1 || face < 0 || face >= card.states().size())
            return card.name();
        return card.state(face).name() + " (" + card.name() + ")";
    }

    private static String playerName(Game game, int player) {
        Player p = game.player(player);
        return p != null ? p.name() : "?";
    }

    private static String nameOf(Card card) {
        return card != null ? card.name() : "(no card)";
    }

    /** Why a card was passed over: "land", or its mana value as the plugin computes it. */
    private static String exileNote(CardRules card) {
        boolean[] land = new boolean[1];
        OptionalInt halves = card.pluginManaValue(land);
        if (halves.isPresent())
            return land[0] ? "land" : "mana value " + manaValue(halves.getAsInt());
        if (card.state(0).land())
            return "land";
        if (card.publishedManaValue() < 0)
            return "nonland";
        return "mana value " + manaValue((int) (card.publishedManaValue() * 2 + 0.5));
    }

    private static Resolution resolutionOf(Game game, GameEvent e) {
        return e.resolution > 0 && e.resolution <= game.resolutions.size() ? game.resolutions.get(e.resolution - 1) : null;
    }

    private static boolean inCascade(Game game, GameEvent e) {
        Resolution d = resolutionOf(game, e);
        return d != null && d.isCascade();
    }

    private static String optionWord(OptionKind kind) {
        return kind == OptionKind.CAST_FACE ? "cast it" : kind == OptionKind.TO_BOTTOM ? "bottom" : "hand";
    }

    private static void appendOptions(Game game, GameEvent e, StringBuilder out) {
        Resolution d = resolutionOf(game, e);
        if (d == null || e.card == null)
            return;
        CardRules card = e.card.rules();
        if (e.asked) {
            out.append("  ").append(playerName(game, e.player)).append(" chose [").append(e.index + 1).append("].\n");
            return;
        }
        out.append("  options:");
        List<Option> options = d.options;
        for (int i = 0; i < options.size(); i++) {
            Option o = options.get(i);
            out.append(i > 0 ? "," : "");
            if (o.kind() == OptionKind.CAST_FACE && o.face() >= 0 && o.face() < card.states().size())
                out.append(" [").append(i + 1).append("] cast ").append(card.state(o.face()).name())
                        .append(" (mana value ").append(manaValue(o.manaValueHalves())).append(")");
            else if (o.kind() == OptionKind.TO_BOTTOM)
                out.append(" [").append(i + 1).append("] don't cast it (to the bottom)");
            else
                out.append(" [").append(i + 1).append("] put it into hand");
        }
        out.append("\n  ").append(playerName(game, e.player)).append(" chooses [").append(e.index + 1).append("]: ")
                .append(optionWord(e.optionKind)).append("\n");
    }

    private static boolean offeredACast(Resolution d) {
        return d.options.stream().anyMatch(o -> o.kind() == OptionKind.CAST_FACE);
    }

    /** Why face {@code f} of the card found could not be cast. */
    private static String faceNotCastable(Resolution d, CardRules card, int f) {
        if (f < 32 && (d.facesRefused & (1 << f)) != 0)
            return "cannot be cast now";
        if (card.state(f).land())
            return "a land";
        org.keyact.Layout layout = card.layout();
        if (f > 0 && (layout == org.keyact.Layout.TRANSFORM || layout == org.keyact.Layout.MELD))
            return "a back face, never cast";
        if (f > 0 && layout == org.keyact.Layout.FLIP)
            return "the flipped half, never cast";
        if (f > 0 && layout == org.keyact.Layout.AFTERMATH)
            return "an aftermath half, cast only from a graveyard";
        String cost = card.state(f).manaCost();
        OptionalInt halves = cost.isEmpty() ? OptionalInt.of(0) : ManaCost.faceValue(cost);
        if (halves.isPresent()) {
            String mv = manaValue(halves.getAsInt());
            return d.isCascade() ? "mana value " + mv + ", not less than " + d.n : "mana value " + mv + " > " + d.n;
        }
        return "not offered by the plugin";
    }

    /** ": it cannot be cast now" or ": no face can be cast (...)" when no cast was offered; "" otherwise. */
    private static String whyNotCast(Game game, GameEvent e) {
        Resolution d = resolutionOf(game, e);
        if (d == null || e.card == null || offeredACast(d))
            return "";
        CardRules card = e.card.rules();
        if (card.states().size() == 1) {
            String why = faceNotCastable(d, card, 0);
            return why.startsWith("cannot be cast") ? ": it " + why : ": it cannot be cast (" + why + ")";
        }
        StringBuilder b = new StringBuilder(": no face can be cast (");
        for (int f = 0; f < card.states().size(); f++)
            b.append(f > 0 ? "; " : "").append(card.state(f).name()).append(": ").append(faceNotCastable(d, card, f));
        return b.append(')').toString();
    }

    private static void appendFinished(Game game, GameEvent e, StringBuilder out) {
        Resolution d = resolutionOf(game, e);
        String who = playerName(game, e.player);
        if (e.card == null) {
            out.append(who).append(" cascaded (mana value ").append(e.n).append("): no nonland card with mana value less than ")
                    .append(e.n).append(".\n");
            return;
        }
        if (d != null && d.result != null && d.result.outcome() == Outcome.CAST) {
            out.append(who).append(" cascaded (mana value ").append(e.n).append("): cast ")
                    .append(faceLabel(e.card.rules(), d.result.faceCast().orElse(-1))).append(".\n");
            return;
        }
        out.append(who).append(" cascaded (mana value ").append(e.n).append("): ").append(e.card.name())
                .append(" was not cast").append(whyNotCast(game, e)).append("; it went to the bottom.\n");
    }

    /** Print one event; returns how many it consumed (a run of BOTTOM, a RESOLVE with its ENTERS). */
    private static int appendEvent(Game game, int i, int to, StringBuilder out) {
        GameEvent e = game.events.get(i);
        CardRules card = e.card != null ? e.card.rules() : null;
        String who = playerName(game, e.player);
        String indent = e.resolution > 0 && e.type != GameEvent.Type.DISCOVER && e.type != GameEvent.Type.CASCADE ? "  " : "";
        String below = inCascade(game, e) ? "<" : "<=";
        String face = card != null ? faceLabel(card, e.face) : null;
        GameEvent next = i + 1 < to ? game.events.get(i + 1) : null;
        switch (e.type) {
        case CAST -> {
            String cost = card.state(e.face).manaCost();
            out.append(who).append(" casts ").append(face).append(cost.isEmpty() ? "" : ", paying " + cost).append(".\n");
        }
        case RESOLVE -> {
            if (e.face < 0)
                return 1; // a triggered ability: its discover or cascade line follows
            if (next != null && next.type == GameEvent.Type.ENTERS && next.card == e.card) {
                out.append(indent).append(face).append(" resolves and enters the battlefield.\n");
                return 2;
            }
            out.append(indent).append(face).append(" resolves.\n");
        }
        case COUNTERED -> out.append(indent).append(nameOf(e.card))
                .append(" does not resolve: all its targets are illegal, so it does not discover.\n");
        case ENTERS -> out.append(indent).append(face).append(" enters the battlefield.\n");
        case TO_GRAVEYARD -> out.append(indent).append(nameOf(e.card)).append(" goes to ").append(who).append("'s graveyard.\n");
        case TO_ADVENTURE -> out.append(indent).append(nameOf(e.card)).append(" goes on an adventure (exile).\n");
        case TRIGGER -> out.append(indent).append(nameOf(e.card)).append("'s ability triggers")
                .append(card != null && card.discoverKind() == DiscoverKind.ETB_IF_CAST ? " (it was cast)" : "")
                .append(": discover ").append(e.n).append(".\n");
        case CASCADE_TRIGGER -> {
            int instances = card != null && e.face >= 0 && e.face < card.states().size() ? card.state(e.face).cascade() : 1;
            String which = instances > 1 ? e.index + " of " + instances + ", " : "";
            out.append(indent).append(face).append("'s cascade triggers (").append(which).append("mana value ")
                    .append(e.n).append(").\n");
        }
        case CASCADE -> {
            if (e.card != null)
                out.append(who).append(" cascades (").append(e.card.name()).append(", mana value ").append(e.n).append("):\n");
            else
                out.append(who).append(" cascades (mana value ").append(e.n).append("):\n");
        }
        case DISCOVER -> {
            if (e.card != null)
                out.append(who).append(" discovers ").append(e.n).append(" (source: ").append(e.card.name()).append("):\n");
            else
                out.append(who).append(" discovers ").append(e.n).append(":\n");
        }
        case CHOICE -> appendOptions(game, e, out);
        case EXILED -> {
            String note = card != null ? exileNote(card) : "?";
            out.append(indent).append(e.index + 1).append(". exiles ").append(nameOf(e.card)).append(" face up (")
                    .append(note).append(")");
            if (next != null && next.type == GameEvent.Type.HIT && next.card == e.card) {
                out.append(" <- hit: nonland, mana value ").append(manaValue(next.manaValueHalves)).append(' ')
                        .append(below).append(' ').append(next.n).append('\n');
                return 2;
            }
            out.append('\n');
        }
        case HIT -> out.append(indent).append("   hit: ").append(nameOf(e.card)).append(", mana value ")
                .append(manaValue(e.manaValueHalves)).append(' ').append(below).append(' ').append(e.n).append('\n');
        case CAST_FREE -> out.append(indent).append(who).append(" casts ").append(face).append(" without paying its mana cost.\n");
        case CAST_FAILED -> out.append(indent).append("casting ").append(face).append(" fails; the card goes to ")
                .append(inCascade(game, e) ? "the bottom with the rest" : "hand").append(" instead.\n");
        case TO_HAND -> out.append(indent).append(nameOf(e.card)).append(" goes to ").append(who).append("'s hand")
                .append(whyNotCast(game, e)).append(".\n");
        case BOTTOM -> {
            int n = 0;
            out.append(indent).append("to the bottom of the library in a random order:");
            while (i + n < to && game.events.get(i + n).type == GameEvent.Type.BOTTOM) {
                out.append(n > 0 ? ";" : "").append(' ').append(nameOf(game.events.get(i + n).card));
                n++;
            }
            out.append(" (last = bottom)\n");
            return n;
        }
        case DISCOVERED -> {
            Resolution d = e.resolution > 0 && e.resolution <= game.resolutions.size()
                    ? game.resolutions.get(e.resolution - 1) : null;
            /* CR 701.57c: the final card exiled, when the library ran out (outcome none). */
            boolean finalCard = d != null && d.result != null && d.result.outcome() == Outcome.NONE;
            if (e.card != null)
                out.append(who).append(" discovered (discover ").append(e.n).append("): ").append(e.card.name())
                        .append(", mana value ").append(manaValue(e.manaValueHalves))
                        .append(finalCard ? " (the final card exiled: neither cast nor put into hand)" : "")
                        .append(".\n");
            else
                out.append(who).append(" discovered (discover ").append(e.n).append("): nothing (no nonland card with mana value ")
                        .append(e.n).append(" or less).\n");
        }
        case FINISHED -> appendFinished(game, e, out);
        case CREATE_TOKENS -> {
            if (!e.hasManaValue)
                out.append(indent).append(nameOf(e.card)).append(" creates no Treasure tokens: there is no discovered card.\n");
            else if (e.index == 0)
                out.append(indent).append(nameOf(e.card)).append(" creates no Treasure tokens: the discovered card's mana value ")
                        .append(manaValue(e.manaValueHalves)).append(" is not less than ").append(e.n).append(".\n");
            else
                out.append(indent).append(nameOf(e.card)).append(" creates ").append(e.index).append(" tapped Treasure token")
                        .append(e.index == 1 ? "" : "s").append(" (").append(e.n).append(" - ")
                        .append(manaValue(e.manaValueHalves)).append(", the discovered card's mana value).\n");
        }
        }
        return 1;
    }

    /** The log lines of events [from, to). */
    static void events(Game game, int from, int to, StringBuilder out) {
        to = Math.min(to, game.events.size());
        for (int i = from; i < to;)
            i += appendEvent(game, i, to, out);
    }

    /** Cards [from, to) of a zone, "; "-separated (names hold commas); on the stack or battlefield with the face up. */
    private static void appendCards(List<Card> zone, int from, int to, boolean showFace, StringBuilder out) {
        for (int i = from; i < to; i++) {
            Card c = zone.get(i);
            out.append(i > from ? "; " : " ").append(c.name());
            if (c.token)
                out.append(c.tapped ? " (token, tapped)" : " (token)");
            if (showFace && c.rules().states().size() > 1 && c.faceUp < c.rules().states().size())
                out.append(" [").append(c.rules().state(c.faceUp).name()).append(']');
        }
    }

    private static void appendZone(ZoneType kind, List<Card> zone, StringBuilder out) {
        if (zone.isEmpty()) {
            out.append(" (empty)");
            return;
        }
        appendCards(zone, 0, zone.size(), kind == ZoneType.BATTLEFIELD || kind == ZoneType.STACK, out);
    }

    /** Every player's zones: the library as a count with its top 3 and bottom 5 cards. */
    static void zones(Game game, StringBuilder out) {
        for (Player player : game.players) {
            List<Card> library = player.getCardsIn(ZoneType.LIBRARY);
            int len = library.size();
            out.append(player.name()).append(":\n  library: ").append(len).append(" card").append(len == 1 ? "" : "s");
            if (len > 0) {
                int top = Math.min(3, len);
                out.append("\n    top:");
                appendCards(library, 0, top, false, out);
                if (len > top) {
                    int from = Math.max(top, len >= 5 ? len - 5 : 0);
                    out.append("\n    bottom:");
                    appendCards(library, from, len, false, out);
                    out.append(" (last = bottom)");
                }
            }
            out.append('\n');
            for (ZoneType z : new ZoneType[] {ZoneType.HAND, ZoneType.BATTLEFIELD, ZoneType.GRAVEYARD, ZoneType.EXILE, ZoneType.STACK}) {
                if (z == ZoneType.STACK && player.getCardsIn(z).isEmpty())
                    continue;
                out.append("  ").append(z.key()).append(':');
                appendZone(z, player.getCardsIn(z), out);
                out.append('\n');
            }
        }
    }
}
