/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.util.UUID;
import mage.MageInt;
import mage.abilities.Ability;
import mage.abilities.common.SimpleStaticAbility;
import mage.abilities.effects.ContinuousRuleModifyingEffectImpl;
import mage.cards.Card;
import mage.cards.CardImpl;
import mage.cards.CardSetInfo;
import mage.constants.CardType;
import mage.constants.Duration;
import mage.constants.Outcome;
import mage.constants.Zone;
import mage.game.Game;
import mage.game.events.GameEvent;

/**
 * Drannith Magistrate ({1}{W}, 1/3: "Your opponents can't cast spells from anywhere other than
 * their hands"), which the shared XMage jars leave out: a card written for the tests with XMage's
 * own restriction kind, a rule-modifying effect on CAST_SPELL.
 */
public final class DrannithMagistrateTestCard extends CardImpl {
    public DrannithMagistrateTestCard(UUID owner, CardSetInfo setInfo) {
        super(owner, setInfo, new CardType[] {CardType.CREATURE}, "{1}{W}");
        power = new MageInt(1);
        toughness = new MageInt(3);
        addAbility(new SimpleStaticAbility(new OnlyFromHand()));
    }

    private DrannithMagistrateTestCard(DrannithMagistrateTestCard card) {
        super(card);
    }

    @Override
    public DrannithMagistrateTestCard copy() {
        return new DrannithMagistrateTestCard(this);
    }

    /** An opponent of its controller casting a spell from anywhere but their hand: prevented. */
    static final class OnlyFromHand extends ContinuousRuleModifyingEffectImpl {
        OnlyFromHand() {
            super(Duration.WhileOnBattlefield, Outcome.Benefit);
            staticText = "Your opponents can't cast spells from anywhere other than their hands";
        }

        private OnlyFromHand(OnlyFromHand effect) {
            super(effect);
        }

        @Override
        public OnlyFromHand copy() {
            return new OnlyFromHand(this);
        }

        @Override
        public boolean checksEventType(GameEvent event, Game game) {
            return event.getType() == GameEvent.EventType.CAST_SPELL;
        }

        @Override
        public boolean applies(GameEvent event, Ability source, Game game) {
            Card card = game.getCard(event.getSourceId());
            return card != null && game.getOpponents(source.getControllerId()).contains(event.getPlayerId())
                && game.getState().getZone(card.getMainCard().getId()) != Zone.HAND;
        }
    }
}
