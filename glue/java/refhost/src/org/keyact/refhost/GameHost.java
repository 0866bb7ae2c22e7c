/* SPDX-License-Identifier: MIT */
package org.keyact.refhost;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.keyact.CardDescription;
import org.keyact.Event;
import org.keyact.Host;
import org.keyact.LogLevel;
import org.keyact.Option;
import org.keyact.OptionKind;
import org.keyact.Zone;

/**
 * keyact's callbacks mapped onto the {@link Game}, made for one resolve:
 * the {@link Resolution} it records into is a final field, as a Forge host
 * keeps the resolving ability. Player handles are the seat + 1, card
 * handles the card id, the game handle {@link Game#ID}. Every callback
 * checks its handles; a bad one throws, which keyact turns into a failing
 * status for that one call. Called only inside the resolve, on the thread
 * playing the game.
 *
 * In Forge the same calls land on: {@code librarySize}/{@code libraryCard}
 * on {@code Player.getCardsIn(ZoneType.Library)}; {@code moveCard} on
 * {@code GameAction.moveTo}/{@code exile}/{@code moveToLibrary(c, -1, sa)};
 * {@code describeCard} on the card's {@code CardState}s; {@code canCastFace}
 * on the state's spells ({@code SpellAbility.canPlay()}); {@code choose} on
 * {@code PlayerController.confirmAction}/{@code getAbilityToPlay};
 * {@code castFree} on {@code PlayerController.playSaFromPlayEffect};
 * {@code randomBelow} on the game's seeded random numbers;
 * {@code exileRunOver} on one reveal of every exiled card.
 */
final class GameHost implements Host {
    private static final GameEvent.Type[] EVENT_TYPES = {GameEvent.Type.EXILED, GameEvent.Type.HIT,
        GameEvent.Type.CAST_FREE, GameEvent.Type.CAST_FAILED, GameEvent.Type.TO_HAND, GameEvent.Type.BOTTOM,
        GameEvent.Type.DISCOVERED, GameEvent.Type.FINISHED};

    private final Game game;
    private final Resolution d;

    GameHost(Game game, Resolution d) {
        this.game = game;
        this.d = d;
    }

    private static void checkGame(long gameId) {
        if (gameId != Game.ID)
            throw new IllegalArgumentException("unknown game " + gameId);
    }

    private Player player(long gameId, long handle) {
        checkGame(gameId);
        Player p = handle >= 1 && handle <= game.players.size() ? game.players.get((int) handle - 1) : null;
        if (p == null)
            throw new IllegalArgumentException("unknown player " + handle);
        return p;
    }

    private Card card(long handle, int face) {
        Card c = game.card(handle);
        if (c == null)
            throw new IllegalArgumentException("unknown card " + handle);
        if (face < -1 || face >= c.rules().states().size())
            throw new IndexOutOfBoundsException(c.name() + " has no face " + face);
        return c;
    }

    @Override
    public int librarySize(long gameId, long playerId) {
        return player(gameId, playerId).getCardsIn(ZoneType.LIBRARY).size();
    }

    @Override
    public long libraryCard(long gameId, long playerId, int indexFromTop) {
        List<Card> library = player(gameId, playerId).getCardsIn(ZoneType.LIBRARY);
        if (indexFromTop < 0 || indexFromTop >= library.size())
            throw new IndexOutOfBoundsException("no library card " + indexFromTop);
        return library.get(indexFromTop).id();
    }

    /** ABI 1.1 batched: one lookup of the library for the whole run of cards (0 past its end). */
    @Override
    public void libraryCards(long gameId, long playerId, int fromTop, int count, long[] out) {
        List<Card> library = player(gameId, playerId).getCardsIn(ZoneType.LIBRARY);
        if (fromTop < 0)
            throw new IndexOutOfBoundsException("no library card " + fromTop);
        for (int i = 0; i < count; i++)
            out[i] = fromTop + i < library.size() ? library.get(fromTop + i).id() : 0;
    }

