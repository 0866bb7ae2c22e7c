/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.List;

import org.keyact.Option;
import org.keyact.OptionKind;

/**
 * How the player answers the questions of one scenario step (Forge's
 * {@code PlayerController}): which faces cannot be cast now, which casts
 * fail, and which option to pick at each choice. A step's {@code choose}
 * is "cast" (the first castable face offered), "hand" or "bottom" (not
 * casting, whichever of the two the action offers), or "face:NAME"; the
 * n-th choice uses the n-th entry and the last one repeats.
 */
final class PlayerController {
    final List<String> choose = new ArrayList<>();
    final List<String> cannotCast = new ArrayList<>();
    final List<String> castFails = new ArrayList<>();
    int x = -1;
    int choicesMade;

    void reset(Scenario.Step step) {
        choose.clear();
        cannotCast.clear();
        castFails.clear();
        if (step != null) {
            choose.addAll(step.choose());
            cannotCast.addAll(step.cannotCast());
            castFails.addAll(step.castFails());
            x = step.x();
        } else {
            x = -1;
        }
        choicesMade = 0;
    }

    static boolean validChoice(String choice) {
        return choice.equals("cast") || choice.equals("hand") || choice.equals("bottom")
                || (choice.startsWith("face:") && choice.length() > 5);
    }

    /** True when {@code names} names the card (every face) or face {@code face}; ASCII case-insensitive. */
    static boolean namesFace(List<String> names, CardRules card, int face) {
        for (String name : names) {
            if (Text.asciiEqualsIgnoreCase(name, card.name()))
                return true;
            if (face >= 0 && face < card.states().size() && Text.asciiEqualsIgnoreCase(name, card.state(face).name()))
                return true;
        }
        return false;
    }

    private static int decline(List<Option> options) {
        for (int i = 0; i < options.size(); i++)
            if (options.get(i).kind() == OptionKind.TO_HAND || options.get(i).kind() == OptionKind.TO_BOTTOM)
                return i;
        return 0;
    }

    int choose(CardRules card, List<Option> options) {
        String choice = choose.isEmpty() ? "cast" : choose.get(Math.min(choicesMade, choose.size() - 1));
        if (choice.equals("hand") || choice.equals("bottom"))
            return decline(options);
        String faceName = choice.startsWith("face:") ? choice.substring(5) : null;
        for (int i = 0; i < options.size(); i++) {
            Option o = options.get(i);
            if (o.kind() != OptionKind.CAST_FACE)
                continue;
            if (faceName == null)
                return i;
            if (o.face() >= 0 && o.face() < card.states().size()
                    && Text.asciiEqualsIgnoreCase(faceName, card.state(o.face()).name()))
                return i;
        }
        return decline(options);
    }
}
