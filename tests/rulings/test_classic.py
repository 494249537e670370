"""The classic 16-card edition: what differs from 2019 (the LLC-* rulings)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from testkit.tables import (
    PLAYERS,
    STILL_TIED_PILE,
    anna_alone_table,
    anna_protected,
    anna_wins_alone,
    assert_refused,
    layout,
    of_type,
    showdown_of_princes,
    table,
)

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Deal,
    DrawSource,
    Ending,
    Game,
    GameEnded,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    KnockOutCause,
    Layout,
    Phase,
    Play,
    PlayerKnockedOut,
    PlayerProtected,
    ProtectionEnded,
    Reason,
    RoundEnded,
    RoundStarted,
    SetupError,
    Shown,
    TokenAwarded,
    TokenFor,
    edition,
)
from loveletter.games.quiet import play_quietly
from loveletter.serialization import UnknownCardError, command_from_data, log_from_json, to_json

CLASSIC = edition("classic")

# -- helpers -----------------------------------------------------------------------------


def classic(**kw: object) -> Game:
    """A classic table dealt as named (see ``tables.table``)."""
    return table(edition_name="classic", **kw)  # type: ignore[arg-type]


# Anna's discards: Countess, Guard, Guard, Handmaid, Handmaid = 17; Ben's: Guard, Guard,
# Priest, Priest, Guard = 7.
ANNA_AHEAD_PILE = ["Countess", *["Guard"] * 4, "Priest", "Handmaid", "Priest", "Handmaid", "Guard"]


# -- LLC-DECK and LLC-VALUES -------------------------------------------------------------


@pytest.mark.ruling("LLC-DECK")
def test_llc_deck_has_sixteen_cards_without_spy_or_chancellor() -> None:
    """The classic deck: Guard x5; Priest, Baron, Handmaid, Prince x2; King, Countess, Princess."""
    assert len(CLASSIC.deck) == 16
    assert Counter(CLASSIC.deck) == {
        Card.GUARD: 5,
        Card.PRIEST: 2,
        Card.BARON: 2,
        Card.HANDMAID: 2,
        Card.PRINCE: 2,
        Card.KING: 1,
        Card.COUNTESS: 1,
        Card.PRINCESS: 1,
    }
    assert Card.SPY not in CLASSIC.cards
    assert Card.CHANCELLOR not in CLASSIC.cards


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.ruling("LLC-DECK")
def test_llc_deck_every_deal_uses_exactly_the_classic_deck(players: int) -> None:
    """A shuffled classic deal holds the sixteen classic cards, no more and no fewer."""
    game = Game.new(PLAYERS[:players], edition="classic", seed=5, first="Anna", auto_draw=False)
    state = game.state
    cards = Counter([state.set_aside, *state.face_up, *state.draw_pile])
    for player in state.players:
        cards.update(state.hand(player))
    assert cards == Counter(CLASSIC.deck)


@pytest.mark.ruling("LLC-DECK")
def test_llc_deck_a_deal_with_a_spy_is_refused() -> None:
    """A classic deal containing a Spy is not the classic deck and is refused."""
    deck = list(CLASSIC.deck)
    deck[deck.index(Card.GUARD)] = Card.SPY
    layout = Layout(
        set_aside=deck[0],
        face_up=deck[1:4],
        hands={"Anna": deck[4], "Ben": deck[5]},
        draw_pile=deck[6:],
    )
    with pytest.raises(SetupError) as error:
        Game.new(["Anna", "Ben"], edition="classic", seed=1, first="Anna", deal=layout)
    assert error.value.reason is Reason.BAD_DEAL
    assert error.value.ruling == "LLC-DECK"


@pytest.mark.parametrize("card", [Card.SPY, Card.CHANCELLOR])
@pytest.mark.ruling("LLC-DECK")
def test_llc_deck_playing_a_card_classic_lacks_is_refused(card: Card) -> None:
    """Playing a Spy or a Chancellor in the classic edition is refused as an unknown card."""
    game = classic(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Handmaid"])
    assert_refused(game, Play(player="Anna", card=card), Reason.UNKNOWN_CARD, "LLC-DECK")


@pytest.mark.ruling("LLC-VALUES")
def test_llc_values_king_six_countess_seven_princess_eight() -> None:
    """The classic values run Guard 1 to Prince 5, then King 6, Countess 7, Princess 8."""
    assert dict(CLASSIC.value) == {
        Card.GUARD: 1,
        Card.PRIEST: 2,
        Card.BARON: 3,
        Card.HANDMAID: 4,
        Card.PRINCE: 5,
        Card.KING: 6,
        Card.COUNTESS: 7,
        Card.PRINCESS: 8,
    }


@pytest.mark.parametrize(
    ("low", "high"),
    [("Prince", "King"), ("King", "Countess"), ("Countess", "Princess")],
)
@pytest.mark.ruling("LLC-VALUES")
def test_llc_values_keep_the_order_at_a_baron(low: str, high: str) -> None:
    """At a Baron's comparison the classic King loses to the Countess, she to the Princess."""
    game = classic(hands={"Anna": low, "Ben": high, "Carla": "Priest"}, pile=["Baron"])
    low_card, high_card = Card[low.upper()], Card[high.upper()]
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert (
        HandsCompared(
            player="Anna", target="Ben", player_card=low_card, target_card=high_card, loser="Anna"
        )
        in events
    )
    assert game.state.in_round == ("Ben", "Carla")


