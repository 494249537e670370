"""The catalogue of words, in English and in French: every message the library writes.

Cards are kinds, not words: each has an English name and a French one (its rule
record's, :mod:`loveletter.cardrule`, read as :attr:`Card.french
<loveletter.cards.Card.french>`), and both are read wherever a card's name is, in
any letter case, with or without accents. A table's ``language`` says which the referee
writes in. This module holds the rest: the referee's messages (refusals, setup errors),
and the sentences of the narration (:mod:`loveletter.narration`), each in both
languages, and the small grammar they need (articles, elision,
``Anna's``/``d'Anna``).

>>> card_name(Card.HANDMAID, "fr"), card_name(Card.PRIEST, "fr")
('Servante', 'Prêtre')
>>> the(Card.SPY, "fr"), a(Card.HANDMAID, "fr"), the(Card.KING, "en")
("l'Espionne", 'une Servante', 'the King')
>>> message("target_protected", "fr", said="Le Garde de Ben sur Anna", target="Anna")
"Le Garde de Ben sur Anna : Anna est sous la protection d'une Servante"
"""

from __future__ import annotations

from collections.abc import Iterable

from loveletter.cards import Card, fold
from loveletter.echo import quoted, shown
from loveletter.editions import Edition

__all__ = [
    "LANGUAGES",
    "a",
    "any_",
    "card_name",
    "cards_phrase",
    "conjugate",
    "edition_name",
    "edition_title",
    "fold",
    "host_phrase",
    "message",
    "move_phrase",
    "move_words",
    "narration",
    "of",
    "phrase",
    "players_phrase",
    "quoted",
    "said",
    "shown",
    "that",
    "the",
]

LANGUAGES = ("en", "fr")
"""The languages the referee writes in."""


def card_name(card: Card | int, language: str = "en") -> str:
    """The card's name in ``language`` (a number named instead of a card is its digits)."""
    if isinstance(card, int):
        return str(card)
    return card.french if language == "fr" else card.value


def the(card: Card | int, language: str = "en") -> str:
    """``the Guard``, ``le Garde``, ``la Servante``, ``l'Espionne`` (``the 7``, ``le 7``)."""
    name = card_name(card, language)
    if language != "fr":
        return f"the {name}"
    if fold(name)[0] in "aeiouy":
        return f"l'{name}"
    feminine = not isinstance(card, int) and card.feminine
    return f"{'la' if feminine else 'le'} {name}"


def a(card: Card | int, language: str = "en") -> str:
    """``a Guard``, ``un Garde``, ``une Servante``: the name with its indefinite article."""
    name = card_name(card, language)
    if language != "fr":
        return f"{'an' if name[0] in 'AEIOU8' else 'a'} {name}"
    feminine = not isinstance(card, int) and card.feminine
    return f"{'une' if feminine else 'un'} {name}"


def any_(card: Card, language: str = "en") -> str:
    """The card after a negation: ``a Baron``; in French ``de Baron``, ``d'Espionne``."""
    if language != "fr":
        return a(card, language)
    name = card_name(card, language)
    return f"d'{name}" if fold(name)[0] in "aeiouy" else f"de {name}"


def edition_name(edition: Edition, language: str = "en") -> str:
    """An edition's name in ``language``: ``classic`` is ``classique`` in French."""
    if language == "fr" and edition.french_name:
        return edition.french_name
    return edition.name


def edition_title(edition: Edition, language: str = "en") -> str:
    """An edition's title in ``language``.

    >>> from loveletter.editions import CLASSIC
    >>> edition_title(CLASSIC, "fr")
    'Love Letter (édition classique à 16 cartes)'
    """
    if language == "fr" and edition.french_title:
        return edition.french_title
    return edition.title


def of(player: str, language: str = "en") -> str:
    """``Anna's``, or in French ``d'Anna`` / ``de Ben`` (to follow a card's name)."""
    if language != "fr":
        return f"{player}'s"
    return f"d'{player}" if fold(player)[:1] in tuple("aeiouyh") else f"de {player}"


