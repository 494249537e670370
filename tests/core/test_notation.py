"""Moves typed as words (loveletter.moves.parse_move) and written back (notation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from testkit.budgets import long_property
from testkit.game_strategies import TRICKY_NAMES, positions
from testkit.tables import table

from loveletter import (
    Card,
    Choose,
    Command,
    Deal,
    Draw,
    Game,
    IllegalCommandError,
    InvalidCommandError,
    Layout,
    LoveLetterError,
    MoveTextError,
    Play,
    Reason,
    Redeal,
    TakeBack,
    edition,
    notation,
    parse_move,
)
from loveletter.words import card_name, move_words

KEYWORDS = {w for key in ("keep", "draw", "take_back", "deal", "redeal") for w in move_words(key)}


def commands_of(game: Game) -> list[tuple[str, Command]]:
    """Every legal command with who types it (anyone for the deal), and the take-backs."""
    anyone = game.state.players[0]
    found = [(getattr(c, "player", None) or anyone, c) for c in game.legal_commands()]
    for player in game.state.players:
        if game.is_legal(TakeBack(player=player)):
            found.append((player, TakeBack(player=player)))
    return found


def reads_back(game: Game, player: str, text: str, command: Command, language: str) -> bool:
    try:
        return parse_move(game, player, text, language=language) == command
    except LoveLetterError:
        return False


@long_property(quick=50, full=600)
@given(positions(editions=("2019", "classic", "court")))
def test_every_legal_command_reads_back_from_its_notation(game: Game) -> None:
    """In both languages, whole or cut short, the words of every legal command read back
    as that command; cut short, they are no longer than whole, and (between names that
    only start alike) no word of a name can lose a letter and still read back."""
    for player, command in commands_of(game):
        for language in ("en", "fr"):
            whole = notation(command, language=language)
            short = notation(command, language=language, game=game)
            assert parse_move(game, player, whole, language=language) == command
            assert parse_move(game, player, short, language=language) == command
            assert len(short) <= len(whole)
            if set(game.state.players) & {"Al Capone"}:
                continue  # a name of two words may take the next word in: whole words then
            for index, word in enumerate(short.split()):
                if len(word) > 1 and word not in KEYWORDS:
                    words = short.split()
                    words[index] = word[:-1]
                    assert not reads_back(game, player, " ".join(words), command, language)


def vocabulary(game: Game) -> list[str]:
    """Words a player might type at ``game``: names and their starts, numbers, keywords."""
    names = [card_name(c, lang) for c in Card for lang in ("en", "fr")] + list(game.state.players)
    words = [*names, *(name[:2] for name in names), *KEYWORDS, "me", "moi", "return", "0", "12"]
    return [*words, "Q♥", "★", "remettre", "next", "round", "back"]


@long_property(quick=60, full=1000)
@given(positions(), st.data())
def test_parse_move_raises_only_the_projects_errors(game: Game, data: st.DataObject) -> None:
    """Whatever is typed, parse_move gives a command the referee accepts now, or raises
    one of the library's errors: for an illegal command, the referee's own refusal."""
    player = data.draw(st.sampled_from(game.state.players), label="player")
    words = st.lists(st.sampled_from(vocabulary(game)) | st.text(max_size=6), max_size=6)
    text = data.draw(st.text(max_size=250) | words.map(" ".join), label="text")
    language = data.draw(st.sampled_from([None, "en", "fr"]), label="language")
    command: Command | None = None
    refused: IllegalCommandError | InvalidCommandError | None = None
    try:
        command = parse_move(game, player, text, language=language)
    except (IllegalCommandError, InvalidCommandError) as error:  # MoveTextError is invalid
        refused = error
    if isinstance(refused, IllegalCommandError):
        assert refused.command is not None
        assert game.check(refused.command) == refused.refusal
    elif refused is not None:
        assert str(refused)
    else:
        assert command is not None
        assert game.is_legal(command)


# -- reading -------------------------------------------------------------------------------


def guard_table(**options: object) -> Game:
    """Anna holds a Guard and a Prince; Ben and Carla wait."""
    hands = {"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"}
    return table(hands=hands, pile=["Prince"], **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("guard ben priest", None),
        ("GUARD Ben Priest", "en"),
        ("g ben 2", None),
        ("g b prie", "en"),
        ("garde ben prêtre", None),
        ("garde ben pretre", "fr"),
        ("Garde Ben Prê", "fr"),
    ],
)
def test_a_guard_is_read_in_either_language(text: str, language: str | None) -> None:
    """A card, whom it chooses, and the card it names: names, their starts, or values."""
    game = guard_table()
    expected = Play(player="Anna", card="Guard", target="Ben", guess="Priest")
    assert parse_move(game, "Anna", text, language=language) == expected


def test_me_is_the_player_typing() -> None:
    """``prince me`` (``moi`` in French) plays the Prince on its own player."""
    game = guard_table()
    expected = Play(player="Anna", card="Prince", target="Anna")
    assert parse_move(game, "Anna", "prince me") == expected
    assert parse_move(game, "Anna", "prince moi", language="fr") == expected
    assert parse_move(game, "Anna", "prince anna") == expected


def test_the_start_of_a_name_is_read_among_the_cards_held() -> None:
    """``pri`` starts Priest, Prince and Princess: in a hand of Guard and Prince, the Prince."""
    game = guard_table()
    assert parse_move(game, "Anna", "pri me") == Play(player="Anna", card="Prince", target="Anna")


def test_an_ambiguous_word_is_refused_with_its_candidates() -> None:
    """A Guard may name any of the three cards that start with ``p``: they are named."""
    game = guard_table()
    with pytest.raises(MoveTextError) as caught:
        parse_move(game, "Anna", "guard ben p")
    assert caught.value.ambiguous
    assert caught.value.word == "p"
    assert caught.value.candidates == ("Priest", "Prince", "Princess")
    with pytest.raises(MoveTextError, match="'p' peut désigner Prêtre, Prince ou Princesse"):
        parse_move(game, "Anna", "garde ben p", language="fr")


def test_a_name_two_players_start_with_is_read_among_those_that_may_be_chosen() -> None:
    """``an`` starts Anna and Annabel: refused while Ben's Guard may choose either, read
    as Anna once Annabel is protected."""
    both = table(hands={"Ben": "Guard", "Anna": "Baron", "Annabel": "Handmaid"}, pile=["Priest"])
    with pytest.raises(MoveTextError, match="'an' may be Anna or Annabel"):
        parse_move(both, "Ben", "guard an priest")
    hands = {"Annabel": "Handmaid", "Ben": "Guard", "Anna": "Baron"}
    game = table(hands=hands, pile=["Priest", "Priest"])
    game.apply(Play(player="Annabel", card="Handmaid"))
    expected = Play(player="Ben", card="Guard", target="Anna", guess="Priest")
    assert parse_move(game, "Ben", "guard an priest") == expected


def test_an_unknown_word_gets_a_did_you_mean() -> None:
    """A word that names nothing is refused, with the closest words that would be read."""
    game = guard_table()
    with pytest.raises(MoveTextError) as caught:
        parse_move(game, "Anna", "guard bne priest")
    assert not caught.value.ambiguous
    assert caught.value.word == "bne"
    assert caught.value.candidates[0] == "Ben"
    assert "did you mean Ben" in str(caught.value)
    with pytest.raises(MoveTextError, match="'grd' names nothing here; did you mean Guard"):
        parse_move(game, "Anna", "grd ben priest")
    with pytest.raises(MoveTextError, match="vouliez-vous dire Garde"):
        parse_move(game, "Anna", "grde ben priest", language="fr")


def test_the_language_says_whose_words_and_starts_are_read() -> None:
    """``gar`` starts the French Guard only; ``moi`` is French; whole names are read in
    either language."""
    game = guard_table()
    guess = Play(player="Anna", card="Guard", target="Ben", guess="Priest")
    assert parse_move(game, "Anna", "gar ben prê", language="fr") == guess
    assert parse_move(game, "Anna", "garde ben prêtre", language="en") == guess
    with pytest.raises(MoveTextError):
        parse_move(game, "Anna", "gar ben priest", language="en")
    with pytest.raises(MoveTextError):
        parse_move(game, "Anna", "prince moi", language="en")


def test_more_words_than_a_move_are_refused() -> None:
    """Nothing is read after a whole move."""
    game = guard_table()
    with pytest.raises(MoveTextError, match="'ben': nothing more is read after 'prince me'"):
        parse_move(game, "Anna", "prince me ben")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("guard ben guard", Reason.GUESS_GUARD),
        ("guard ben", Reason.GUESS_REQUIRED),
        ("guard", Reason.TARGET_REQUIRED),
        ("guard anna priest", Reason.TARGET_SELF),
        ("prince ben priest", Reason.GUESS_NOT_ALLOWED),
        ("baron ben", Reason.CARD_NOT_IN_HAND),
        ("guard ben 12", Reason.UNKNOWN_CARD),
        ("draw", Reason.WRONG_PHASE),
        ("keep guard return prince", Reason.WRONG_PHASE),
        ("deal", Reason.WRONG_PHASE),
        ("undo", Reason.REMEDY_NOT_AGREED),
    ],
)
def test_a_move_that_reads_but_is_illegal_gets_the_referees_refusal(
    text: str, reason: Reason
) -> None:
    """Words that make a command the rules forbid: the referee's own refusal of it."""
    game = guard_table()
    with pytest.raises(IllegalCommandError) as caught:
        parse_move(game, "Anna", text)
    assert caught.value.reason is reason
    assert game.check(caught.value.command) == caught.value.refusal  # type: ignore[arg-type]