# -- LLC-PLAYERS and LLC-SETUP-TWO-PLAYER ------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.ruling("LLC-PLAYERS")
def test_llc_players_two_to_four_are_accepted(players: int) -> None:
    """A classic table seats two, three or four players."""
    game = Game.new(PLAYERS[:players], edition="classic", seed=2, first="Anna")
    assert game.state.players == tuple(PLAYERS[:players])
    assert game.state.player_to_act == "Anna"


@pytest.mark.parametrize("players", [1, 5])
@pytest.mark.ruling("LLC-PLAYERS")
def test_llc_players_one_or_five_are_refused(players: int) -> None:
    """A classic table of one or of five players cannot be set up."""
    with pytest.raises(SetupError) as error:
        Game.new(PLAYERS[:players], edition="classic", seed=2, first="Anna")
    assert error.value.ruling == "LLC-PLAYERS"


@pytest.mark.parametrize(("players", "pile", "face_up"), [(2, 10, 3), (3, 12, 0), (4, 11, 0)])
@pytest.mark.ruling("LLC-SETUP-TWO-PLAYER")
def test_llc_setup_two_player_pile_sizes(players: int, pile: int, face_up: int) -> None:
    """Classic piles hold 10, 12 and 11 cards; only two players get three face-up cards."""
    for seed in (1, 2, 3):
        game = Game.new(
            PLAYERS[:players], edition="classic", seed=seed, first="Anna", auto_draw=False
        )
        state = game.state
        assert len(state.draw_pile) == pile
        assert len(state.face_up) == face_up
        assert state.set_aside is not None
        assert all(len(state.hand(p)) == 1 for p in state.players)
        (started,) = of_type(game.events, RoundStarted)
        assert started.draw_pile_size == pile
        assert len(started.face_up) == face_up


# -- LLC-TARGETS and LLC-TARGETS-PRINTED -------------------------------------------------


@pytest.mark.parametrize(("players", "target"), [(2, 4), (3, 3), (4, 2)])
@pytest.mark.ruling("LLC-TARGETS")
def test_llc_targets_four_three_two(players: int, target: int) -> None:
    """Classic games are won with 4, 3 or 2 tokens for 2, 3 or 4 players (rules explained)."""
    assert CLASSIC.target(players=players) == target
    assert Game.new(PLAYERS[:players], edition="classic", seed=1).state.table.target == target
    game = anna_alone_table(players, "classic", tokens={"Anna": target - 2})
    assert game.state.table.target == target
    anna_wins_alone(game)
    assert game.state.tokens_of("Anna") == target - 1
    assert game.state.phase is Phase.ROUND_OVER
    game = anna_alone_table(players, "classic", tokens={"Anna": target - 1})
    events = anna_wins_alone(game)
    assert game.state.game_winners == ("Anna",)
    assert events[-1] == GameEnded(winners=("Anna",))