    @Override
    public void moveCard(long gameId, long playerId, long cardId, Zone to, int libraryIndex, boolean reveal) {
        Player p = player(gameId, playerId);
        Card c = card(cardId, -1);
        if (c.owner() != p)
            throw new IllegalArgumentException(c.name() + " is not " + p.name() + "'s");
        /* Spells and permanents are not the plugin's to move. */
        if (c.zone == ZoneType.STACK || c.zone == ZoneType.BATTLEFIELD)
            throw new IllegalStateException(c.name() + " is on the " + c.zone.key());
        // every card here is public: revealing changes nothing
        int size = p.getCardsIn(ZoneType.LIBRARY).size() - (c.zone == ZoneType.LIBRARY ? 1 : 0);
        boolean bottom = to == Zone.LIBRARY && libraryIndex == LIBRARY_BOTTOM;
        if (to == Zone.LIBRARY && !bottom && (libraryIndex < 0 || libraryIndex > size))
            throw new IndexOutOfBoundsException("library index " + libraryIndex);
        ZoneType zone = to == Zone.LIBRARY ? ZoneType.LIBRARY : to == Zone.EXILE ? ZoneType.EXILE : ZoneType.HAND;
        game.getAction().moveTo(c, zone, to == Zone.LIBRARY && !bottom ? libraryIndex : -1);
        if (bottom)
            d.bottom.add(c);
    }

    /** The run of exiled cards, recorded (and, in Forge, revealed) at once. */
    @Override
    public void exileRunOver(long gameId, long playerId, List<Long> exiled) {
        for (long id : exiled)
            d.exiled.add(card(id, -1));
    }

    @Override
    public CardDescription describeCard(long gameId, long cardId) {
        checkGame(gameId);
        return card(cardId, -1).rules().description();
    }

    @Override
    public boolean canCastFace(long gameId, long playerId, long cardId, int face) {
        player(gameId, playerId);
        Card c = card(cardId, face);
        boolean can = !PlayerController.namesFace(game.controller.cannotCast, c.rules(), face);
        if (face < 32) {
            d.facesAsked |= 1 << face;
            d.facesRefused |= can ? 0 : 1 << face;
        }
        return can;
    }

    @Override
    public int choose(long gameId, long playerId, long cardId, List<Option> options) {
        Player p = player(gameId, playerId);
        Card c = card(cardId, -1);
        if (options.isEmpty())
            throw new IllegalArgumentException("no options");
        d.options = Collections.unmodifiableList(new ArrayList<>(options));
        int chosen = game.chooser != null ? game.chooser.choose(game, p.index(), c, options) : -1;
        boolean asked = chosen >= 0 && chosen < options.size();
        if (!asked)
            chosen = game.controller.choose(c.rules(), options);
        game.controller.choicesMade++;
        d.chosen = chosen;
        Option o = options.get(chosen);
        GameEvent e = new GameEvent(GameEvent.Type.CHOICE, p.index(), c);
        e.index = chosen;
        e.asked = asked;
        e.optionKind = o.kind();
        e.face = o.kind() == OptionKind.CAST_FACE ? o.face() : -1;
        game.addEvent(e);
        return chosen;
    }

    @Override
    public boolean castFree(long gameId, long playerId, long cardId, int face) {
        Player p = player(gameId, playerId);
        Card c = card(cardId, face);
        if (c.zone != ZoneType.EXILE || c.owner() != p)
            throw new IllegalStateException(c.name() + " is not in " + p.name() + "'s exile");
        if (PlayerController.namesFace(game.controller.castFails, c.rules(), face))
            return false;
        /* A cast like any other: its cast triggers (cascade) trigger. */
        game.getAction().castSpell(p.index(), c, face, true, game.controller.x, false);
        return true;
    }

    @Override
    public int randomBelow(long gameId, int bound) {
        checkGame(gameId);
        return game.rng.below(bound);
    }

    /** For the validation layer (keyact-jvm run --validate): the card's zone, empty for no such card. */
    @Override
    public Optional<Zone> cardZone(long gameId, long cardId) {
        checkGame(gameId);
        Card c = game.card(cardId);
        if (c == null)
            return Optional.empty();
        return Optional.of(switch (c.zone) {
            case LIBRARY -> Zone.LIBRARY;
            case EXILE -> Zone.EXILE;
            case HAND -> Zone.HAND;
            case STACK -> Zone.STACK;
            case BATTLEFIELD -> Zone.BATTLEFIELD;
            case GRAVEYARD -> Zone.GRAVEYARD;
            case NONE -> Zone.OTHER;
        });
    }

    @Override
    public void notify(long gameId, Event event) {
        if (gameId != Game.ID)
            return;
        long ph = event.player();
        int player = ph >= 1 && ph <= game.players.size() ? (int) ph - 1 : 0;
        GameEvent e = new GameEvent(EVENT_TYPES[event.type().ordinal()], player, game.card(event.card()));
        e.n = event.n();
        e.face = event.face();
        e.index = event.index();
        e.manaValueHalves = event.manaValueHalves();
        game.addEvent(e);
    }

    @Override
    public void log(LogLevel level, String message) {
        if (level == LogLevel.WARNING || level == LogLevel.ERROR)
            System.err.println("keyact-jvm: plugin: " + message);
    }
}
