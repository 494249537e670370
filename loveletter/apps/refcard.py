"""Printable reference cards and drawn cards, made from the editions' data.

A reference card is one HTML page per edition and language, with print styles that fit it
on one A4 page: the cards (value, name, copies, effect in one line and, for the 2019
edition, the playing cards that stand for them), the turn in three lines, how a round
ends and scores, and the favor tokens that win the game for each number of players.
Everything on it comes from the library: the edition's specs and targets
(:mod:`loveletter.editions`), the cards' names and the terminal game's effect lines
(:mod:`loveletter.words`) and the labels of the playing-card rendition.

The drawn cards are plain SVG strings, with no dependency: :func:`card_svg` draws one
kind, :func:`cards_svg` every kind of an edition.

>>> from loveletter.editions import edition
>>> ed = edition("2019")
>>> effect_line(ed, Card.KING)
'choose another player and trade hands with them.'
>>> page = reference_card(ed, "fr")
>>> "<title>" in page and "Princesse" in page and "@page { size: A4; margin: 10mm }" in page
True
>>> card_svg(ed, Card.BARON).startswith("<svg")
True
>>> sorted(reference_files())[:3]
['2019-en.html', '2019-fr.html', 'cards-2019-en.svg']
"""

from __future__ import annotations

import hashlib
from html import escape

from loveletter.apps.words import terminal
from loveletter.cards import Card
from loveletter.editions import Edition, Tiebreak, edition
from loveletter.words import LANGUAGES, card_name, edition_title

__all__ = [
    "EDITION_NAMES",
    "card_svg",
    "cards_svg",
    "digest",
    "effect_line",
    "reference_card",
    "reference_files",
]

EDITION_NAMES = ("2019", "classic")
"""The editions that have a reference card, by name."""

_TIMES = "\N{MULTIPLICATION SIGN}"

_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "lang": "en",
        "players": "{low} to {high} players, {size} cards",
        "cards": "The cards",
        "value": "Value",
        "card": "Card \N{MULTIPLICATION SIGN} copies",
        "effect": "When you play it",
        "labels": "Playing cards",
        "jokers": "the two jokers",
        "setup": "Setup: shuffle, set one card aside face down{face_up}, deal one card to each "
        "player.",
        "face_up": ", and with 2 players put {n} more face up",
        "turn": "Your turn",
        "turn1": "Draw the top card of the pile: you hold two cards.",
        "turn2": "Play one of them face up in front of you and do what it says "
        "(the Countess must be played with the King or a Prince).",
        "turn3": "A player knocked out discards their hand face up and takes no more turns; "
        "play passes to the left.",
        "round": "End of the round and scoring",
        "end_last": "Only one player is still in: they win the round at once.",
        "end_empty": "The pile is empty after a turn: the players still in show their cards "
        "(showdown) and the highest card wins.",
        "tie_none": "A tie: every tied player wins the round.",
        "tie_discards": "A tie: the highest total of discarded cards wins; players still tied "
        "all win.",
        "token": "Each winner of the round gains a favor token.",
        "spy": "Then the only player still in who played or discarded a Spy gains one more.",
        "next": "The winner starts the next round (after a tie, one of the winners, at random); "
        "all the cards are shuffled again.",
        "target": "Favor tokens that win the game",
        "players_row": "Players",
        "tokens_row": "Tokens",
        "setting": "Setting “{name}”",
        "game_end": "Everyone at the target when a round is scored wins the game.",
    },
    "fr": {
        "lang": "fr",
        "players": "{low} à {high} joueurs, {size} cartes",
        "cards": "Les cartes",
        "value": "Valeur",
        "card": "Carte \N{MULTIPLICATION SIGN} exemplaires",
        "effect": "Quand vous la jouez",
        "labels": "Cartes à jouer",
        "jokers": "les deux jokers",
        "setup": "Mise en place : mélangez, écartez une carte face cachée{face_up}, "
        "distribuez une carte à chaque joueur.",
        "face_up": " et, à 2 joueurs, {n} autres face visible",
        "turn": "Votre tour",
        "turn1": "Piochez la carte du dessus de la pioche : vous avez deux cartes en main.",
        "turn2": "Jouez-en une face visible devant vous et appliquez son effet "
        "(la Comtesse doit être jouée avec le Roi ou un Prince).",
        "turn3": "Un joueur qui quitte la manche défausse sa main face visible et ne joue "
        "plus ; c'est au joueur de gauche.",
        "round": "Fin de la manche et score",
        "end_last": "Il ne reste qu'un joueur en lice : il gagne la manche aussitôt.",
        "end_empty": "La pioche est vide après un tour : les joueurs en lice montrent leur "
        "carte (abattage) et la plus forte gagne.",
        "tie_none": "Égalité : tous les joueurs à égalité gagnent la manche.",
        "tie_discards": "Égalité : le plus fort total de cartes défaussées gagne ; les joueurs "
        "encore à égalité gagnent tous.",
        "token": "Chaque gagnant de la manche reçoit un pion Faveur.",
        "spy": "Puis le seul joueur en lice à avoir joué ou défaussé une Espionne en reçoit "
        "un de plus.",
        "next": "Le gagnant commence la manche suivante (après une égalité, un des gagnants, "
        "tiré au sort) ; toutes les cartes sont remélangées.",
        "target": "Pions Faveur pour gagner la partie",
        "players_row": "Joueurs",
        "tokens_row": "Pions",
        "setting": "Réglage « {name} »",
        "game_end": "Tous ceux qui atteignent l'objectif quand une manche est comptée gagnent "
        "la partie.",
    },
}

