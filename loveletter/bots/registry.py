"""The bot registry: the shipped bots by name, and bot specs read and made.

**Bot specs.** Wherever a bot is named (:func:`make_bot`, the simulation, the command
line's ``--bots``), its options may follow its name, each as ``:option=value``:
``ismcts:iterations=5``, ``ismcts:iterations=100:keep_prior=0.2``. A bot's options are
the keyword arguments of its class other than ``seed`` (:func:`bot_options`); each value
is read as the argument's type says (a whole number, a number, ``true`` or ``false``, or
text). :func:`parse_bot` reads a spec, :func:`parse_bots` a comma-separated list of them
(where an option may also follow a comma: ``ismcts:iterations=5,keep_prior=0.2,random``
is two bots).

>>> spec = parse_bot(" ismcts : iterations = 5 ")
>>> spec, str(spec)
(BotSpec(name='ismcts', options=(('iterations', 5),)), 'ismcts:iterations=5')
>>> make_bot("ismcts:iterations=5", seed=1).iterations
5
>>> [str(spec) for spec in parse_bots("ismcts:iterations=5,keep_prior=0.2,random")]
['ismcts:iterations=5:keep_prior=0.2', 'random']
>>> parse_bot("ismcts:depth=3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the bot ismcts takes no option 'depth': its options are iterations, ...
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Mapping

import attrs

from loveletter.bots.base import Bot
from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.ismcts import IsmctsBot
from loveletter.bots.learned import LearnedBot, learnable
from loveletter.bots.random_bot import RandomBot

__all__ = [
    "BOTS",
    "BotSpec",
    "Option",
    "bot_options",
    "make_bot",
    "parse_bot",
    "parse_bots",
    "register_bot",
    "unregister_bot",
]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": IsmctsBot}
"""The bots by name, as :func:`make_bot`, the simulation and the command line know them.

``learned`` (:class:`~loveletter.bots.learned.LearnedBot`) is among them where NumPy is
installed (the ``[batch]`` extra): its network runs on NumPy.

Add to it with :func:`register_bot`.
"""
if learnable():
    BOTS["learned"] = LearnedBot


Option = int | float | bool | str
"""A bot option's value."""


@attrs.frozen(kw_only=True)
class BotSpec:
    """A bot's name and the options to make it with (see the module's description).

    ``str(spec)`` writes it back as a spec, its options in the order given: the name
    under which a simulation counts the bot.
    """

    name: str
    options: tuple[tuple[str, Option], ...] = ()

    def __str__(self) -> str:
        """The spec as text: ``name:option=value:...``."""
        return "".join([self.name, *(f":{key}={_spelled(value)}" for key, value in self.options)])


def _spelled(value: Option) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def bot_options(kind: type[Bot]) -> dict[str, object]:
    """The options a kind of bot takes, with their types: its keyword arguments but ``seed``.

    >>> bot_options(IsmctsBot)["iterations"]
    int | None
    >>> bot_options(RandomBot)
    {}
    """
    hints = typing.get_type_hints(kind.__init__)
    return {
        name: hints.get(name, str)
        for name, parameter in inspect.signature(kind.__init__).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and name != "seed"
    }


def _value(bot: str, key: str, text: str, wanted: object) -> Option:
    """``text`` read as the type ``wanted`` of the option ``key``."""
    types = set(typing.get_args(wanted)) or {wanted}
    lowered = text.lower()
    if bool in types and lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        if kind in types:
            try:
                return kind(text)
            except ValueError:
                continue
    if str in types:
        return text
    names = " or ".join(_KIND_WORDS.get(kind, str(kind)) for kind in types if kind in _KIND_WORDS)
    raise ValueError(f"the option {key} of the bot {bot} is {names or 'unknown'}, not {text!r}")


_KIND_WORDS: dict[object, str] = {
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    str: "text",
}


def parse_bot(text: str, *, registry: Mapping[str, type[Bot]] | None = None) -> BotSpec:
    """The spec ``text`` names: a bot's name, then ``:option=value`` for each option.

    The name must be in ``registry`` (:data:`BOTS` by default), and each option one of
    its :func:`bot_options`, with a value of its type; else :class:`ValueError`, with a
    message that says what is known. Whether the values suit the bot (a budget of at
    least 1) is its own to check, when :func:`make_bot` makes it.

    >>> parse_bot("ismcts:iterations=5:keep_prior=0.5")
    BotSpec(name='ismcts', options=(('iterations', 5), ('keep_prior', 0.5)))
    """
    known = BOTS if registry is None else registry
    name, *pairs = (part.strip() for part in text.split(":"))
    kind = known.get(name)
    if kind is None:
        raise ValueError(f"unknown bot {name!r}: known bots are {_described(known)}")
    takes = bot_options(kind)
    options = []
    for pair in pairs:
        key, equals, value = (part.strip() for part in pair.partition("="))
        if key not in takes:
            offered = ", ".join(takes) if takes else "none"
            raise ValueError(f"the bot {name} takes no option {key!r}: its options are {offered}")
        if not equals or not value:
            raise ValueError(f"the option {key} of the bot {name} needs a value: {key}=...")
        options.append((key, _value(name, key, value, takes[key])))
    return BotSpec(name=name, options=tuple(options))


