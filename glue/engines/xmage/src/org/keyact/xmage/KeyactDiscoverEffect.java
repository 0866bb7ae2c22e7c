/* SPDX-License-Identifier: MIT */
package org.keyact.xmage;

import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import mage.ApprovingObject;
import mage.abilities.*;
import mage.abilities.effects.OneShotEffect;
import mage.abilities.keyword.AftermathAbility;
import mage.cards.*;
import mage.constants.Outcome;
import mage.constants.Zone;
import mage.game.Game;
import mage.game.ZoneChangeInfo;
import mage.game.ZonesHandler;
import mage.game.events.GameEvent;
import mage.game.events.ZoneChangeEvent;
import mage.players.Player;
import mage.util.CardUtil;
import mage.util.RandomUtil;
import org.keyact.*;

/**
 * Discover N (CR 701.57) resolved by keyact's discover plugin: a drop-in for XMage's
 * {@code DiscoverEffect}, with its constructors, text and copy, so a card changes one word.
 */
public class KeyactDiscoverEffect extends OneShotEffect {
    private final int amount;

    /** Discover {@code amount}, with the rule's reminder text (as XMage's {@code DiscoverEffect(int)}). */
    public KeyactDiscoverEffect(int amount) {
        this(amount, true);
    }

    /** Discover {@code amount}, with the rule's reminder text when {@code withReminder}. */
    public KeyactDiscoverEffect(int amount, boolean withReminder) {
        super(Outcome.Benefit);
        this.amount = amount;
        staticText = "discover " + amount + (withReminder ? ". <i>(Exile cards from the top of your library until you exile a"
            + " nonland card with mana value " + amount + " or less. Cast it without paying its mana cost or put it into"
            + " your hand. Put the rest on the bottom in a random order.)</i>" : "");
    }

    /** The copy constructor, as every XMage effect has one. */
    protected KeyactDiscoverEffect(KeyactDiscoverEffect effect) {
        super(effect);
        this.amount = effect.amount;
    }

    @Override
    public KeyactDiscoverEffect copy() {
        return new KeyactDiscoverEffect(this);
    }

    @Override
    public boolean apply(Game game, Ability source) {
        Player player = game.getPlayer(source.getControllerId());
        if (player != null)
            doDiscover(player, amount, game, source);
        return player != null;
    }

    /**
     * XMage's {@code DiscoverEffect.doDiscover}: {@code player} discovers {@code amount}, then the
     * DISCOVERED event fires. Returns the discovered card (CR 701.57c: also the last card exiled
     * when the library ran out, if its mana value is {@code amount} or less), or null.
     */
    public static Card doDiscover(Player player, int amount, Game game, Ability source) {
        Card card = new XMageHost(player, game, source).resolve("discover", amount).orElse(null);
        game.fireEvent(GameEvent.getEvent(GameEvent.EventType.DISCOVERED, null, source, player.getId(), amount));
        return card;
    }

    /**
     * One discover or cascade of {@code player}, caused by {@code source}, in the calls XMage's
     * own DiscoverEffect and CascadeEffect make. Failures are logged by keyact (java.util.logging
     * {@code org.keyact}, beside its validation reports in {@code org.keyact.validate}). The
     * bottom order is drawn from XMage's {@code RandomUtil}, so a seeded game replays (XMage's own
     * effect shuffles with an unseeded generator).
     */
    static class XMageHost extends EngineHost<Card, Card> {
        /** One description per printed card: an XMage card class is one printed card. */
        private static final Map<Class<?>, CardDescription> DESCRIPTIONS = new ConcurrentHashMap<>();
        final Player player;
        final Game game;
        final Ability source;

        XMageHost(Player player, Game game, Ability source) {
            this.player = player;
            this.game = game;
            this.source = source;
        }

        @Override
        protected List<Card> library() {
            return byId(player.getLibrary().getCardList(), game::getCard);
        }

        @Override
        protected CardDescription describe(Card card) {
            return DESCRIPTIONS.computeIfAbsent(card.getClass(), type -> new CardDescription(card instanceof SplitCard
                ? faces(card).get(1).getAbilities().containsClass(AftermathAbility.class) ? Layout.AFTERMATH : Layout.SPLIT
                : card instanceof ModalDoubleFacedCard ? Layout.MODAL_DFC
                : card instanceof CardWithSpellOption ? Layout.ADVENTURE : Layout.NORMAL,
                faces(card).stream().map(f -> new Face(f.getName(), f.getManaCost().getText(), f.isLand(), false))
                    .collect(Collectors.toList())));
        }