_STYLE = """\
:root { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #222; }
body { margin: 0 auto; max-width: 190mm; font-size: 10.5pt; line-height: 1.3; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 4mm 0 1.5mm; border-bottom: 1px solid #999; }
p, ol, ul { margin: 1mm 0; }
ol, ul { padding-left: 6mm; }
.sub { color: #555; margin-bottom: 2mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bbb; padding: 1mm 1.5mm; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: center; white-space: nowrap; }
td.name { white-space: nowrap; }
.value { display: inline-block; min-width: 5.5mm; border-radius: 50%; color: #fff;
  text-align: center; font-weight: bold; }
.labels { white-space: nowrap; }
.red { color: #c00; }
.targets td, .targets th { text-align: center; }
@page { size: A4; margin: 10mm }
@media print {
  body { max-width: none; font-size: 9.5pt; }
  table { font-size: 9pt; }
  h2 { break-after: avoid; }
  table, ol, ul { break-inside: avoid; }
}
"""


def _text(language: str) -> dict[str, str]:
    if language not in LANGUAGES:
        raise ValueError(f"no reference card in {language!r}: choose one of {LANGUAGES}")
    return _TEXT[language]


def _colour(value: int) -> str:
    """A colour per card value, from cool (low) to warm (high)."""
    hue = (220 - 25 * value) % 360
    return f"hsl({hue}, 55%, 40%)"


def _jokers(labels: tuple[str, ...], language: str) -> str:
    """What the ★ of the Spies stand for, said beside them: "the two jokers"."""
    if labels and all(label == "★" for label in labels):
        return _text(language)["jokers"]
    return ""


def _labels_html(labels: tuple[str, ...], language: str = "en") -> str:
    shown = " ".join(
        f'<span class="red">{escape(label)}</span>' if label[-1:] in "♥♦" else escape(label)
        for label in labels
    )
    jokers = _jokers(labels, language)
    return f"{shown} ({escape(jokers)})" if jokers else shown


def effect_line(ed: Edition, card: Card, language: str = "en") -> str:
    """The card's effect in one line, as the terminal game's ``help`` says it."""
    try:
        return terminal(f"effect_{card.name.lower()}", language)
    except KeyError:
        return terminal("effect_other", language)