def that(player: str, language: str = "en") -> str:
    """``that Anna``, or in French ``qu'Anna`` / ``que Ben`` (to start a clause).

    >>> that("Anna", "fr"), that("Ben", "fr"), that("Anna")
    ("qu'Anna", 'que Ben', 'that Anna')
    """
    if language != "fr":
        return f"that {player}"
    return f"qu'{player}" if fold(player)[:1] in tuple("aeiouyh") else f"que {player}"


def cards_phrase(cards: Iterable[Card], language: str = "en") -> str:
    """``Guard, Spy`` (``nothing`` for none)."""
    names = [card_name(card, language) for card in cards]
    return ", ".join(names) or ("rien" if language == "fr" else "nothing")


_MESSAGES: dict[str, tuple[str, str] | tuple[str, str, str, str]] = {
    # key: (English, French), or (English, French, English to the player, French to the
    # player) where the message speaks of the player who sent the command: the last two
    # address them in the second person. Fields: said (the command described), and the
    # named ones.
    "round_over": (
        "{said}: round {round} is over; the next round must be dealt first",
        "{said} : la manche {round} est finie ; il faut d'abord distribuer la suivante",
    ),
    "unknown_player": (
        "{said}: {name} is not at the table (players: {players})",
        "{said} : {name} n'est pas à la table (joueurs : {players})",
    ),
    "not_your_turn": (
        "{said}: it is {to_act}'s turn, not {player}'s",
        "{said} : c'est à {to_act} de jouer, pas à {player}",
        "{said}: it is {to_act}'s turn, not yours",
        "{said} : c'est à {to_act} de jouer, pas à vous",
    ),
    "player_out": (
        "{said}: {player} is out of round {round} (knocked out) and takes no more turns in it",
        "{said} : {player} a quitté la manche {round} et n'y joue plus",
        "{said}: you are out of round {round} (knocked out) and take no more turns in it",
        "{said} : vous avez quitté la manche {round} et n'y jouez plus",
    ),
    "must_draw": (
        "{said}: {player} must draw now",
        "{said} : {player} doit piocher maintenant",
        "{said}: you must draw now",
        "{said} : vous devez piocher maintenant",
    ),
    "must_play": (
        "{said}: {player} must play a card now",
        "{said} : {player} doit jouer une carte maintenant",
        "{said}: you must play a card now",
        "{said} : vous devez jouer une carte maintenant",
    ),
    "must_choose": (
        "{said}: {player} must make their Chancellor choice now",
        "{said} : {player} doit d'abord faire son choix de Chancelier",
        "{said}: you must make your Chancellor choice now",
        "{said} : vous devez d'abord faire votre choix de Chancelier",
    ),
    "game_over": (
        "{said}: the game is over, won by {winners}",
        "{said} : la partie est finie, gagnée par {winners}",
    ),
    "no_such_card": (
        "{said}: the {edition} edition has no {card}",
        "{said} : la carte {card} n'existe pas dans l'édition {edition}",
    ),
    "number_names_two": (
        "{said}: {number} is the value of more than one card in the {edition} edition "
        "({cards}): name the card",
        "{said} : {number} est la valeur de plusieurs cartes dans l'édition {edition} "
        "({cards}) : nommez la carte",
    ),
    "no_card_called": (
        "{said}: the {edition} edition has no card called {name}",
        "{said} : l'édition {edition} n'a pas de carte appelée {name}",
    ),
    "no_such_label": (
        "{said}: {name} is no card of the 2019 deck played with playing cards (see its labels)",
        "{said} : {name} n'est aucune carte du jeu de 2019 en cartes à jouer "
        "(voir ses correspondances)",
    ),
    "label_other_edition": (
        "{said}: {name} is a playing-card label, and labels belong to the 2019 edition "
        "played with playing cards; the {edition} edition reads none (its values differ): "
        "name the card",
        "{said} : {name} est une carte à jouer, et les cartes à jouer sont une version du "
        "jeu de 2019 ; l'édition {edition} n'en lit aucune (ses valeurs diffèrent) : nommez "
        "la carte",
    ),
    "not_a_card_of": (
        "{said}: {name} is not a card of the {edition} edition",
        "{said} : {name} n'est pas une carte de l'édition {edition}",
    ),
    "not_in_hand": (
        "{said}: {player} does not hold {any_card}",
        "{said} : {player} n'a pas {any_card} en main",
        "{said}: you do not hold {any_card}",
        "{said} : vous n'avez pas {any_card} en main",
    ),
    "countess_forced": (
        "{said}: with {the_forcing} and {the_card} in hand, {the_forcing} must be played",
        "{said} : avec {the_forcing} et {the_card} en main, il faut jouer {the_forcing}",
    ),
    "prince_needs_target": (
        "{said}: {a_card} must choose a player (at worst {player} themself)",
        "{said} : {a_card} doit désigner un joueur (au besoin {player}, qui le joue)",
        "{said}: {a_card} must choose a player (at worst yourself)",
        "{said} : {a_card} doit désigner un joueur (au besoin vous-même)",
    ),
    "needs_two": (
        "{said}: {a_card} must choose two other players",
        "{said} : {a_card} doit désigner deux autres joueurs",
    ),
    "too_few_to_choose": (
        "{said}: {a_card} chooses two other players, and fewer can be chosen: it is played "
        "with no effect, choosing nobody",
        "{said} : {a_card} désigne deux autres joueurs, et il y en a moins à désigner : "
        "la carte se joue sans effet, sans désigner personne",
    ),
    "needs_other": (
        "{said}: {a_card} must choose another player",
        "{said} : {a_card} doit désigner un autre joueur",
    ),
    "chooses_nobody": ("{said}: {a_card} chooses nobody", "{said} : {a_card} ne désigne personne"),
    "not_self": (
        "{said}: {a_card} must choose another player, not its own",
        "{said} : {a_card} ne peut pas désigner son propre joueur",
    ),
    "target_out": (
        "{said}: {target} is knocked out of this round",
        "{said} : {target} a quitté la manche",
    ),
    "target_protected": (
        "{said}: {target} is protected by a Handmaid",
        "{said} : {target} est sous la protection d'une Servante",
    ),
    "guess_required": (
        "{said}: {a_card} with a target must name a card",
        "{said} : {a_card} qui désigne un joueur doit nommer une carte",
    ),
    "guess_guard": (
        "{said}: {a_card} may not name {the_card}",
        "{said} : {a_card} ne peut pas nommer {the_card}",
    ),
    "guess_without_target": (
        "{said}: {a_card} played with no target names no card",
        "{said} : {a_card} joué sans cible ne nomme aucune carte",
    ),
    "guess_not_guard": (
        "{said}: only a Guard names a card, not {the_card}",
        "{said} : seul un Garde nomme une carte, pas {the_card}",
    ),
    "choice_count": (
        "{said}: with {held} cards in hand, keep one and return {expected}, not {given}",
        "{said} : avec {held} cartes en main, on en garde une et on en remet {expected}, "
        "pas {given}",
    ),
    "choice_cards": (
        "{said}: the kept and returned cards are not the cards in hand",
        "{said} : la carte gardée et les cartes remises ne sont pas celles de la main",
    ),
    "bad_deal": ("{said}: {problem}", "{said} : {problem}"),
    "first_not_allowed": (
        "{said}: only a winner of round {round} ({winners}) may start the next one",
        "{said} : seul un gagnant de la manche {round} ({winners}) peut commencer la suivante",
    ),
    "first_drawn": (
        "{said}: round {round} ended in a tie ({winners}), so the referee draws who starts "
        "the next round when it shuffles; nobody picks (a table that deals its own cards "
        "records the starter it drew with its deal)",
        "{said} : la manche {round} s'est finie sur une égalité ({winners}), l'arbitre tire "
        "donc au sort qui commence la suivante en mélangeant ; personne ne choisit (une table "
        "qui distribue ses propres cartes indique avec sa distribution qui le sort a désigné)",
    ),
    "round_running": (
        "{said}: round {round} is still being played",
        "{said} : la manche {round} est en cours",
    ),
    "remedy_not_agreed": (
        "{said}: this table did not agree to the house remedy (take-backs and redeals)",
        "{said} : cette table n'a pas adopté le remède de la maison (reprises et redistributions)",
    ),
    "nothing_to_take_back": (
        "{said}: no command of round {round} is left to take back",
        "{said} : aucune action de la manche {round} ne reste à reprendre",
    ),
    "history_not_kept": (
        "{said}: this game was rebuilt from a stored state without its history, so the "
        "commands before it cannot be taken back",
        "{said} : cette partie a été reconstruite d'un état enregistré sans son historique ; "
        "les actions d'avant ne peuvent pas être reprises",
    ),
    "not_yours_to_take_back": (
        "{said}: the last command is {owner}'s; only {owner} may take it back",
        "{said} : la dernière action est celle de {owner} ; seul {owner} peut la reprendre",
    ),
    "not_reversible": (
        "{said}: since {step}, {what}, so it cannot be taken back (the table may redeal the round)",
        "{said} : depuis {step}, {what} : on ne peut plus le reprendre (la table peut "
        "redistribuer la manche)",
        "{said}: since {step_to_player}, {what}, so it cannot be taken back (the table may "
        "redeal the round)",
        "{said} : depuis {step_to_player}, {what} : on ne peut plus le reprendre (la table "
        "peut redistribuer la manche)",
    ),
    "setup_player_count": (
        "the {edition} edition is for {low} to {high} players, not {count}",
        "l'édition {edition} se joue de {low} à {high} joueurs, pas {count}",
    ),
    "setup_name": (
        "a player's name must be a non-empty string, not {name}",
        "le nom d'un joueur doit être une chaîne non vide, pas {name}",
    ),
    "setup_same_name": (
        "two players have the same name: {players}",
        "deux joueurs portent le même nom : {players}",
    ),
    "setup_first": (
        "the first player {first} is not at the table ({players})",
        "le premier joueur {first} n'est pas à la table ({players})",
    ),
    "setup_target": (
        "the token target must be a whole number of at least 1, not {target}",
        "le nombre de pions Faveur à gagner doit être un entier d'au moins 1, pas {target}",
    ),
    "setup_target_or_setting": (
        "the token target must be a whole number of at least 1 or one of the edition's "
        "settings ({settings}), not {target}",
        "le nombre de pions Faveur à gagner doit être un entier d'au moins 1 ou un réglage "
        "de l'édition ({settings}), pas {target}",
    ),
    "setup_tokens_who": (
        "tokens given to {player}, who is not at the table",
        "des pions Faveur sont donnés à {player}, qui n'est pas à la table",
    ),
    "setup_tokens_count": (
        "{player}'s tokens must be a whole number of at least 0, not {count}",
        "les pions Faveur de {player} doivent être un entier d'au moins 0, pas {count}",
    ),
    "setup_tokens_won": (
        "{player} starts with {count} tokens, already at the target of {target}",
        "{player} commence avec {count} pions Faveur : l'objectif de {target} est déjà atteint",
    ),
    "setup_first_deal": (
        "the first deal is refused: {problem}",
        "la première distribution est refusée : {problem}",
    ),
    "setup_no_such_card": (
        "the {edition} edition has no {card}",
        "l'édition {edition} n'a pas de carte {card}",
    ),
    "setup_label": (
        "{name} is a playing-card label, and labels belong to the 2019 edition played "
        "with playing cards; the {edition} edition reads none: name the card",
        "{name} est une carte à jouer, et les cartes à jouer sont une version du jeu de "
        "2019 ; l'édition {edition} n'en lit aucune : nommez la carte",
    ),
    "setup_too_many": (
        "more {card} cards are named than the {edition} deck has",
        "plus de cartes {card} sont nommées que le paquet {edition} n'en compte",
    ),
    "deal_players": (
        "the hands go to {names}, but the players are {players}",
        "les mains vont à {names}, mais les joueurs sont {players}",
    ),
    "deal_face_up": (
        "{players} players need {expected} face-up cards, not {given}",
        "{players} joueurs demandent {expected} cartes face visible, pas {given}",
    ),
    "deal_deck": (
        "the cards are not the {edition} deck (extra: {extra}; missing: {missing})",
        "les cartes ne sont pas le paquet {edition} (en trop : {extra} ; manquantes : {missing})",
    ),
}


