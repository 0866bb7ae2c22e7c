/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.util.ArrayList;
import java.util.List;
import mage.abilities.Ability;
import mage.abilities.TriggeredAbilityImpl;
import mage.abilities.effects.OneShotEffect;
import mage.cards.Card;
import mage.cards.CardsImpl;
import mage.constants.Outcome;
import mage.constants.Zone;
import mage.filter.StaticFilters;
import mage.game.Game;
import mage.game.events.GameEvent;
import mage.game.stack.Spell;
import mage.players.Player;
import mage.target.common.TargetCardInExile;
import mage.target.targetpointer.FixedTarget;

/**
 * Cascade (CR 702.85) resolved by keyact's cascade plugin: a drop-in for XMage's
 * {@code CascadeAbility} (triggered when its spell is cast, with the same rule text and copy).
 */
public class KeyactCascadeAbility extends TriggeredAbilityImpl {
    private final boolean withReminder;

    /** Cascade, with reminder text. */
    public KeyactCascadeAbility() {
        this(true);
    }

    /** Cascade, with the reminder text when {@code withReminder}. */
    public KeyactCascadeAbility(boolean withReminder) {
        super(Zone.STACK, new CascadeEffect());
        this.withReminder = withReminder;
    }

    /** The copy constructor. */
    protected KeyactCascadeAbility(KeyactCascadeAbility ability) {
        super(ability);
        this.withReminder = ability.withReminder;
    }

    @Override
    public boolean checkEventType(GameEvent event, Game game) {
        return event.getType() == GameEvent.EventType.SPELL_CAST;
    }

    @Override
    public boolean checkTrigger(GameEvent event, Game game) {
        Spell spell = game.getStack().getSpell(event.getTargetId());
        getEffects().setTargetPointer(new FixedTarget(event.getTargetId()));
        return spell != null && spell.getSourceId().equals(getSourceId());
    }

    @Override
    public String getRule() {
        return withReminder ? "cascade <i>(When you cast this spell, exile cards from the top of your library until you"
            + " exile a nonland card that costs less. You may cast it without paying its mana cost. Put the exiled cards on"
            + " the bottom of your library in a random order.)</i>" : "cascade";
    }

    @Override
    public KeyactCascadeAbility copy() {
        return new KeyactCascadeAbility(this);
    }

    /** The trigger's effect: cascade with N = the mana value of the spell that has cascade. */
    static final class CascadeEffect extends OneShotEffect {
        CascadeEffect() {
            super(Outcome.PutCardInPlay);
        }

        private CascadeEffect(CascadeEffect effect) {
            super(effect);
        }

        @Override
        public boolean apply(Game game, Ability source) {
            Player player = game.getPlayer(source.getControllerId());
            Spell spell = game.getSpellOrLKIStack(getTargetPointer().getFirst(game, source));
            if (player == null || spell == null)
                return false;
            new CascadeHost(player, game, source).resolve("cascade", spell.getManaValue());
            return true;
        }

        @Override
        public CascadeEffect copy() {
            return new CascadeEffect(this);
        }
    }

    /** What XMage's cascade does between the exile run and the question, and its lands. */
    static final class CascadeHost extends KeyactDiscoverEffect.XMageHost {
        CascadeHost(Player player, Game game, Ability source) {
            super(player, game, source);
        }

        /** The run may have drawn the library empty: not a draw. Then "as you cascade" (CR 702.85b). */
        @Override
        protected void exiled(List<Card> exiled) {
            super.exiled(exiled);
            player.getLibrary().reset();
            GameEvent event = GameEvent.getEvent(GameEvent.EventType.CASCADE_LAND, source.getSourceId(), source,
                source.getControllerId(), 0);
            game.replaceEvent(event);
            if (event.getAmount() > 0) {
                TargetCardInExile lands = new TargetCardInExile(0, event.getAmount(), StaticFilters.FILTER_CARD_LAND);
                lands.withChooseHint("land to put onto battlefield tapped");
                player.choose(Outcome.PutCardInPlay, new CardsImpl(exiled), lands, source, game);
                player.moveCards(new CardsImpl(lands.getTargets()).getCards(game), Zone.BATTLEFIELD, source, game,
                    true, false, false, null);
            }
        }

        /** A land put onto the battlefield as you cascade stays there. */
        @Override
        protected void toBottom(List<Card> cards) {
            List<Card> exiled = new ArrayList<>(cards.size());
            for (Card c : cards)
                if (zone(c) == Zone.EXILED)
                    exiled.add(c);
            super.toBottom(exiled);
        }
    }
}
