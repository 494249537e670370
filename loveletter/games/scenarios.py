"""Scenario files: a table situation as data, run by the referee.

A scenario (``../shared/scenarios/FORMAT.md``) seats the players, lays out the cards,
plays commands and checks what must follow. :func:`load` reads a JSON Lines file and
checks every scenario's shape, raising :class:`ScenarioFileError` for anything that is
not a valid scenario; :func:`run` plays one and returns the first difference found.

>>> import json
>>> line = json.dumps({
...     "id": "baron-tie", "players": ["Anna", "Ben", "Carla"], "first": "Anna",
...     "deal": {"set_aside": "Princess",
...              "hands": {"Anna": "Guard", "Ben": "Guard", "Carla": "Priest"},
...              "draw_pile": ["Baron", "Guard", "Guard", "Guard", "Guard", "Priest",
...                            "Handmaid", "Handmaid", "Chancellor", "Chancellor",
...                            "Countess", "Spy", "Spy", "Baron", "Prince", "Prince", "King"]},
...     "steps": [{"play": {"player": "Anna", "card": "Baron", "target": "Ben"}},
...               {"expect": {"out": [], "to_act": "Ben"}}]})
>>> [scenario] = parse_lines([line])
>>> run(scenario).passed
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

import attrs

from loveletter.cards import Card
from loveletter.commands import Command, Draw, Play
from loveletter.editions import Edition, edition
from loveletter.errors import InvalidCommandError, LoveLetterError
from loveletter.referee import Game
from loveletter.refusals import IllegalCommandError, Refusal
from loveletter.serialization import UnknownCardError, command_from_data, layout_from_data
from loveletter.state import Phase, State
from loveletter.views import seen_by, view_for

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "Scenario",
    "ScenarioFileError",
    "ScenarioResult",
    "load",
    "parse_lines",
    "run",
    "run_files",
]


class ScenarioFileError(LoveLetterError):
    """A scenario file that is not valid: bad JSON, unknown keys, wrong types."""


@attrs.frozen(kw_only=True)
class Scenario:
    """One scenario, checked for shape but not yet run."""

    id: str
    data: Mapping[str, Any] = attrs.field(eq=False, repr=False)
    """The scenario's JSON object, as read."""
    source: str = ""
    """Where it was read from (``file:line``)."""

    @property
    def edition(self) -> str:
        """The edition's name (``"2019"`` by default)."""
        return str(self.data.get("edition", "2019"))

    @property
    def rulings(self) -> tuple[str, ...]:
        """The ids of the rulings this scenario shows."""
        return tuple(self.data.get("rulings", ()))

    @property
    def text(self) -> str:
        """What happens, for people."""
        return str(self.data.get("text", ""))


@attrs.frozen(kw_only=True)
class ScenarioResult:
    """The outcome of running a scenario: ``step`` and ``problem`` say what differed."""

    scenario: Scenario
    step: int | None = None
    """The index of the first failing step (from 0), or ``None`` (setup, or a pass)."""
    problem: str | None = None

    @property
    def passed(self) -> bool:
        """Whether every step did what the scenario says."""
        return self.problem is None

    def describe(self) -> str:
        """One line: the scenario, the step, what differed."""
        where = "setup" if self.step is None else f"step {self.step + 1}"
        status = "ok" if self.passed else f"{where}: {self.problem}"
        return f"{self.scenario.id} ({self.scenario.source}) {status}"


# -- reading and shape checks ------------------------------------------------------------

_CODE = re.compile(r"^[A-Z_]+$")


