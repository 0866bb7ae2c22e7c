/* SPDX-License-Identifier: MIT */
package org.keyact;

/**
 * Printed mana costs as engines spell them, turned into keyact's spelling and checked with the
 * plugin's grammar (keyact-plugin(7), MANA COSTS) so that a cost the plugin would refuse fails
 * here, with the face's name, rather than as a bare KEYACT_E_BADCOST during a resolve.
 */
final class ManaCosts {
    private ManaCosts() {}

    /**
     * {@code cost} in keyact's spelling: {@code ""} for no cost ({@code ""}, {@code "no cost"});
     * symbols in braces in any order ({@code "{X}{2}{R}"}) or separated by spaces without braces
     * ({@code "X 2 R"}); letters in either case.
     *
     * @throws KeyactException {@link Status#BADCOST} naming the face and the symbol
     */
    static String normalize(String face, String cost) {
        String c = cost.trim();
        if (c.isEmpty() || c.equalsIgnoreCase("no cost"))
            return "";
        c = c.toUpperCase(java.util.Locale.ROOT);
        if (c.indexOf('{') < 0) {
            StringBuilder b = new StringBuilder();
            for (String symbol : c.split("\\s+"))
                b.append('{').append(symbol).append('}');
            c = b.toString();
        }
        int pos = 0;
        while (pos < c.length()) {
            int close = c.indexOf('}', pos);
            if (c.charAt(pos) != '{' || close < 0)
                throw bad(face, cost, "the text at offset " + pos + " is not a {symbol}");
            String body = c.substring(pos + 1, close);
            if (!symbol(body))
                throw bad(face, cost, "{" + body + "} is not a mana symbol keyact knows");
            pos = close + 1;
        }
        return c;
    }

    private static KeyactException bad(String face, String cost, String why) {
        return new KeyactException(Status.BADCOST, "keyact cannot read the mana cost \"" + cost + "\" of "
            + face + ": " + why + " (keyact-plugin(7), MANA COSTS, lists the symbols)");
    }

    private static boolean color(char c) {
        return c == 'W' || c == 'U' || c == 'B' || c == 'R' || c == 'G';
    }

    /** The plugin's symbols (plugin/core/kp_mana_cost.c). */
    private static boolean symbol(String s) {
        int n = s.length();
        if (n >= 1 && Character.isDigit(s.charAt(0)) && !(n >= 2 && s.charAt(1) == '/'))
            return n <= 10 && s.chars().allMatch(ch -> ch >= '0' && ch <= '9') && (n == 1 || s.charAt(0) != '0');
        switch (n) {
        case 1:
            return "XYZCS".indexOf(s.charAt(0)) >= 0 || color(s.charAt(0)) || s.charAt(0) == '\u00bd';
        case 2:
            return s.charAt(0) == 'H' && color(s.charAt(1));
        case 3: {
            char a = s.charAt(0), b = s.charAt(2);
            if (s.charAt(1) != '/')
                return false;
            return (a == '2' && color(b)) || (color(a) && b == 'P')
                || (a != b && (a == 'C' ? color(b) : color(a) && (color(b) || b == 'C')));
        }
        case 5:
            return s.charAt(1) == '/' && s.charAt(3) == '/' && s.charAt(4) == 'P' && color(s.charAt(0))
                && color(s.charAt(2)) && s.charAt(0) != s.charAt(2);
        default:
            return false;
        }
    }
}