@pytest.mark.parametrize(("players", "printed"), [(2, 7), (3, 5), (4, 4)])
@pytest.mark.ruling("LLC-TARGETS-PRINTED")
def test_llc_targets_printed_setting_plays_to_seven_five_four(players: int, printed: int) -> None:
    """The printed rulebook's 7/5/4 is a named setting; the game then ends at it, not before."""
    assert CLASSIC.target(players=players, setting="printed") == printed
    game = anna_alone_table(players, "classic", tokens={"Anna": printed - 2}, target="printed")
    assert game.state.table.target == printed
    anna_wins_alone(game)
    assert not game.state.game_over
    game = anna_alone_table(players, "classic", tokens={"Anna": printed - 1}, target="printed")
    anna_wins_alone(game)
    assert game.state.game_winners == ("Anna",)


@pytest.mark.ruling("LLC-TARGETS-PRINTED")
def test_llc_targets_printed_setting_is_kept_in_logs_and_not_a_2019_setting() -> None:
    """The setting round-trips through a JSON log; the 2019 edition has no such setting."""
    game = Game.new(["Anna", "Ben", "Carla"], edition="classic", seed=4, target="printed")
    assert game.setup is not None
    assert game.setup.target == "printed"
    setup, _ = log_from_json(to_json(game))
    assert setup.target == "printed"
    assert Game.replay(setup, ()).state.table.target == 5
    with pytest.raises(SetupError) as error:
        Game.new(["Anna", "Ben"], seed=1, target="printed")
    assert error.value.ruling == "LL19-Q22"
    with pytest.raises(SetupError, match="'printed'"):
        Game.new(["Anna", "Ben"], edition="classic", seed=1, target="short")


@pytest.mark.parametrize("target", [0, -2, 1.5])
@pytest.mark.ruling("LLC-TARGETS-PRINTED")
def test_llc_targets_printed_house_targets_below_one_are_refused(target: object) -> None:
    """Any other house target is a whole number of at least 1 (LL19-Q22), or it is refused."""
    with pytest.raises(SetupError) as error:
        Game.new(["Anna", "Ben"], edition="classic", seed=1, first="Anna", target=target)  # type: ignore[arg-type]
    assert error.value.ruling == "LL19-Q22"
    game = anna_alone_table(2, "classic", tokens={"Anna": 1}, target=2)
    anna_wins_alone(game)
    assert game.state.game_winners == ("Anna",)


# -- LLC-TIEBREAK-DISCARDS and LLC-TIEBREAK-STILL-TIED -----------------------------------


@pytest.mark.ruling("LLC-TIEBREAK-DISCARDS")
def test_llc_tiebreak_discards_higher_total_wins_the_tie() -> None:
    """Two Princes at the showdown: Anna's discards (17) beat Ben's (7), so Anna alone wins."""
    game = showdown_of_princes(ANNA_AHEAD_PILE)
    state = game.state
    assert sum(CLASSIC.value[c] for c in state.discards_of("Anna")) == 17
    assert sum(CLASSIC.value[c] for c in state.discards_of("Ben")) == 7
    assert state.round_winners == ("Anna",)
    assert state.tokens == (1, 0)
    (ended,) = of_type(game.events, RoundEnded)
    assert ended.end is Ending.SHOWDOWN
    assert dict(ended.hands) == {"Anna": Card.PRINCE, "Ben": Card.PRINCE}
    assert ended.winners == ("Anna",)