_NARRATION: dict[str, tuple[str, str] | tuple[str, str, str, str]] = {
    # The sentences of the narration (loveletter.narration): key -> (English, French), or
    # (English, French, English to the player, French to the player). Fields named
    # ``does`` hold a subject with its verb already agreeing ("Anna plays", "Vous jouez").
    "round_started": (
        "Round {round}: {does} first; {size} cards in the draw pile{face_up}.{dealt}",
        "Manche {round} : {does} ; {size} cartes dans la pioche{face_up}.{dealt}",
    ),
    "face_up": (", face up: {cards}", ", face visible : {cards}"),
    "dealt": ("{does} dealt {card}", "{does} {card}"),
    "drew": ("{does} {card}.", "{does} {card}."),
    "a_card": ("a card", "une carte"),
    "drew_anew": ("{does} a new card{card}.", "{does} une nouvelle carte{card}."),
    "drew_for": ("{does} {card} for {by}.", "{does} {card} pour {by}."),
    "took_set_aside": (
        "{does} the set-aside card{card}, the draw pile being empty.",
        "{does} la carte mise de côté{card}, la pioche étant vide.",
    ),
    "played": ("{does} {card}", "{does} {card}"),
    "played_on": (" on {targets}", " sur {targets}"),
    "played_on_self": (
        " on their own hand",
        " sur sa propre main",
        " on yourself",
        " sur vous-même",
    ),
    "nobody_chosen": (", but nobody can be chosen", ", mais personne ne peut être désigné"),
    "no_effect": (
        ", with no effect: the draw pile is empty",
        ", sans effet : la pioche est vide",
    ),
    "naming": (", naming {card}", ", en nommant {card}"),
    "guessed_right": ("{does} {card}!", "{who} {has} bien {card} !"),
    "guessed_wrong": ("{does} not hold {card}.", "{who} n'{has} pas {card}."),
    "looked": (
        "{does} at {target}'s hand{card}.",
        "{does} la main {of_target}{card}.",
        "{does} at your hand{card}.",
        "{does} votre main{card}.",
    ),
    "compared": (
        "{does} hands{cards}: {outcome}.",
        "{does} leurs mains{cards} : {outcome}.",
        "{does} hands{cards}: {outcome}.",
        "{does} vos mains{cards} : {outcome}.",
    ),
    "against": (" ({one} against {other})", " ({one} contre {other})"),
    "tie": ("a tie, nothing happens", "égalité, rien ne se passe"),
    "lower": ("{who} {has} the lower card", "{who} {has} la carte la plus faible"),
    "higher": ("{who} {has} the higher card", "{who} {has} la carte la plus forte"),
    "protected": (
        "{does} protected until their next turn.",
        "{does} sous la protection de la Servante jusqu'à son prochain tour.",
        "{does} protected until your next turn.",
        "{does} sous la protection de la Servante jusqu'à votre prochain tour.",
    ),
    "protection_ended": (
        "{player}'s protection ends.",
        "La protection {of_player} prend fin.",
        "Your protection ends.",
        "Votre protection prend fin.",
    ),
    "discarded": ("{does} {card}.", "{does} {card}."),
    "returned": (
        "{does} one card and {put} {count} under the draw pile{cards}.",
        "{does} une carte et en {put} {count} sous la pioche{cards}.",
    ),
    "then": (", then ", ", puis "),
    "count": ("{count}", "{count}"),
    "count_1": ("one", "une"),
    "count_2": ("two", "deux"),
    "count_3": ("three", "trois"),
    "traded": (
        "{does} hands{received}.",
        "{does} leurs mains{received}.",
        "{does} hands{received}.",
        "{does} vos mains{received}.",
    ),
    "received": ("{who} {receives} {card}", "{who} {receives} {card}"),
    "knocked_out": (
        "{does} knocked out ({cause}){discarding}.",
        "{does} la manche ({cause}){discarding}.",
    ),
    "discarding": (", discarding {cards}", ", en défaussant {cards}"),
    "last_survivor": (
        "{does} the last one in and {win} round {round}.",
        "Il ne reste {only}{who} en jeu : {who} {win} la manche {round}.",
    ),
    "showdown": (
        "The draw pile is empty. Showdown: {hands}. {does} round {round}.",
        "La pioche est vide. Abattage : {hands}. {does} la manche {round}.",
    ),
    "shows": ("{does} {card}", "{does} {card}"),
    "set_aside_was": (
        " The set-aside card was {card}.",
        " La carte mise de côté était {card}.",
    ),
    "token": (
        "{does} a favor token for {why} ({tokens} in all).",
        "{does} un pion Faveur pour {why} ({tokens} en tout).",
    ),
    "for_the_round": ("winning the round", "la manche gagnée"),
    "for_the_spy": ("the Spy", "l'Espionne"),
    "game_won": ("{does} the game!", "{does} la partie !"),
    "game_won_together": ("{does} the game together!", "{does} la partie ensemble !"),
    "taken_back": ("{does} back {card}.", "{does} {card}."),
    "the_choice": ("the Chancellor choice", "le choix de Chancelier"),
    "redealt": (
        "Round {round} is voided and dealt again; nobody scores for it.",
        "La manche {round} est annulée et redistribuée ; personne n'y marque.",
    ),
}