        @Override
        protected List<Card> faces(Card card) {
            return card instanceof CardWithHalves
                ? Arrays.asList(((CardWithHalves) card).getLeftHalfCard(), ((CardWithHalves) card).getRightHalfCard())
                : card instanceof CardWithSpellOption ? Arrays.asList(card, ((CardWithSpellOption) card).getSpellCard())
                : Collections.singletonList(card);
        }

        /**
         * Face up, seen before the next card (processAction), with the game-log line XMage's own
         * DiscoverEffect and CascadeEffect write: what their {@code Player.moveCards} makes of it
         * (PlayerImpl.moveCardToExileWithInfo), without the set and the switch around it.
         */
        @Override
        protected void toExile(Card card) {
            if (card.moveToExile(null, "", source, game) && !game.isSimulation() && zone(card) == Zone.EXILED)
                game.informPlayers(player.getLogName() + " moves " + card.getLogName() + (card.isCopy() ? " (Copy)" : "")
                    + " from " + Zone.LIBRARY.toString().toLowerCase(Locale.ENGLISH) + " to the exile zone"
                    + CardUtil.getSourceLogName(game, source, card.getId()));
            game.processAction();
        }

        @Override
        protected void toHand(Card card) {
            player.moveCards(card, Zone.HAND, source, game);
        }

        /** In keyact's order, in one move as XMage's own zone changes make it, and XMage's game-log lines. */
        @Override
        protected void toBottom(List<Card> cards) {
            if (cards.isEmpty())
                return;
            List<ZoneChangeInfo> moves = new ArrayList<>(cards.size());
            for (Card c : cards)
                moves.add(new ZoneChangeInfo.Library(new ZoneChangeEvent(c.getId(), source, c.getOwnerId(), Zone.EXILED,
                    Zone.LIBRARY), false));
            ZonesHandler.moveCards(moves, source, game);
            if (game.isSimulation())
                return;
            for (Card c : cards) // the line XMage's own putCardsOnBottomOfLibrary writes for each card
                game.informPlayers(player.getLogName() + " puts a card from "
                    + Zone.EXILED.toString().toLowerCase(Locale.ENGLISH) + " to the bottom of their library"
                    + CardUtil.getSourceLogName(game, source, c.getId()));
        }

        @Override
        protected Zone zone(Card card) {
            return game.getState().getZone(card.getId());
        }

        /**
         * XMage's own checks for a spell a player may cast (those of its playable list): no rule
         * or effect forbids casting it from exile (CAST_SPELL and CAST_SPELL_LATE, as
         * {@code PlayerImpl.cast} asks them: an opponent's Drannith Magistrate, an aftermath
         * half), and legal targets exist.
         */
        @Override
        protected boolean canCast(Card face) {
            SpellAbility spell = face.getSpellAbility();
            if (spell == null) // a land
                return false;
            for (GameEvent.EventType type : CAST_EVENTS) {
                GameEvent cast = GameEvent.getEvent(type, spell.getId(), spell, player.getId());
                cast.setZone(Zone.EXILED);
                if (game.getContinuousEffects().preventedByRuleModification(cast, spell, game, true))
                    return false;
            }
            return spell.canChooseTarget(game, player.getId());
        }

        private static final GameEvent.EventType[] CAST_EVENTS = {GameEvent.EventType.CAST_SPELL,
            GameEvent.EventType.CAST_SPELL_LATE};

        @Override
        protected int randomBelow(int bound) {
            return RandomUtil.nextInt(bound);
        }

        /** XMage's question, "Cast spell without paying its mana cost (A or B)?", then its pick of a part. */
        @Override
        protected Optional<Card> choose(Card card, List<Card> castable) {
            if (!player.chooseUse(Outcome.PlayForFree, "Cast spell without paying its mana cost ("
                + castable.stream().map(Card::getLogName).collect(Collectors.joining(" or ")) + ")?", source, game))
                return Optional.empty();
            allow(castable, true);
            SpellAbility spell = player.chooseAbilityForCast(card, game, true);
            allow(castable, false);
            return castable.stream().filter(f -> spell != null && f.getId().equals(spell.getSourceId())).findFirst();
        }

        @Override
        protected void cast(Card face) {
            allow(Collections.singletonList(face), true);
            player.cast(face.getSpellAbility(), game, true, new ApprovingObject(source, game));
            allow(Collections.singletonList(face), false);
        }

        /** Lets the player cast exactly these parts from exile (XMage's PlayFromNotOwnHandZone), or no longer. */
        private void allow(List<Card> parts, boolean allowed) {
            parts.forEach(p -> game.getState().setValue("PlayFromNotOwnHandZone" + p.getId(), allowed ? Boolean.TRUE : null));
        }
    }
}