class _Shape:
    """Checks one scenario object against the scenario schema, with JSON paths."""

    def fail(self, where: str, message: str) -> NoReturn:
        raise ScenarioFileError(f"{where}: {message}")

    def obj(
        self, data: object, where: str, required: Iterable[str], optional: Iterable[str]
    ) -> Mapping[str, Any]:
        if not isinstance(data, dict):
            self.fail(where, "expected an object")
        allowed = set(required) | set(optional)
        for key in data:
            if key not in allowed:
                self.fail(where, f"unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")
        for key in required:
            if key not in data:
                self.fail(where, f"missing key {key!r}")
        return data

    def string(self, data: object, where: str) -> None:
        if not isinstance(data, str) or not data:
            self.fail(where, "expected a non-empty string")

    def strings(
        self,
        data: object,
        where: str,
        *,
        unique: bool = False,
        low: int = 0,
        high: int | None = None,
    ) -> None:
        if not isinstance(data, list):
            self.fail(where, "expected a list")
        items: list[object] = data
        for index, item in enumerate(items):
            self.string(item, f"{where}[{index}]")
        if len(items) < low or (high is not None and len(items) > high):
            self.fail(where, f"expected {low} to {high} items, got {len(items)}")
        if unique and len(set(items)) != len(items):
            self.fail(where, "expected unique items")

    def integer(self, data: object, where: str, low: int) -> None:
        if isinstance(data, bool) or not isinstance(data, int) or data < low:
            self.fail(where, f"expected a whole number of at least {low}")

    def boolean(self, data: object, where: str) -> None:
        if not isinstance(data, bool):
            self.fail(where, "expected true or false")

    def name_map(self, data: object, where: str, check: Callable[[object, str], None]) -> None:
        if not isinstance(data, dict):
            self.fail(where, "expected an object")
        for key, value in data.items():
            check(value, f"{where}.{key}")

    def scenario(self, data: object) -> None:
        top = self.obj(
            data,
            "$",
            ("id", "players", "first", "deal", "steps"),
            ("rulings", "text", "edition", "tokens", "target", "auto_draw", "remedy"),
        )
        self.string(top["id"], "$.id")
        self.strings(top["players"], "$.players", unique=True, low=2, high=6)
        self.string(top["first"], "$.first")
        if "rulings" in top:
            self.strings(top["rulings"], "$.rulings")
        if "text" in top and not isinstance(top["text"], str):
            self.fail("$.text", "expected a string")
        if "edition" in top and top["edition"] not in ("2019", "classic"):
            self.fail("$.edition", 'expected "2019" or "classic"')
        if "tokens" in top:
            self.name_map(top["tokens"], "$.tokens", lambda v, w: self.integer(v, w, 0))
        if "target" in top:
            self.integer(top["target"], "$.target", 1)
        if "auto_draw" in top:
            self.boolean(top["auto_draw"], "$.auto_draw")
        if "remedy" in top:
            self.boolean(top["remedy"], "$.remedy")
        self.deal(top["deal"], "$.deal")
        if not isinstance(top["steps"], list):
            self.fail("$.steps", "expected a list")
        for index, step in enumerate(top["steps"]):
            self.step(step, f"$.steps[{index}]")

    def deal(self, data: object, where: str) -> None:
        deal = self.obj(data, where, ("set_aside", "hands", "draw_pile"), ("face_up",))
        self.string(deal["set_aside"], f"{where}.set_aside")
        self.name_map(deal["hands"], f"{where}.hands", self.string)
        self.strings(deal["draw_pile"], f"{where}.draw_pile")
        if "face_up" in deal:
            self.strings(deal["face_up"], f"{where}.face_up")

    def command(self, data: object, where: str) -> None:
        if not isinstance(data, dict) or not data:
            self.fail(where, "expected a command object")
        body: dict[str, Any] = data
        if "deal" in body:
            self.obj(body, where, ("deal",), ("first",))
            self.deal(body["deal"], f"{where}.deal")
            if "first" in body:
                self.string(body["first"], f"{where}.first")
            return
        if len(body) != 1:
            self.fail(where, f"expected one command, got keys {', '.join(map(repr, body))}")
        ((key, value),) = body.items()
        here = f"{where}.{key}"
        if key == "draw":
            self.string(value, here)
        elif key == "play":
            play = self.obj(value, here, ("player", "card"), ("target", "guess"))
            for field in play:
                self.string(play[field], f"{here}.{field}")
        elif key == "choose":
            choose = self.obj(value, here, ("player", "keep", "return"), ())
            self.string(choose["player"], f"{here}.player")
            self.string(choose["keep"], f"{here}.keep")
            self.strings(choose["return"], f"{here}.return", low=1, high=2)
        elif key == "take_back":
            self.string(value, here)
        elif key == "redeal":
            if value is not None:
                self.deal(value, here)
        else:
            self.fail(where, f"unknown step {key!r}")

    def step(self, data: object, where: str) -> None:
        if isinstance(data, dict) and "reject" in data:
            step = self.obj(data, where, ("reject", "reason"), ())
            self.command(step["reject"], f"{where}.reject")
            if not isinstance(step["reason"], str) or not _CODE.match(step["reason"]):
                self.fail(f"{where}.reason", "expected a reason code such as TARGET_SELF")
        elif isinstance(data, dict) and "expect" in data:
            step = self.obj(data, where, ("expect",), ())
            self.expect(step["expect"], f"{where}.expect")
        else:
            self.command(data, where)

    def expect(self, data: object, where: str) -> None:
        keys = self.obj(data, where, (), _CHECKS)
        for key, value in keys.items():
            here = f"{where}.{key}"
            if key in ("to_act", "set_aside", "spy_bonus"):
                if value is not None:
                    self.string(value, here)
            elif key in ("out", "protected", "round_winners", "game_winners", "draw_pile"):
                self.strings(value, here)
            elif key in ("hands", "discards"):
                self.name_map(value, here, lambda v, w: self.strings(v, w))
            elif key == "draw_pile_size":
                self.integer(value, here, 0)
            elif key in ("round_over", "game_over"):
                self.boolean(value, here)
            elif key == "tokens":
                self.name_map(value, here, lambda v, w: self.integer(v, w, 0))
            elif key == "next_first":
                if isinstance(value, list):
                    self.strings(value, here)
                else:
                    self.string(value, here)
            elif key == "seen":
                self.name_map(
                    value, here, lambda v, w: self.name_map(v, w, lambda x, y: self.strings(x, y))
                )


