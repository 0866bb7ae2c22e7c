/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.List;

import org.keyact.Action;
import org.keyact.KeyactException;
import org.keyact.Result;
import org.keyact.Status;

/**
 * An effect performed by a keyact action: the whole keyword action (exile,
 * choose, cast, bottom order) happens in the plugin, which reaches the game
 * only through {@link GameHost}. A failed resolve is a rules error naming
 * the status and every card the plugin left in exile.
 */
abstract class KeyactEffect implements SpellAbilityEffect {
    /** Stranded cards a message names before "and N more". */
    private static final int MAX_NAMED = 16;

    private final String actionName;

    KeyactEffect(String actionName) {
        this.actionName = actionName;
    }

    /** "discover 3 (source: Daring Discovery)" or "cascade (mana value 4, source: ...)". */
    abstract String describe(int n, Card source);

    /** The record's event type: DISCOVER or CASCADE. */
    abstract GameEvent.Type eventType();

    static String statusName(Status status) {
        return switch (status) {
            case OK -> "KEYACT_OK";
            default -> "KEYACT_E_" + status.name();
        };
    }

    private static String strandedNames(Game game, List<Long> stranded) {
        StringBuilder b = new StringBuilder();
        int shown = Math.min(stranded.size(), MAX_NAMED);
        for (int i = 0; i < shown; i++) {
            Card c = game.card(stranded.get(i));
            b.append(i > 0 ? ", " : "").append(c != null ? c.name() : "(unknown card)");
        }
        if (stranded.size() > shown)
            b.append(" and ").append(stranded.size() - shown).append(" more");
        return b.toString();
    }

    @Override
    public void resolve(Game game, Ability ability) throws GameException {
        Player p = game.player(ability.player());
        Card source = ability.source().orElse(null);
        Action action = game.keyactAction(actionName).orElse(null);
        if (action == null)
            throw GameException.rules(p.name() + "'s " + describe(ability.n(), source)
                    + " needs the \"" + actionName + "\" action, and no loaded plugin provides it (keyact-"
                    + actionName + ".so)");

        Resolution d = new Resolution(actionName, ability.player(), ability.n(), source);
        game.resolutions.add(d);
        game.current = d;
        GameEvent event = new GameEvent(eventType(), ability.player(), source);
        event.n = ability.n();
        game.addEvent(event);

        Status status = Status.OK;
        KeyactException failure = null;
        try {
            d.result = action.resolve(new GameHost(game, d), Game.ID, ability.player() + 1L, ability.n(),
                    source != null ? source.id() : 0L);
            failure = d.result.failure().orElse(null);
        } catch (KeyactException e) {
            failure = e;
            d.result = e.result().orElse(null);
        } finally {
            game.current = null;
        }
        if (failure != null)
            status = failure.status();
        Result r = d.result;
        boolean complete = r != null && r.complete();
        if (status != Status.OK || !complete) {
            String stranded = r != null ? strandedNames(game, r.stranded()) : "";
            throw new GameException(GameException.Kind.RULES, p.name() + "'s " + describe(ability.n(), source)
                    + " failed: the plugin returned " + statusName(status) + " (" + status.code() + ")"
                    + (complete ? "" : ", the action did not finish")
                    + (stranded.isEmpty() ? "" : "; left in exile: ") + stranded, failure);
        }
    }
}