_SAID: dict[str, tuple[str, str] | tuple[str, str, str, str]] = {
    # How a refusal names the command it refuses (loveletter.text.describe): key ->
    # (English, French[, English to its player, French to its player]).
    "play": ("{player}'s {card}", "{card} {of_player}", "your {card}", "votre {bare}"),
    "on": (" on {target}", " sur {target}"),
    "on_self": (" on {target}", " sur {target}", " on yourself", " sur vous-même"),
    "naming": (" naming {card}", " nommant {card}"),
    "draw": ("{player}'s draw", "{player} pioche", "your draw", "votre pioche"),
    "choice": (
        "{player}'s Chancellor choice",
        "le choix de Chancelier {of_player}",
        "your Chancellor choice",
        "votre choix de Chancelier",
    ),
    "choice_cards": (" (keep {kept}, return {returned})", " (garder {kept}, remettre {returned})"),
    "take_back": (
        "{player}'s take-back",
        "la reprise {of_player}",
        "your take-back",
        "votre reprise",
    ),
    "redeal": ("the redeal of the round", "la redistribution de la manche"),
    "deal": ("the deal of the next round", "la distribution de la manche suivante"),
    "deal_first": (" with {player} first", ", {player} en premier"),
    "a_deal": ("the deal", "la distribution"),
    "unknown_card": ("{name}", "la carte {name}"),
}


