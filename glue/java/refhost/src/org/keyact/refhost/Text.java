/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.Map;

import org.keyact.Layout;

/**
 * Facts read from printed text: names compared the way the C host compares
 * them (ASCII case only), layout names, type lines, and how a card discovers
 * or cascades, read from its oracle text (the same rules as the C host's
 * {@code carddb-text.c}, {@code carddb-discover.c} and {@code carddb-cascade.c}).
 */
final class Text {
    private Text() {}

    static String asciiLower(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return b.toString();
    }

    static boolean asciiEqualsIgnoreCase(String a, String b) {
        return a.length() == b.length() && asciiLower(a).equals(asciiLower(b));
    }

    /** g_strstrip: ASCII whitespace off both ends. */
    static String strip(String s) {
        int from = 0, to = s.length();
        while (from < to && isSpace(s.charAt(from)))
            from++;
        while (to > from && isSpace(s.charAt(to - 1)))
            to--;
        return s.substring(from, to);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    private static final Map<String, Layout> LAYOUTS = Map.of(
            "normal", Layout.NORMAL, "split", Layout.SPLIT, "aftermath", Layout.AFTERMATH,
            "adventure", Layout.ADVENTURE, "modal_dfc", Layout.MODAL_DFC,
            "transform", Layout.TRANSFORM, "flip", Layout.FLIP, "meld", Layout.MELD);

    /** Every other layout (saga, class, leveler, ...) plays as one face. */
    static Layout layoutFromName(String name) {
        return name == null ? Layout.NORMAL : LAYOUTS.getOrDefault(name, Layout.NORMAL);
    }

    /** The card types and supertypes: the part before the em dash (or older " - "). */
    private static String typesPart(String typeLine) {
        int end = typeLine.indexOf('\u2014');
        int hyphen = typeLine.indexOf(" - ");
        if (end < 0 || (hyphen >= 0 && hyphen < end))
            end = hyphen;
        return end >= 0 ? typeLine.substring(0, end) : typeLine;
    }

    static boolean typeLineHas(String typeLine, String word) {
        if (typeLine == null)
            return false;
        for (String w : typesPart(typeLine).split("[ \t]", -1))
            if (w.equals(word))
                return true;
        return false;
    }

    static String withoutReminders(String text) {
        StringBuilder b = new StringBuilder(text.length());
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(')
                depth++;
            else if (c == ')' && depth > 0)
                depth--;
            else if (depth == 0)
                b.append(c);
        }
        return b.toString();
    }

    /* ---- discover (CR 701.57) ---- */

    record Discover(DiscoverKind kind, int n) {}

    private static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    private static char at(String s, int i) {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    /** The N after "discover " at p: digits or X (-1); null when there is none. */
    private static Integer parseN(String s, int p) {
        if (at(s, p) == 'X' && !isWordChar(at(s, p + 1)))
            return -1;
        if (at(s, p) < '0' || at(s, p) > '9')
            return null;
        int n = 0;
        for (; at(s, p) >= '0' && at(s, p) <= '9'; p++) {
            if (n > 1000000)
                return null;
            n = n * 10 + (at(s, p) - '0');
        }
        return isWordChar(at(s, p)) ? null : n;
    }

    private static String sentenceBefore(String text, int at) {
        int start = at;
        while (start > 0 && text.charAt(start - 1) != '.' && text.charAt(start - 1) != '\n')
            start--;
        return strip(text.substring(start, at));
    }

    private static boolean isEtbTrigger(String sentence) {
        return sentence.startsWith("When ") && sentence.contains("enters") && sentence.endsWith(",");
    }

    private static final String TREASURES_BEFORE = "If the discovered card's mana value is less than ";
    private static final String TREASURES_AFTER = ", create a number of tapped Treasure tokens equal to the difference.";

    /**
     * The T of "If the discovered card's mana value is less than T, create a
     * number of tapped Treasure tokens equal to the difference" in one face's
     * oracle text, or 0 (as the C host's carddb-discover.c reads it).
     */
    static int treasuresBelowFromText(String oracle) {
        int at = oracle == null ? -1 : oracle.indexOf(TREASURES_BEFORE);
        if (at < 0)
            return 0;
        int from = at + TREASURES_BEFORE.length();
        int end = from;
        while (end < oracle.length() && end - from < 7 && oracle.charAt(end) >= '0' && oracle.charAt(end) <= '9')
            end++;
        if (end == from || !oracle.startsWith(TREASURES_AFTER, end))
            return 0;
        int t = Integer.parseInt(oracle.substring(from, end));
        return t > 0 ? t : 0;
    }

    static Discover discoverFromText(String oracle, String typeLine) {
        if (oracle == null || !oracle.contains("iscover"))
            return new Discover(DiscoverKind.NONE, 0);
        String text = withoutReminders(oracle);
        boolean spell = typeLineHas(typeLine, "Instant") || typeLineHas(typeLine, "Sorcery");
        boolean mentioned = false;
        Integer other = null;
        for (int p = text.indexOf("iscover"); p >= 0; p = text.indexOf("iscover", p + 1)) {
            int word = p - 1;
            if (word < 0 || (text.charAt(word) != 'd' && text.charAt(word) != 'D')
                    || (word > 0 && isWordChar(text.charAt(word - 1))) || isWordChar(at(text, p + 7)))
                continue;
            mentioned = true;
            Integer n = at(text, p + 7) == ' ' ? parseN(text, p + 8) : null;
            if (n == null)
                continue;
            String sentence = sentenceBefore(text, word);
            if (isEtbTrigger(sentence))
                return new Discover(sentence.endsWith("if you cast it,") ? DiscoverKind.ETB_IF_CAST
                        : DiscoverKind.ETB, n);
            if (spell && sentence.isEmpty() && text.charAt(word) == 'D')
                return new Discover(DiscoverKind.ON_RESOLVE, n);
            if (other == null)
                other = n;
        }
        if (other != null || mentioned)
            return new Discover(DiscoverKind.OTHER, other != null ? other : 0);
        return new Discover(DiscoverKind.NONE, 0);
    }

    /* ---- cascade (CR 702.85) ---- */

    /** Instances of cascade on one face's keyword lines ("Cascade, cascade" is two). */
    static int cascadeFromText(String oracle) {
        if (oracle == null || !oracle.contains("ascade"))
            return 0;
        int count = 0;
        for (String line : withoutReminders(oracle).split("\n", -1))
            for (String item : line.split(",", -1))
                if (asciiEqualsIgnoreCase(strip(item), "cascade"))
                    count++;
        return count;
    }
}