def test_another_editions_card_and_labels_are_refused_by_the_referee() -> None:
    """At a classic table the Spy is no card and labels are not read: the referee says so."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], edition_name="classic")
    for text in ("guard ben spy", "guard ben Q♥"):
        with pytest.raises(IllegalCommandError) as caught:
            parse_move(game, "Anna", text)
        assert caught.value.reason is Reason.UNKNOWN_CARD
    labelled = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"])
    read = parse_move(labelled, "Anna", "A♠ ben Q♥")
    assert read == Play(player="Anna", card="Guard", target="Ben", guess="Princess")


def test_the_chancellors_choice_is_kept_then_returned() -> None:
    """``keep``, the card kept, then the cards returned in order (``return`` optional);
    the last cards may be left out where one order is left for them."""
    game = table(hands={"Anna": "Chancellor", "Ben": "Guard"}, pile=["Priest", "King", "Spy"])
    game.apply(Play(player="Anna", card="Chancellor"))
    expected = Choose(player="Anna", keep="King", returned=["Spy", "Priest"])
    for text in ("keep king return spy priest", "keep k s p", "keep k s", "garder roi espionne"):
        assert parse_move(game, "Anna", text) == expected
    with pytest.raises(IllegalCommandError) as caught:
        parse_move(game, "Anna", "keep king")  # two orders are left: say one
    assert caught.value.reason is Reason.BAD_CHOICE
    with pytest.raises(IllegalCommandError) as caught:
        parse_move(game, "Anna", "keep king return princess")  # not held: nothing implied
    assert caught.value.command == Choose(player="Anna", keep="King", returned=["Princess"])
    with pytest.raises(MoveTextError, match="name the card kept"):
        parse_move(game, "Anna", "keep")


def test_two_cards_of_a_kind_go_back_in_the_one_order_there_is() -> None:
    """Keeping the King from King, Guard, Guard: ``keep king`` returns both Guards."""
    game = table(hands={"Anna": "Chancellor", "Ben": "Baron"}, pile=["King", "Guard", "Guard"])
    game.apply(Play(player="Anna", card="Chancellor"))
    expected = Choose(player="Anna", keep="King", returned=["Guard", "Guard"])
    assert parse_move(game, "Anna", "keep king") == expected
    assert notation(expected, game=game) == "keep k"


@pytest.mark.parametrize("text", ["draw", "pioche", "piocher", "DRAW"])
def test_draw(text: str) -> None:
    """The draw at the start of a turn, in either language."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], auto_draw=False)
    assert parse_move(game, "Anna", text) == Draw(player="Anna")


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
@pytest.mark.parametrize("text", ["take back", "undo", "Take-back", "annuler", "reprendre"])
def test_take_back(text: str) -> None:
    """The take-back, at a table of the house remedy, before anyone learned anything."""
    hands = {"Anna": "Handmaid", "Ben": "Priest"}
    game = table(hands=hands, pile=["Guard"], remedy=True, auto_draw=False)
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card="Handmaid"))
    assert parse_move(game, "Anna", text) == TakeBack(player="Anna")
    with pytest.raises(IllegalCommandError) as caught:
        parse_move(game, "Ben", text)
    assert caught.value.reason is Reason.NOT_YOUR_TURN