def said(key: str, language: str = "en", *, you: bool = False, **fields: object) -> str:
    """A piece of a command's description, ``key``, in ``language`` (to its player: ``you``)."""
    return _pick(_SAID[key], language, you).format(**fields)


_PHRASES: dict[str, tuple[str, str]] = {
    # Phrases a refusal's message holds, said when it is read (loveletter.refusals.Phrase):
    # key -> (English, French). What a take-back would take back, and what it showed.
    "step_play": ("{owner}'s play", "le coup {of_owner}"),
    "step_choice": ("{owner}'s Chancellor choice", "le choix de Chancelier {of_owner}"),
    "step_draw": ("{owner}'s draw", "la pioche {of_owner}"),
    "your_step_play": ("your play", "votre coup"),
    "your_step_choice": ("your Chancellor choice", "votre choix de Chancelier"),
    "your_step_draw": ("your draw", "votre pioche"),
    "shown_CardDrawn": ("a card was drawn", "une carte a été piochée"),
    "shown_HandSeen": ("a hand was looked at", "une main a été regardée"),
    "shown_HandsCompared": ("hands were compared", "des mains ont été comparées"),
    "shown_HandsTraded": ("hands were traded", "des mains ont été échangées"),
    "shown_HandDiscarded": ("a hand was discarded", "une main a été défaussée"),
    "shown_GuardGuessed": ("a Guard's guess was answered", "un Garde a eu sa réponse"),
    "shown_PlayerKnockedOut": ("a player was knocked out", "un joueur a quitté la manche"),
}