def _card_rows(ed: Edition, language: str) -> str:
    labels = dict(ed.labels)
    rows = []
    for spec in sorted(ed.specs, key=lambda spec: spec.value):
        cells = [
            f'<td class="num"><span class="value" style="background:{_colour(spec.value)}">'
            f"{spec.value}</span></td>",
            f'<td class="name"><b>{escape(card_name(spec.card, language))}</b> '
            f"{_TIMES}{spec.count}</td>",
            f"<td>{escape(effect_line(ed, spec.card, language))}</td>",
        ]
        if labels:
            cells.append(f'<td class="labels">{_labels_html(labels[spec.card], language)}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "\n".join(rows)


def _cards_table(ed: Edition, text: dict[str, str], language: str) -> str:
    heads = [text["value"], text["card"], text["effect"]]
    if ed.labels:
        heads.append(text["labels"])
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    return f"<table>\n<tr>{head}</tr>\n{_card_rows(ed, language)}\n</table>"


def _targets_table(ed: Edition, text: dict[str, str]) -> str:
    players = "".join(f"<th>{count}</th>" for count, _ in ed.targets)
    rows = [
        f"<tr><th>{escape(text['players_row'])}</th>{players}</tr>",
        f"<tr><th>{escape(text['tokens_row'])}</th>"
        + "".join(f"<td>{tokens}</td>" for _, tokens in ed.targets)
        + "</tr>",
    ]
    for name, table in ed.target_settings:
        label = escape(text["setting"].format(name=name))
        rows.append(
            f"<tr><th>{label}</th>" + "".join(f"<td>{tokens}</td>" for _, tokens in table) + "</tr>"
        )
    return '<table class="targets">\n' + "\n".join(rows) + "\n</table>"


def _round_lines(ed: Edition, text: dict[str, str]) -> list[str]:
    tie = text["tie_discards"] if ed.tiebreak is Tiebreak.DISCARD_TOTAL else text["tie_none"]
    lines = [text["end_last"], text["end_empty"], tie, text["token"]]
    if Card.SPY in ed.cards:
        lines.append(text["spy"])
    lines.append(text["next"])
    return lines


def _body(ed: Edition, language: str) -> str:
    text = _text(language)
    face_up = text["face_up"].format(n=ed.face_up_with_two_players)
    sub = text["players"].format(low=ed.min_players, high=ed.max_players, size=len(ed.deck))
    turn = "".join(f"<li>{escape(text[key])}</li>" for key in ("turn1", "turn2", "turn3"))
    round_ = "".join(f"<li>{escape(line)}</li>" for line in _round_lines(ed, text))
    return "\n".join(
        [
            f"<h1>{escape(edition_title(ed, language))}</h1>",
            f'<p class="sub">{escape(sub)}</p>',
            f"<h2>{escape(text['cards'])}</h2>",
            _cards_table(ed, text, language),
            f"<p>{escape(text['setup'].format(face_up=face_up))}</p>",
            f"<h2>{escape(text['turn'])}</h2>",
            f"<ol>{turn}</ol>",
            f"<h2>{escape(text['round'])}</h2>",
            f"<ul>{round_}</ul>",
            f"<h2>{escape(text['target'])}</h2>",
            _targets_table(ed, text),
            f"<p>{escape(text['game_end'])}</p>",
        ]
    )


def digest(ed: Edition, language: str = "en") -> str:
    """A short digest of the reference card's content, in its title (and so in its PDF's).

    >>> from loveletter.editions import edition
    >>> len(digest(edition("classic"), "fr"))
    10
    """
    return hashlib.sha256((_STYLE + _body(ed, language)).encode()).hexdigest()[:10]


def reference_card(ed: Edition, language: str = "en") -> str:
    """The one-page reference card of ``ed`` in ``language``, as an HTML page."""
    title = f"{edition_title(ed, language)} ({digest(ed, language)})"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_text(language)["lang"]}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n"
        f"<style>\n{_STYLE}</style>\n</head>\n<body>\n{_body(ed, language)}\n</body>\n</html>\n"
    )