@pytest.mark.ruling("LLC-TIEBREAK-DISCARDS")
def test_llc_tiebreak_discards_count_a_card_discarded_to_a_prince() -> None:
    """The Handmaid Ben discarded to Anna's Prince counts in his total and wins him the tie."""
    game = classic(
        hands={"Anna": "Baron", "Ben": "Handmaid"},
        pile=[
            "Prince",
            "Baron",
            "Handmaid",
            "Guard",
            "Priest",
            "Guard",
            "Priest",
            "Guard",
            "Guard",
            "Guard",
        ],
        set_aside="Princess",
        face_up=["King", "Prince", "Countess"],
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert HandDiscarded(player="Ben", card=Card.HANDMAID) in events
    play_quietly(game)
    state = game.state
    assert state.discards_of("Ben")[0] is Card.HANDMAID
    assert sum(CLASSIC.value[c] for c in state.discards_of("Anna")) == 9
    assert sum(CLASSIC.value[c] for c in state.discards_of("Ben")) == 13
    assert state.hand("Anna") == state.hand("Ben") == (Card.BARON,)
    assert state.round_winners == ("Ben",)
    assert state.tokens == (0, 1)


@pytest.mark.ruling("LLC-TIEBREAK-STILL-TIED")
def test_llc_tiebreak_still_tied_all_win_a_token() -> None:
    """Equal cards and equal discard totals (12 each): both players win the round and a token."""
    game = showdown_of_princes(STILL_TIED_PILE)
    state = game.state
    assert sum(CLASSIC.value[c] for c in state.discards_of("Anna")) == 12
    assert sum(CLASSIC.value[c] for c in state.discards_of("Ben")) == 12
    assert state.round_winners == ("Anna", "Ben")
    assert state.tokens == (1, 1)
    awards = of_type(game.events, TokenAwarded)
    assert awards == [
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=1),
        TokenAwarded(player="Ben", reason=TokenFor.ROUND_WIN, tokens=1),
    ]


# -- LLC-GUARD-NAMES ---------------------------------------------------------------------


def guard_table(bens_card: str = "Baron") -> Game:
    """Anna holds a Priest and has drawn a Guard; Ben holds ``bens_card``."""
    return classic(hands={"Anna": "Priest", "Ben": bens_card, "Carla": "Handmaid"}, pile=["Guard"])


@pytest.mark.parametrize("name", ["Spy", "Chancellor", "spy", "CHANCELLOR"])
@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_spy_and_chancellor_are_refused(name: str) -> None:
    """A classic Guard naming Spy or Chancellor is refused (UNKNOWN_CARD, LLC-GUARD-NAMES)."""
    game = guard_table()
    assert_refused(
        game,
        Play(player="Anna", card=Card.GUARD, target="Ben", guess=name),
        Reason.UNKNOWN_CARD,
        "LLC-GUARD-NAMES",
    )
    assert CLASSIC.parse_card(name) is None
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": name}}
    with pytest.raises(UnknownCardError) as error:
        command_from_data(data, CLASSIC)
    assert error.value.reason is Reason.UNKNOWN_CARD


@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_values_two_to_eight_and_the_characters() -> None:
    """A classic Guard may name any value 2 to 8 or the character's name; 6 is the King."""
    game = guard_table()
    expected = {
        2: Card.PRIEST,
        3: Card.BARON,
        4: Card.HANDMAID,
        5: Card.PRINCE,
        6: Card.KING,
        7: Card.COUNTESS,
        8: Card.PRINCESS,
    }
    for value, card in expected.items():
        assert CLASSIC.parse_card(value) is card
        assert CLASSIC.parse_card(str(value)) is card
        data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": str(value)}}
        command = command_from_data(data, CLASSIC)
        assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=card)
        assert game.check(command) is None
        named = Play(player="Anna", card=Card.GUARD, target="Ben", guess=str(card))
        assert game.check(named) is None
    guesses = {
        c.guess for c in game.legal_commands() if isinstance(c, Play) and c.card is Card.GUARD
    }
    assert guesses == set(expected.values())


@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_six_hits_the_king() -> None:
    """Naming 6 in the classic edition names the King, and knocks out the player holding it."""
    game = guard_table("King")
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": 6}}
    events = game.apply(command_from_data(data, CLASSIC))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.KING, hit=True) in events
    assert game.state.is_out("Ben")


@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_seven_is_the_countess_not_the_king() -> None:
    """Naming 7 in the classic edition names the Countess, so it misses a King."""
    game = guard_table("King")
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": 7}}
    events = game.apply(command_from_data(data, CLASSIC))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.COUNTESS, hit=False) in events
    assert not game.state.is_out("Ben")