MAX_DEPTH = 64
"""How deeply a scenario line may nest arrays and objects (a scenario needs 7 levels)."""

MAX_DIGITS = 40
"""The most digits a whole number of a scenario may have."""

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[{]|[\]}]')
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class _NumberTooLongError(Exception):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects, brackets inside strings aside.

    One pass, whatever the text (an unterminated string runs to the end), so a line
    nested too deeply is refused before the JSON reader recurses into it.
    """
    depth = deepest = 0
    for token in _TOKEN.finditer(text):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in ("]", "}"):
            depth -= 1
    return deepest


def _integer(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise _NumberTooLongError(digits)
    return int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        keys: set[str] = set()
        for key, _ in pairs:
            if key in keys:
                raise ScenarioFileError(f"the key {_shown(key)} appears twice in one object")
            keys.add(key)
    return data


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message: escaped, and shortened when long."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _read_json(text: str) -> Any:
    """One scenario line's JSON, or :class:`ScenarioFileError` saying what is wrong.

    Besides JSON's own errors: nesting deeper than :data:`MAX_DEPTH`, whole numbers longer
    than :data:`MAX_DIGITS`, a key twice in one object, a lone surrogate in a string.
    """
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise ScenarioFileError(
            f"arrays and objects nested {depth} deep (a scenario nests at most {MAX_DEPTH})"
        )
    try:
        data = json.loads(text, parse_int=_integer, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise ScenarioFileError(f"not valid JSON: {error.msg} (column {error.colno})") from None
    except _NumberTooLongError as error:
        raise ScenarioFileError(
            f"a number of {error.digits} digits (a scenario's numbers have at most {MAX_DIGITS})"
        ) from None
    if _SURROGATE.search(text):
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ScenarioFileError(
                "a string holds a lone surrogate (a \\ud800-\\udfff escape that is not half "
                "of a pair), which is not text"
            ) from None
    return data


def parse_lines(lines: Iterable[str], source: str = "<scenarios>") -> list[Scenario]:
    """Scenarios from JSON Lines; blank lines and lines starting with ``//`` are skipped.

    A line that is not a valid scenario raises :class:`ScenarioFileError` naming
    ``source:line``: besides the scenario format's rules, a line may nest arrays and
    objects at most :data:`MAX_DEPTH` deep, and its whole numbers have at most
    :data:`MAX_DIGITS` digits.
    """
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("//"):
            continue
        where = f"{source}:{number}"
        try:
            data = _read_json(text)
            _Shape().scenario(data)
        except ScenarioFileError as error:
            raise ScenarioFileError(f"{where}: {error}") from None
        if data["id"] in seen:
            raise ScenarioFileError(
                f"{where}: scenario id {data['id']!r} is also used at {seen[data['id']]}"
            )
        seen[data["id"]] = where
        scenarios.append(Scenario(id=data["id"], data=data, source=where))
    return scenarios


def load(path: str | Path) -> list[Scenario]:
    """Every scenario of a ``.jsonl`` file, checked for shape.

    A file with no scenario (empty, or only blank and comment lines) is not a scenario
    file: it raises :class:`ScenarioFileError`, like one that cannot be read.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ScenarioFileError(f"{path}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError as error:
        line = error.object[: error.start].count(b"\n") + 1
        raise ScenarioFileError(f"{path}:{line}: not UTF-8 text") from None
    # Lines end at newlines only: JSON strings may hold other line separators (U+2028).
    scenarios = parse_lines(text.split("\n"), source=str(path))
    if not scenarios:
        raise ScenarioFileError(
            f"{path}: no scenario in the file (it is empty, or has only blank and comment lines)"
        )
    return scenarios


# -- running ----------------------------------------------------------------------------


class _StepError(Exception):
    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _name_of(edition_: Edition, text: str) -> str:
    card = edition_.parse_card(text)
    return str(card) if card is not None else text


def run(scenario: Scenario) -> ScenarioResult:
    """Play ``scenario`` and return the first difference from what it expects."""
    data = scenario.data
    try:
        edition_ = edition(str(data.get("edition", "2019")))
    except LoveLetterError:
        return ScenarioResult(
            scenario=scenario,
            problem=f"the {data.get('edition')!r} edition is not implemented yet",
        )
    try:
        game = Game.new(
            data["players"],
            edition=edition_,
            first=data["first"],
            seed=0,
            deal=layout_from_data(data["deal"], edition_, "$.deal"),
            tokens=data.get("tokens"),
            target=data.get("target"),
            auto_draw=False,
            remedy=bool(data.get("remedy", False)),
        )
    except LoveLetterError as error:
        return ScenarioResult(scenario=scenario, problem=f"the table cannot be set up: {error}")
    auto_draw = bool(data.get("auto_draw", True))
    for index, step in enumerate(data["steps"]):
        try:
            _step(game, edition_, step, auto_draw)
        except _StepError as failure:
            return ScenarioResult(scenario=scenario, step=index, problem=failure.problem)
    return ScenarioResult(scenario=scenario)


def _prepare(
    game: Game, edition_: Edition, data: object, auto_draw: bool
) -> Command | UnknownCardError:
    """Read a command step, and draw for its player first where FORMAT.md says so.

    Before a play (refused or not) whose player is to act and has not drawn yet this
    turn, the runner draws for them. A command naming no card comes back as the
    :class:`UnknownCardError` that describes it.
    """
    try:
        command: Command | UnknownCardError = command_from_data(data, edition_)
    except UnknownCardError as unknown:
        command = unknown
    except InvalidCommandError as error:
        raise _StepError(f"the command cannot be read: {error}") from None
    if isinstance(command, UnknownCardError):
        command_type, player = command.command_type, command.player
    else:
        command_type, player = type(command), getattr(command, "player", None)
    state = game.state
    if (
        auto_draw
        and command_type is Play
        and player is not None
        and state.phase is Phase.DRAW
        and state.player_to_act == player
    ):
        game.apply(Draw(player=player))
    return command


def _attempt(game: Game, command: Command | UnknownCardError) -> Refusal | None:
    """Apply a prepared command; return its refusal instead of raising."""
    if isinstance(command, UnknownCardError):
        return command.refusal_at(game.state)
    try:
        game.apply(command)
    except IllegalCommandError as error:
        return error.refusal
    return None


def _step(game: Game, edition_: Edition, step: Mapping[str, Any], auto_draw: bool) -> None:
    if "expect" in step:
        _expect(game.state, edition_, step["expect"])
        return
    if "reject" in step:
        expected = step["reason"]
        command = _prepare(game, edition_, step["reject"], auto_draw)
        before = game.state
        refusal = _attempt(game, command)
        if refusal is None:
            raise _StepError(f"expected a refusal with {expected}, but the command was applied")
        if refusal.reason.value != expected:
            raise _StepError(
                f"expected a refusal with {expected}, "
                f"got {refusal.reason.value} ({refusal.message})"
            )
        if game.state != before:
            raise _StepError("the refused command changed the state")
        return
    refusal = _attempt(game, _prepare(game, edition_, step, auto_draw))
    if refusal is not None:
        raise _StepError(
            f"refused with {refusal.reason.value}: {refusal.message} [{refusal.ruling}]"
        )


Check = Callable[[str, State, Edition, Any], list[str]]
"""A check of one key of an ``expect`` step: the differences found, if any."""


def _expect(state: State, edition_: Edition, checks: Mapping[str, Any]) -> None:
    """Check ``state`` against an ``expect`` step; raise with every difference found."""
    differences = [
        difference
        for key, expected in checks.items()
        for difference in _CHECKS[key](key, state, edition_, expected)
    ]
    if differences:
        raise _StepError("; ".join(differences))


def _same(key: str, expected: object, actual: object, shown: object = None) -> list[str]:
    """No difference, or one: ``key`` was expected to be ``expected``."""
    if expected == actual:
        return []
    return [f"{key}: expected {expected!r}, got {actual if shown is None else shown!r}"]


def _per_player(
    key: str, state: State, expected: Mapping[str, Any], check: Callable[[str, Any], list[str]]
) -> list[str]:
    """``check`` each named player's expectation, refusing names not at the table."""
    found = []
    for player, wanted in expected.items():
        if player not in state.players:
            found.append(f"{key}.{player}: {player!r} is not at the table")
        else:
            found += check(player, wanted)
    return found


def _hands(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    def check(player: str, cards: Any) -> list[str]:
        wanted = [_name_of(edition_, card) for card in cards]
        actual = _cards(state.hand(player))
        same = Counter(wanted) == Counter(actual)
        return [] if same else _same(f"{key}.{player}", wanted, actual)

    return _per_player(key, state, expected, check)


def _discards(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    def check(player: str, cards: Any) -> list[str]:
        wanted = [_name_of(edition_, card) for card in cards]
        return _same(f"{key}.{player}", wanted, _cards(state.discards_of(player)))

    return _per_player(key, state, expected, check)


def _tokens(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    def check(player: str, count: Any) -> list[str]:
        return _same(f"{key}.{player}", count, state.tokens_of(player))

    return _per_player(key, state, expected, check)


def _names(actual: Callable[[State], Sequence[str]]) -> Check:
    """A check of a set of players (who is out, who won), in any order."""

    def check(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
        found = list(actual(state))
        return [] if sorted(expected) == sorted(found) else _same(key, sorted(expected), found)

    return check


def _value(actual: Callable[[State], object]) -> Check:
    """A check of one value of the state."""
    return lambda key, state, edition_, expected: _same(key, expected, actual(state))


def _draw_pile(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    wanted = [_name_of(edition_, card) for card in expected]
    return _same(key, wanted, _cards(state.draw_pile))


def _set_aside(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    actual = None if state.set_aside is None else str(state.set_aside)
    return _same(key, None if expected is None else _name_of(edition_, expected), actual)


def _next_first(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    actual = list(state.next_first)
    wanted = [expected] if isinstance(expected, str) else list(expected)
    if sorted(wanted) == sorted(actual):
        return []
    return _same(key, expected, actual[0] if len(actual) == 1 else actual)


def _seen(key: str, state: State, edition_: Edition, expected: Any) -> list[str]:
    def check(viewer: str, owners: Any) -> list[str]:
        shown = seen_by(view_for(state, viewer))
        found = []
        for owner, cards in owners.items():
            wanted = sorted({_name_of(edition_, card) for card in cards})
            actual = sorted(str(card) for card in shown.get(owner, ()))
            found += _same(f"{key}.{viewer}.{owner}", wanted, actual)
        return found

    return _per_player(key, state, expected, check)


_CHECKS: dict[str, Check] = {
    "to_act": _value(lambda state: state.player_to_act),
    "hands": _hands,
    "discards": _discards,
    "out": _names(lambda state: [p for p in state.players if state.is_out(p)]),
    "protected": _names(lambda state: [p for p in state.players if state.is_protected(p)]),
    "draw_pile": _draw_pile,
    "draw_pile_size": _value(lambda state: len(state.draw_pile)),
    "set_aside": _set_aside,
    "round_over": _value(lambda state: state.round_over),
    "round_winners": _names(lambda state: state.round_winners),
    "spy_bonus": _value(lambda state: state.spy_bonus),
    "tokens": _tokens,
    "next_first": _next_first,
    "game_over": _value(lambda state: state.game_over),
    "game_winners": _names(lambda state: state.game_winners),
    "seen": _seen,
}
"""How each key of an ``expect`` step is checked (the "Checks" of the scenario format)."""


def run_files(paths: Sequence[str | Path], write: Callable[[str], None] = print) -> tuple[int, int]:
    """Run every scenario of ``paths``; write a line per failure, then the totals.

    Returns ``(passed, failed)``. Raises :class:`ScenarioFileError` before running
    anything if a file is not valid.
    """
    scenarios = [scenario for path in paths for scenario in load(path)]
    passed = failed = 0
    for scenario in scenarios:
        result = run(scenario)
        if result.passed:
            passed += 1
        else:
            failed += 1
            write(f"FAIL {result.describe()}")
    write(f"{passed} passed, {failed} failed")
    return passed, failed