_CARD_W, _CARD_H, _GAP = 110, 160, 12


def _svg_labels(labels: tuple[str, ...], language: str = "en") -> str:
    lines: list[tuple[str, ...]] = [labels[i : i + 3] for i in range(0, len(labels), 3)]
    jokers = _jokers(labels, language)
    out = []
    for row, line in enumerate([*lines, (jokers,)] if jokers else lines):
        spans = " ".join(
            f'<tspan fill="{"#c00" if label[-1:] in "♥♦" else "#222"}">{escape(label)}</tspan>'
            for label in line
        )
        y = _CARD_H - 14 - 14 * (len(lines) - (0 if jokers else 1) - row)
        size = 11 if jokers and row == len(lines) else 12
        out.append(
            f'<text x="{_CARD_W // 2}" y="{y}" text-anchor="middle" font-size="{size}">'
            f"{spans}</text>"
        )
    return "".join(out)


def _card_group(ed: Edition, card: Card, language: str, x: int, y: int) -> str:
    spec = next(spec for spec in ed.specs if spec.card is card)
    colour = _colour(spec.value)
    name = escape(card_name(card, language))
    return (
        f'<g transform="translate({x},{y})" font-family="DejaVu Sans, Arial, sans-serif">'
        f'<rect x="1" y="1" width="{_CARD_W - 2}" height="{_CARD_H - 2}" rx="9" fill="#fffdf7" '
        f'stroke="{colour}" stroke-width="2"/>'
        f'<rect x="1" y="1" width="{_CARD_W - 2}" height="44" rx="9" fill="{colour}"/>'
        f'<circle cx="24" cy="23" r="16" fill="#fff"/>'
        f'<text x="24" y="30" text-anchor="middle" font-size="20" font-weight="bold" '
        f'fill="{colour}">{spec.value}</text>'
        f'<text x="{_CARD_W - 10}" y="29" text-anchor="end" font-size="15" fill="#fff">'
        f"{_TIMES}{spec.count}</text>"
        f'<text x="{_CARD_W // 2}" y="88" text-anchor="middle" font-size="14" '
        f'font-weight="bold" fill="#222">{name}</text>'
        f"{_svg_labels(dict(ed.labels).get(card, ()), language)}</g>"
    )


def card_svg(ed: Edition, card: Card, language: str = "en") -> str:
    """One kind of card of ``ed`` drawn, as an SVG document.

    It shows the card's value, name, copies and playing-card labels (2019).
    """
    title = f"{escape(card_name(card, language))} ({ed.value[card]})"
    return _svg_document(_CARD_W, _CARD_H, title, _card_group(ed, card, language, 0, 0))


def _svg_document(width: int, height: int, title: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img"><title>{title}</title>{body}</svg>\n'
    )


def cards_svg(ed: Edition, language: str = "en", per_row: int = 5) -> str:
    """Every kind of card of ``ed`` drawn, by value, ``per_row`` to a row, as one SVG."""
    specs = sorted(ed.specs, key=lambda spec: spec.value)
    rows = -(-len(specs) // per_row)
    width = per_row * (_CARD_W + _GAP) - _GAP + 2
    height = rows * (_CARD_H + _GAP) - _GAP + 2
    cards = "".join(
        _card_group(
            ed,
            spec.card,
            language,
            x=1 + (i % per_row) * (_CARD_W + _GAP),
            y=1 + (i // per_row) * (_CARD_H + _GAP),
        )
        for i, spec in enumerate(specs)
    )
    title = escape(edition_title(ed, language))
    return _svg_document(width, height, title, cards)


def reference_files() -> dict[str, str]:
    """Every generated file, by name: the reference cards' HTML and the drawn cards' SVG."""
    files: dict[str, str] = {}
    for name in EDITION_NAMES:
        ed = edition(name)
        for language in LANGUAGES:
            files[f"{name}-{language}.html"] = reference_card(ed, language)
            files[f"cards-{name}-{language}.svg"] = cards_svg(ed, language)
    return files