@pytest.mark.parametrize("value", [0, 9])
@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_zero_and_nine_are_no_classic_card(value: int) -> None:
    """The classic edition has no card worth 0 or 9: naming them is refused as unknown."""
    assert CLASSIC.parse_card(value) is None
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": value}}
    with pytest.raises(UnknownCardError) as error:
        command_from_data(data, CLASSIC)
    assert error.value.reason is Reason.UNKNOWN_CARD


@pytest.mark.ruling("LLC-GUARD-NAMES")
def test_llc_guard_names_one_is_the_guard_and_is_refused() -> None:
    """Naming 1 names the Guard, which a classic Guard may not name either."""
    game = guard_table()
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": 1}}
    command = command_from_data(data, CLASSIC)
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)
    assert_refused(game, command, Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD")


# -- LLC-HANDMAID and LLC-ALL-PROTECTED --------------------------------------------------


@pytest.mark.ruling("LLC-HANDMAID")
def test_llc_handmaid_protects_until_the_start_of_the_next_turn() -> None:
    """Anna's Handmaid shields her through Ben's and Carla's turns and ends as play returns."""
    game = classic(
        hands={"Anna": "Guard", "Ben": "King", "Carla": "Baron"},
        pile=["Handmaid", "Priest", "Guard", "Baron"],
    )
    events = game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert PlayerProtected(player="Anna") in events
    assert_refused(
        game,
        Play(player="Ben", card=Card.PRIEST, target="Anna"),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Carla"))
    assert_refused(
        game,
        Play(player="Carla", card=Card.GUARD, target="Anna", guess=Card.PRIEST),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    events = game.apply(Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    assert events.index(ProtectionEnded(player="Anna")) < events.index(
        CardDrawn(player="Anna", card=Card.BARON)
    )
    assert not game.state.is_protected("Anna")


@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "King"])
@pytest.mark.ruling("LLC-ALL-PROTECTED")
def test_llc_all_protected_card_played_without_effect(card: str) -> None:
    """With nobody else to choose, a classic Guard, Priest, Baron or King does nothing."""
    game = anna_protected("classic", card)
    played = Card[card.upper()]
    plays = [c for c in game.legal_commands() if isinstance(c, Play) and c.card is played]
    assert plays == [Play(player="Ben", card=played)]
    events = game.apply(Play(player="Ben", card=played))
    assert CardPlayed(player="Ben", card=played) in events
    for effect in (GuardGuessed, HandSeen, HandsCompared, HandsTraded, PlayerKnockedOut):
        assert not of_type(events, effect)
    assert game.state.hand("Anna")[0] is Card.GUARD
    assert game.state.hand("Ben") == (Card.PRIEST,)
    assert game.state.in_round == ("Anna", "Ben")


@pytest.mark.ruling("LLC-ALL-PROTECTED")
def test_llc_all_protected_prince_must_choose_its_own_player() -> None:
    """With nobody else to choose, a classic Prince must choose its own player."""
    game = anna_protected("classic", "Prince")
    assert_refused(
        game,
        Play(player="Ben", card=Card.PRINCE, target="Anna"),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    assert_refused(
        game, Play(player="Ben", card=Card.PRINCE), Reason.TARGET_REQUIRED, "LL19-TARGET-ANY"
    )
    events = game.apply(Play(player="Ben", card=Card.PRINCE, target="Ben"))
    assert HandDiscarded(player="Ben", card=Card.PRIEST) in events


# -- LLC-PRINCE-EMPTY-DECK ---------------------------------------------------------------


@pytest.mark.ruling("LLC-PRINCE-EMPTY-DECK")
def test_llc_prince_empty_deck_takes_the_card_removed_at_the_start() -> None:
    """A Prince on the last card's turn makes Anna take the face-down set-aside Princess."""
    game = classic(
        hands={"Anna": "King", "Ben": "Baron"},
        pile=[
            "Handmaid",
            "Handmaid",
            "Guard",
            "Guard",
            "Guard",
            "Guard",
            "Guard",
            "Priest",
            "Priest",
            "Prince",
        ],
        set_aside="Princess",
        face_up=["Baron", "Prince", "Countess"],
    )
    play_quietly(game, until_pile=0)
    assert game.state.player_to_act == "Ben"
    assert game.state.hand("Ben") == (Card.BARON, Card.PRINCE)
    assert game.state.draw_pile == ()
    events = game.apply(Play(player="Ben", card=Card.PRINCE, target="Anna"))
    assert HandDiscarded(player="Anna", card=Card.KING) in events
    assert (
        CardDrawn(player="Anna", card=Card.PRINCESS, source=DrawSource.SET_ASIDE, by=Card.PRINCE)
        in events
    )
    state = game.state
    assert state.set_aside is None
    assert state.face_up == (Card.BARON, Card.PRINCE, Card.COUNTESS)
    assert state.hand("Anna") == (Card.PRINCESS,)
    (ended,) = of_type(events, RoundEnded)
    assert ended.end is Ending.SHOWDOWN
    assert ended.winners == ("Anna",)


# -- LLC-PRINCESS ------------------------------------------------------------------------


@pytest.mark.ruling("LLC-PRINCESS")
def test_llc_princess_discarded_to_a_prince_knocks_out_with_no_redraw() -> None:
    """Ben, made to discard the Princess by a Prince, is out and draws no replacement."""
    game = classic(
        hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Baron"}, pile=["Prince", "Priest"]
    )
    pile = game.state.draw_pile
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert HandDiscarded(player="Ben", card=Card.PRINCESS) in events
    assert (
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.PRINCESS_DISCARDED, discarded=())
        in events
    )
    assert CardDrawn(player="Ben", card=Card.PRIEST, by=Card.PRINCE) not in events
    assert game.state.hand("Ben") == ()
    assert game.state.discards_of("Ben") == (Card.PRINCESS,)
    assert game.state.is_out("Ben")
    # Carla, next, draws the card Ben did not.
    assert game.state.draw_pile == pile[1:]
    assert game.state.hand("Carla") == (Card.BARON, Card.PRIEST)


@pytest.mark.ruling("LLC-PRINCESS")
def test_llc_princess_named_by_a_guard_knocks_out() -> None:
    """A Guard naming the Princess its target holds knocks that player out."""
    game = guard_table("Princess")
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCESS))
    assert (
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(Card.PRINCESS,))
        in events
    )
    assert game.state.discards_of("Ben") == (Card.PRINCESS,)