def phrase(key: str, language: str = "en", **fields: str) -> str:
    """A phrase of a refusal's message, ``key``, in ``language``, with ``fields``.

    A field ``owner`` also gives ``of_owner`` (``d'Anna``, ``de Ben``).

    >>> phrase("step_play", "fr", owner="Anna")
    "le coup d'Anna"
    """
    if "owner" in fields:
        fields = {**fields, "of_owner": of(fields["owner"], language)}
    return _pick(_PHRASES[key], language, False).format(**fields)


_VERBS: dict[str, tuple[tuple[str, str], tuple[str, str, str]]] = {
    # verb -> ((English: third person singular, otherwise), (French: third person
    # singular, third person plural, vous)).
    "be": (("is", "are"), ("est", "sont", "êtes")),
    "have": (("has", "have"), ("a", "ont", "avez")),
    "do": (("does", "do"), ("fait", "font", "faites")),
    "hold": (("holds", "hold"), ("a", "ont", "avez")),
    "play": (("plays", "play"), ("joue", "jouent", "jouez")),
    "start": (("plays", "play"), ("commence", "commencent", "commencez")),
    "draw": (("draws", "draw"), ("pioche", "piochent", "piochez")),
    "take": (("takes", "take"), ("prend", "prennent", "prenez")),
    "take back": (("takes", "take"), ("reprend", "reprennent", "reprenez")),
    "look": (("looks", "look"), ("regarde", "regardent", "regardez")),
    "compare": (("compares", "compare"), ("compare", "comparent", "comparez")),
    "discard": (("discards", "discard"), ("défausse", "défaussent", "défaussez")),
    "keep": (("keeps", "keep"), ("garde", "gardent", "gardez")),
    "put": (("puts", "put"), ("remet", "remettent", "remettez")),
    "trade": (("trades", "trade"), ("échange", "échangent", "échangez")),
    "receive": (("receives", "receive"), ("reçoit", "reçoivent", "recevez")),
    "knocked out": (("is", "are"), ("quitte", "quittent", "quittez")),
    "win": (("wins", "win"), ("gagne", "gagnent", "gagnez")),
    "gain": (("gains", "gain"), ("gagne", "gagnent", "gagnez")),
    "dealt": (("is", "are"), ("reçoit", "reçoivent", "recevez")),
}
"""The verbs of the narration, conjugated for one player, several, or the listener."""