@pytest.mark.parametrize("text", ["deal", "next round", "Next  Round", "manche suivante"])
def test_the_next_round(text: str) -> None:
    """Between rounds, the next round's deal, whoever types it."""
    game = table(hands={"Anna": "Guard", "Ben": "Princess"}, pile=["Priest"])
    game.apply(Play(player="Anna", card="Guard", target="Ben", guess="Princess"))
    assert game.state.round_over
    assert parse_move(game, "Ben", text) == Deal()


def test_a_card_that_chooses_two_players_reads_two_names() -> None:
    """The test edition's Cardinal chooses two other players, in order."""
    game = table(
        hands={"Anna": "Cardinal", "Ben": "Rogue", "Carla": "Guard"},
        pile=["Baron"],
        edition_name="court",
    )
    expected = Play(player="Anna", card="Cardinal", target="Carla", also=["Ben"])
    assert parse_move(game, "Anna", "cardinal carla ben") == expected
    assert parse_move(game, "Anna", "6 c b") == expected  # the Chancellor is not in hand
    assert notation(expected, game=game) == "c c b"
    with pytest.raises(MoveTextError, match="'3' may be Baron or Rogue"):
        parse_move(game, "Carla", "guard anna 3")  # both may be named: the number is not enough


@pytest.mark.parametrize("text", ["", "   "])
def test_nothing_typed_is_refused(text: str) -> None:
    """An empty move names nothing."""
    with pytest.raises(MoveTextError, match="nothing to read"):
        parse_move(guard_table(), "Anna", text)