@pytest.mark.ruling("LLC-PRINCESS")
def test_llc_princess_played_knocks_out() -> None:
    """Playing the classic Princess knocks its player out, the other card going face up too."""
    game = classic(hands={"Anna": "Princess", "Ben": "Priest", "Carla": "Baron"}, pile=["Guard"])
    assert Play(player="Anna", card=Card.PRINCESS) in game.legal_commands()
    events = game.apply(Play(player="Anna", card=Card.PRINCESS))
    assert (
        PlayerKnockedOut(
            player="Anna", cause=KnockOutCause.PRINCESS_PLAYED, discarded=(Card.GUARD,)
        )
        in events
    )
    assert game.state.discards_of("Anna") == (Card.PRINCESS, Card.GUARD)


# -- LLC-COUNTESS-FORCED -----------------------------------------------------------------


@pytest.mark.parametrize("card", ["King", "Prince"])
@pytest.mark.ruling("LLC-COUNTESS-FORCED")
def test_llc_countess_forced_by_the_king_or_a_prince(card: str) -> None:
    """Holding the Countess with the King (6) or a Prince (5), a player must play the Countess."""
    game = classic(hands={"Anna": "Countess", "Ben": "Priest", "Carla": "Baron"}, pile=[card])
    for target in ("Ben", "Carla", "Anna"):
        command = Play(player="Anna", card=card, target=target)
        if card == "King" and target == "Anna":
            continue
        assert_refused(game, command, Reason.COUNTESS_FORCED, "LLC-COUNTESS-FORCED")
    assert list(game.legal_commands()) == [Play(player="Anna", card=Card.COUNTESS)]
    events = game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert CardPlayed(player="Anna", card=Card.COUNTESS) in events
    assert game.state.hand("Anna") == (Card[card.upper()],)