def parse_bots(text: str, *, registry: Mapping[str, type[Bot]] | None = None) -> list[BotSpec]:
    """The specs of a comma-separated list, such as ``ismcts:iterations=5,heuristic``.

    A piece that is an option (``key=value``) belongs to the bot before it. An empty
    list raises :class:`ValueError`.

    >>> [spec.name for spec in parse_bots("ismcts:iterations=5,heuristic")]
    ['ismcts', 'heuristic']
    """
    pieces: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and pieces:
            pieces[-1] += f":{piece}"
        else:
            pieces.append(piece)
    if not pieces:
        raise ValueError(f"no bot named in {text!r}: known bots are {_described(BOTS)}")
    return [parse_bot(piece, registry=registry) for piece in pieces]


def _described(known: Mapping[str, type[Bot]]) -> str:
    """The known bots, each with its options: ``random, ismcts (iterations, ...)``."""
    told = ", ".join(
        f"{name} ({', '.join(options)})" if (options := bot_options(kind)) else name
        for name, kind in known.items()
    )
    example = next(
        (
            f"{name}:{next(iter(options))}=..."
            for name, kind in known.items()
            if (options := bot_options(kind))
        ),
        None,
    )
    return told if example is None else f"{told}; options follow a colon, as in {example}"


def make_bot(
    name: str | BotSpec, *, seed: int, registry: Mapping[str, type[Bot]] | None = None
) -> Bot:
    """A new bot of the kind ``name`` names, with its options (a spec: ``"ismcts:iterations=5"``).

    ``registry`` gives kinds of bots by name where they are not (or not yet) in
    :data:`BOTS`, which is looked in otherwise. An unknown name, option or value raises
    :class:`ValueError`, as does a value the bot refuses.

    >>> make_bot("ismcts:iterations=5:candidates=3", seed=1).candidates
    3
    >>> make_bot("ismcts:iterations=0", seed=1)
    Traceback (most recent call last):
    ...
    ValueError: iterations and candidates must be at least 1
    """
    known: Mapping[str, type[Bot]] = BOTS if registry is None else {**BOTS, **registry}
    spec = name if isinstance(name, BotSpec) else parse_bot(name, registry=known)
    try:
        kind = known[spec.name]
    except KeyError:
        raise ValueError(f"unknown bot {spec.name!r}: known bots are {_described(known)}") from None
    bot: Bot = kind(seed=seed, **dict(spec.options))
    return bot


def register_bot(kind: type[Bot], *, name: str | None = None, replace: bool = False) -> type[Bot]:
    """Make ``kind`` known by ``name`` (its ``name`` attribute by default); return ``kind``.

    Registering a name that is taken raises :class:`ValueError`, unless ``replace``: two
    bots with one name would make a simulation's results ambiguous. Usable as a class
    decorator.

    >>> class Stubborn(Bot):
    ...     name = "stubborn"
    ...     def choose(self, view):
    ...         return view.legal[0]
    >>> register_bot(Stubborn) is Stubborn
    True
    >>> make_bot("stubborn", seed=1).name
    'stubborn'
    >>> register_bot(RandomBot, name="stubborn")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a bot called 'stubborn' is registered already (Stubborn); pass replace=True ...
    >>> unregister_bot("stubborn")
    """
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise TypeError(f"a bot must be a subclass of Bot, not {kind!r}")
    called = kind.name if name is None else name
    if not called or not isinstance(called, str):
        raise ValueError(f"a bot's name must be a non-empty string, not {called!r}")
    present = BOTS.get(called)
    if present is not None and present is not kind and not replace:
        raise ValueError(
            f"a bot called {called!r} is registered already ({present.__name__}); "
            "pass replace=True to replace it"
        )
    BOTS[called] = kind
    return kind


def unregister_bot(name: str) -> None:
    """Forget the bot called ``name``: undoes :func:`register_bot` (a test's clean-up)."""
    if name not in BOTS:
        raise ValueError(f"no bot is called {name!r}: known bots are {', '.join(BOTS)}")
    del BOTS[name]