def test_text_too_long_or_not_text_is_malformed() -> None:
    """A move is a short text."""
    game = guard_table()
    with pytest.raises(InvalidCommandError, match="at most 200 characters"):
        parse_move(game, "Anna", "guard " * 50)
    with pytest.raises(InvalidCommandError, match="a move is text"):
        parse_move(game, "Anna", b"guard ben priest")  # type: ignore[arg-type]
    with pytest.raises(InvalidCommandError, match="player's name"):
        parse_move(game, None, "guard ben priest")  # type: ignore[arg-type]


def test_names_with_spaces_and_accents() -> None:
    """A name of two words is read whole or by its start; accents need not be typed."""
    players = (*TRICKY_NAMES[:4], "Bérénice")
    hands = dict(zip(players, ["King", "Guard", "Priest", "Baron", "Spy"], strict=False))
    game = table(hands=hands, pile=["Guard"], players=list(players))
    assert parse_move(game, "Anna", "king al capone") == Play(
        player="Anna", card="King", target="Al Capone"
    )
    assert parse_move(game, "Anna", "king al c") == Play(
        player="Anna", card="King", target="Al Capone"
    )
    assert parse_move(game, "Anna", "king al") == Play(player="Anna", card="King", target="Al")
    assert parse_move(game, "Anna", "g berenice spy") == Play(
        player="Anna", card="Guard", target="Bérénice", guess="Spy"
    )


# -- writing ------------------------------------------------------------------------------


def test_notation_in_whole_words_and_cut_short() -> None:
    """Whole words without a game; with one, each word as short as reads back there."""
    game = guard_table()
    guess = Play(player="Anna", card="Guard", target="Ben", guess="Princess")
    assert notation(guess) == "guard Ben princess"
    assert notation(guess, language="fr") == "garde Ben princesse"
    assert notation(guess, game=game) == "g b princes"
    assert notation(guess, game=game, language="fr") == "g b princes"
    prince = Play(player="Anna", card="Prince", target="Anna")
    assert notation(prince, game=game) == "p a"


def test_the_notation_of_the_other_commands() -> None:
    """A draw, a take-back, the deal and the redeal are one word each."""
    assert [notation(c) for c in (Draw(player="A"), TakeBack(player="A"), Deal(), Redeal())] == [
        "draw",
        "undo",
        "deal",
        "redeal",
    ]
    assert notation(Draw(player="A"), language="fr") == "pioche"
    assert notation(Choose(player="A", keep="King", returned=["Spy"]), language="fr") == (
        "garder roi remettre espionne"
    )


def test_a_deal_of_ones_own_cards_cannot_be_written() -> None:
    """Words carry no deal: a deal with a layout or a starter has no notation."""
    deal = Deal(layout=Layout.arranged(edition("2019"), ["Anna", "Ben"], hands={}))
    with pytest.raises(MoveTextError, match="cannot be written"):
        notation(deal)
    with pytest.raises(MoveTextError):
        notation(Deal(first="Anna"))