@pytest.mark.ruling("LLC-COUNTESS-FORCED")
def test_llc_countess_forced_may_be_played_voluntarily() -> None:
    """With any other card, the Countess may be played or kept."""
    game = classic(hands={"Anna": "Countess", "Ben": "Priest", "Carla": "Baron"}, pile=["Guard"])
    assert game.check(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON)) is None
    assert Play(player="Anna", card=Card.COUNTESS) in list(game.legal_commands())
    events = game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert CardPlayed(player="Anna", card=Card.COUNTESS) in events
    assert game.state.hand("Anna") == (Card.GUARD,)


# -- LLC-BARON-TIE -----------------------------------------------------------------------


@pytest.mark.ruling("LLC-BARON-TIE")
def test_llc_baron_tie_nothing_happens() -> None:
    """Equal cards at a classic Baron's comparison: nobody is knocked out, nothing moves."""
    game = classic(hands={"Anna": "Priest", "Ben": "Priest", "Carla": "Guard"}, pile=["Baron"])
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert (
        HandsCompared(
            player="Anna",
            target="Ben",
            player_card=Card.PRIEST,
            target_card=Card.PRIEST,
            loser=None,
        )
        in events
    )
    assert not of_type(events, PlayerKnockedOut)
    assert game.state.in_round == ("Anna", "Ben", "Carla")
    assert game.state.hand("Anna") == (Card.PRIEST,)
    assert game.state.hand("Ben")[0] is Card.PRIEST
    assert game.state.discards_of("Ben") == ()
    assert set(game.state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.PRIEST, by=Card.BARON),
        Shown(viewer="Ben", owner="Anna", card=Card.PRIEST, by=Card.BARON),
    }


# -- LLC-FIRST-PLAYER and LLC-NEXT-FIRST-TIE ---------------------------------------------


@pytest.mark.ruling("LLC-FIRST-PLAYER")
def test_llc_first_player_is_the_callers_choice() -> None:
    """The caller names who starts the first classic round."""
    game = Game.new(["Anna", "Ben", "Carla", "Dan"], edition="classic", seed=3, first="Dan")
    assert game.state.player_to_act == "Dan"
    (started,) = of_type(game.events, RoundStarted)
    assert started.first == "Dan"


@pytest.mark.ruling("LLC-FIRST-PLAYER")
def test_llc_first_player_defaults_to_a_seeded_random_pick() -> None:
    """Without a choice the first player is picked from the seed: reproducible, and varied."""
    players = ["Anna", "Ben", "Carla", "Dan"]
    firsts = []
    for seed in range(40):
        game = Game.new(players, edition="classic", seed=seed)
        again = Game.new(players, edition="classic", seed=seed)
        assert game.state.player_to_act == again.state.player_to_act
        firsts.append(game.state.player_to_act)
    assert set(firsts) == set(players)


@pytest.mark.ruling("LLC-FIRST-PLAYER")
def test_llc_first_player_not_at_the_table_is_refused() -> None:
    """A first player who is not seated is refused at setup."""
    with pytest.raises(SetupError):
        Game.new(["Anna", "Ben"], edition="classic", seed=3, first="Zoe")


@pytest.mark.ruling("LLC-NEXT-FIRST-TIE")
def test_llc_next_first_tie_the_winner_starts_the_next_round() -> None:
    """The winner of a classic round starts the next; naming the loser is refused."""
    game = anna_alone_table(3, "classic")
    anna_wins_alone(game)
    assert list(game.legal_commands()) == [Deal()]
    assert_refused(game, Deal(first="Ben"), Reason.FIRST_NOT_ALLOWED, "LLC-NEXT-FIRST-TIE")
    assert game.is_legal(Deal(first="Anna"))
    events = game.apply(Deal())
    (started,) = of_type(events, RoundStarted)
    assert started.first == "Anna"
    assert game.state.player_to_act == "Anna"