def conjugate(verb: str, language: str, *, plural: bool, you: bool) -> str:
    """``verb`` agreeing with its subject: one player, several, or the listener (``you``).

    >>> conjugate("draw", "en", plural=False, you=False)
    'draws'
    >>> conjugate("draw", "fr", plural=False, you=True)
    'piochez'
    """
    english, french = _VERBS[verb]
    if language == "fr":
        return french[2] if you else (french[1] if plural else french[0])
    return english[1] if you or plural else english[0]


def players_phrase(players: Iterable[str], language: str = "en") -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carla`` (``et`` in French)."""
    words = list(players)
    if len(words) <= 1:
        return "".join(words)
    joined = " et " if language == "fr" else " and "
    return ", ".join(words[:-1]) + joined + words[-1]


def narration(key: str, language: str = "en", *, you: bool = False, **fields: object) -> str:
    """The narration's sentence (or part of one) ``key`` in ``language``, with ``fields``."""
    return _pick(_NARRATION[key], language, you).format(**fields)


def _pick(texts: tuple[str, ...], language: str, you: bool) -> str:
    index = 1 if language == "fr" else 0
    if you and len(texts) == 4:
        index += 2
    return texts[index]


def message(key: str, language: str = "en", *, you: bool = False, **fields: object) -> str:
    """The message ``key`` in ``language``, with ``fields`` put in place.

    ``you`` says it to the player the message speaks of, in the second person.

    >>> message("must_draw", "en", said="Anna's Guard", player="Anna")
    "Anna's Guard: Anna must draw now"
    >>> message("must_draw", "fr", you=True, said="votre Garde", player="Anna")
    'votre Garde : vous devez piocher maintenant'
    """
    return _pick(_MESSAGES[key], language, you).format(**fields)


