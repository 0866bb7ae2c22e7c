/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.List;

import org.keyact.Layout;

/**
 * The stack (Forge's {@code MagicStack}): spells, the "discover N" triggers
 * of permanents that enter, and the cascade triggers of spells cast,
 * resolved top first until it is empty. Discover and cascade themselves are
 * {@link ApiType} effects.
 */
public final class MagicStack {
    private final Game game;
    private final List<StackItem> items = new ArrayList<>();
    /** Cascade triggers waiting to go on the stack the next time a player would get priority. */
    private final List<StackItem> pending = new ArrayList<>();

    MagicStack(Game game) {
        this.game = game;
    }

    void push(StackItem item) {
        items.add(item);
    }

    void addPending(StackItem trigger) {
        pending.add(trigger);
    }

    StackItem top() {
        return items.get(items.size() - 1);
    }

    /** Put the waiting cascade triggers on the stack, each with N = the spell's mana value. */
    private void putPendingTriggers() throws GameException {
        try {
            for (StackItem trigger : pending) {
                CardState face = trigger.card.rules().state(trigger.face);
                int halves;
                try {
                    halves = ManaCost.spellValue(face.manaCost(), trigger.manaX);
                } catch (ManaCost.BadCostException e) {
                    throw new GameException(GameException.Kind.RULES, face.name()
                            + "'s cascade: cannot compute the spell's mana value: " + e.getMessage(), e);
                }
                trigger.n = halves / 2; // whole in the ABI; no printed cascade card has half mana
                items.add(trigger);
                GameEvent e = new GameEvent(GameEvent.Type.CASCADE_TRIGGER, trigger.controller, trigger.card);
                e.face = trigger.face;
                e.n = trigger.n;
                e.index = trigger.instance;
                game.addEvent(e);
            }
        } finally {
            pending.clear();
        }
    }

    /** The N an object discovers: its printed N, or its X for "discover X". */
    private int discoverN(StackItem item) throws GameException {
        if (item.n >= 0)
            return item.n;
        if (item.x < 0)
            throw GameException.input(item.card.name()
                    + " discovers X: the step must say what X is (key \"x\")");
        return item.x;
    }

    private void toGraveyardOrAdventure(StackItem item) {
        /* CR 715.4: an adventure spell that resolves is exiled "on an adventure". */
        boolean adventure = item.card.rules().layout() == Layout.ADVENTURE && item.face == 1 && !item.targetsIllegal;
        game.getAction().moveTo(item.card, adventure ? ZoneType.EXILE : ZoneType.GRAVEYARD, -1);
        game.addEvent(new GameEvent(adventure ? GameEvent.Type.TO_ADVENTURE : GameEvent.Type.TO_GRAVEYARD,
                item.controller, item.card));
    }

    private void resolvePermanent(StackItem item) throws GameException {
        game.getAction().moveTo(item.card, ZoneType.BATTLEFIELD, -1);
        item.card.faceUp = item.face;
        GameEvent enters = new GameEvent(GameEvent.Type.ENTERS, item.controller, item.card);
        enters.face = item.face;
        game.addEvent(enters);
        /* Only the front face has the ability; "if you cast it" needs a cast. */
        DiscoverKind kind = item.card.rules().discoverKind();
        boolean triggers = item.face == 0
                && (kind == DiscoverKind.ETB || (kind == DiscoverKind.ETB_IF_CAST && item.cast));
        if (!triggers)
            return;
        int n = discoverN(item);
        StackItem trigger = new StackItem(StackItem.Kind.TRIGGER, item.card, item.controller);
        trigger.x = item.x;
        trigger.n = n;
        items.add(trigger);
        GameEvent e = new GameEvent(GameEvent.Type.TRIGGER, item.controller, item.card);
        e.n = n;
        game.addEvent(e);
    }

    private void resolveSpell(StackItem item) throws GameException {
        /* CR 608.2b: all its targets illegal: it does not resolve, so it does not discover. */
        if (item.targetsIllegal) {
            game.addEvent(new GameEvent(GameEvent.Type.COUNTERED, item.controller, item.card));
            toGraveyardOrAdventure(item);
            return;
        }
        GameEvent resolving = new GameEvent(GameEvent.Type.RESOLVE, item.controller, item.card);
        resolving.face = item.face;
        game.addEvent(resolving);
        if (GameAction.isPermanent(item.card.rules(), item.face)) {
            resolvePermanent(item);
            return;
        }
        if (item.card.rules().discoverKind() == DiscoverKind.ON_RESOLVE && item.face == 0)
            ApiType.Discover.effect().resolve(game, Ability.of(item.controller, discoverN(item), item.card));
        toGraveyardOrAdventure(item);
    }

    /** Resolve the stack, top first, until it is empty. */
    void resolve() throws GameException {
        for (;;) {
            putPendingTriggers();
            if (items.isEmpty())
                return;
            StackItem item = items.remove(items.size() - 1);
            if (item.kind == StackItem.Kind.SPELL) {
                resolveSpell(item);
                continue;
            }
            GameEvent resolving = new GameEvent(GameEvent.Type.RESOLVE, item.controller, item.card);
            resolving.n = item.n;
            game.addEvent(resolving);
            ApiType api = item.kind == StackItem.Kind.CASCADE ? ApiType.Cascade : ApiType.Discover;
            api.effect().resolve(game, Ability.of(item.controller, item.n, item.card));
        }
    }
}