@pytest.mark.ruling("LLC-NEXT-FIRST-TIE")
def test_llc_next_first_tie_the_tie_break_winner_alone_starts() -> None:
    """A tie settled by discards leaves one winner, who alone may start the next round."""
    game = showdown_of_princes(ANNA_AHEAD_PILE)
    assert game.state.round_winners == ("Anna",)
    assert_refused(game, Deal(first="Ben"), Reason.FIRST_NOT_ALLOWED, "LLC-NEXT-FIRST-TIE")
    game.apply(Deal())
    assert game.state.player_to_act == "Anna"


@pytest.mark.parametrize("first", ["Anna", "Ben"])
@pytest.mark.ruling("LLC-NEXT-FIRST-TIE")
def test_llc_next_first_tie_nobody_picks_among_still_tied_winners(first: str) -> None:
    """After a tie that the discards leave standing, nobody picks: only Deal() is listed."""
    game = showdown_of_princes(STILL_TIED_PILE)
    assert game.state.next_first == ("Anna", "Ben")
    assert list(game.legal_commands()) == [Deal()]
    assert_refused(game, Deal(first=first), Reason.FIRST_NOT_ALLOWED, "LLC-NEXT-FIRST-TIE")
    # A table that deals its own cards drew lots itself, and records the starter.
    own = layout(players=["Anna", "Ben"], hands={"Anna": "Guard"}, edition_name="classic")
    events = game.apply(Deal(layout=own, first=first))
    (started,) = of_type(events, RoundStarted)
    assert started.first == first
    assert game.state.player_to_act == first


@pytest.mark.ruling("LLC-NEXT-FIRST-TIE")
def test_llc_next_first_tie_is_a_seeded_random_tied_winner() -> None:
    """The referee draws one still-tied winner from the seed: reproducible, and varied."""
    starters = []
    for seed in range(16):
        game = showdown_of_princes(STILL_TIED_PILE, seed=seed)
        again = showdown_of_princes(STILL_TIED_PILE, seed=seed)
        game.apply(Deal())
        again.apply(Deal())
        assert game.state.player_to_act == again.state.player_to_act
        starters.append(game.state.player_to_act)
    assert set(starters) == {"Anna", "Ben"}


# -- LLC-NO-SPY --------------------------------------------------------------------------


@pytest.mark.ruling("LLC-NO-SPY")
def test_llc_no_spy_token_in_whole_random_games() -> None:
    """Whole classic games played at random never award a Spy token."""
    for seed, players in enumerate([2, 3, 4, 2, 3, 4]):
        game = Game.new(PLAYERS[:players], edition="classic", seed=seed, first="Anna")
        chooser = random.Random(seed)
        while not game.state.game_over:
            legal = game.legal_commands()
            game.apply(legal[chooser.randrange(len(legal))])
            if game.state.round_over:
                assert game.state.outcome is not None
                assert game.state.outcome.spy_bonus is None
                assert game.state.spy_bonus is None
        awards = of_type(game.events, TokenAwarded)
        assert awards, "a whole game awards tokens"
        assert {award.reason for award in awards} == {TokenFor.ROUND_WIN}
        assert sum(game.state.tokens) == len(awards)
        ended = of_type(game.events, RoundEnded)
        assert sum(len(e.winners) for e in ended) == len(awards)


@pytest.mark.ruling("LLC-NO-SPY")
def test_llc_no_spy_even_the_showdown_awards_only_the_round() -> None:
    """A classic showdown awards the round winner one token and nothing for any Spy."""
    game = showdown_of_princes(STILL_TIED_PILE)
    assert game.state.spy_bonus is None
    assert game.state.spied == (False, False)
    assert [a.reason for a in of_type(game.events, TokenAwarded)] == [TokenFor.ROUND_WIN] * 2


@pytest.mark.ruling("LLC-NO-SPY")
def test_llc_no_spy_the_lone_survivor_gets_one_token() -> None:
    """A classic lone survivor gains exactly one token."""
    game = anna_alone_table(4, "classic")
    events = anna_wins_alone(game)
    assert of_type(events, TokenAwarded) == [
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=1)
    ]
    assert game.state.tokens == (1, 0, 0, 0)
    assert game.state.phase is Phase.ROUND_OVER
    (ended,) = of_type(events, RoundEnded)
    assert ended.end is Ending.LAST_SURVIVOR