_MOVES: dict[str, tuple[str, str]] = {
    # What loveletter.moves writes: the labels of the moves tree, and why a typed move is
    # not read. key -> (English, French).
    "yourself": ("yourself", "vous-même"),
    "draw": ("Draw", "Piocher"),
    "take_back": ("Take back", "Reprendre"),
    "then": (", then ", ", puis "),
    "or": (" or ", " ou "),
    "empty": (
        "nothing to read: type a move, such as {example}",
        "rien à lire : tapez un coup, par exemple {example}",
    ),
    "too_long": (
        "a move is at most {most} characters long, not {count}",
        "un coup fait au plus {most} caractères, pas {count}",
    ),
    "unknown": ("{word} names nothing here{hint}", "{word} ne désigne rien ici{hint}"),
    "did_you_mean": ("; did you mean {candidates}?", " ; vouliez-vous dire {candidates} ?"),
    "ambiguous": (
        "{word} may be {candidates}: type more of it",
        "{word} peut désigner {candidates} : tapez-en davantage",
    ),
    "too_many": (
        "{word}: nothing more is read after {read}",
        "{word} : rien n'est lu après {read}",
    ),
    "keep_what": (
        "{word}: name the card kept after it",
        "{word} : nommez ensuite la carte gardée",
    ),
    "unwritable": (
        "{command} cannot be written so that it reads back the same at this table",
        "{command} ne peut pas s'écrire en mots qui se relisent à l'identique à cette table",
    ),
}

_MOVE_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # What loveletter.moves reads besides the cards' and the players' names: key ->
    # (English words, French words), the shortest first (notation writes it).
    "draw": (("draw",), ("pioche", "piocher")),
    "take_back": (("undo", "take back", "take-back"), ("annuler", "reprendre")),
    "deal": (("deal", "next round"), ("distribuer", "manche suivante")),
    "redeal": (("redeal",), ("redistribuer",)),
    "keep": (("keep",), ("garder",)),
    "return": (("return",), ("remettre",)),
    "me": (("me",), ("moi",)),
}


def move_phrase(key: str, language: str = "en", **fields: object) -> str:
    """The words of the moves tree or of a typed move's refusal, ``key``, in ``language``.

    >>> move_phrase("ambiguous", "fr", word="'p'", candidates="Prêtre ou Prince")
    "'p' peut désigner Prêtre ou Prince : tapez-en davantage"
    """
    return _pick(_MOVES[key], language, False).format(**fields)


def move_words(key: str, language: str | None = None) -> tuple[str, ...]:
    """The words a typed move may say ``key`` with, in ``language`` (``None``: in either).

    >>> move_words("take_back", "en"), move_words("draw")
    (('undo', 'take back', 'take-back'), ('draw', 'pioche', 'piocher'))
    """
    english, french = _MOVE_WORDS[key]
    if language is None:
        return english + french
    return french if language == "fr" else english


_HOST: dict[str, tuple[str, str]] = {
    # Why the host refused a seat's message, before the referee (loveletter.host):
    # key -> (English, French).
    "too_large": (
        "messages are {limit} characters at most",
        "les messages font {limit} caractères au plus",
    ),
    "stale": (
        "this move was made for state {number}; the game is at state {state}",
        "ce coup a été choisi pour l'état {number} ; la partie en est à l'état {state}",
    ),
}


def host_phrase(key: str, language: str = "en", **fields: object) -> str:
    """Why the host refused a seat's message, ``key``, in ``language``.

    >>> host_phrase("stale", "fr", number=3, state=5)
    "ce coup a été choisi pour l'état 3 ; la partie en est à l'état 5"
    """
    return _pick(_HOST[key], language, False).format(**fields)
