"""Fast constructors for frozen attrs records, for the rules' hot paths.

A frozen attrs class is built through ``__init__``, which sets each field with
``object.__setattr__`` (frozen classes refuse plain assignment), and through converters
where a field has one. For values the rules built themselves and know to be right,
:func:`builder` makes a positional constructor that sets the slots through their
descriptors instead: the same object, built in about half the time. Public constructors
(and everything that reads outside input) keep using ``__init__``.

>>> import attrs
>>> @attrs.frozen(kw_only=True)
... class Point:
...     x: int
...     y: int = 0
>>> make_point = builder(Point)
>>> make_point(1, 2) == Point(x=1, y=2)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of ``cls`` that skips ``__init__``.

    Every field the constructor takes is given, in order (the others get their default);
    no converter, validator or default runs.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    names = [field.name for field in fields if field.init]
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = [f"def make_{cls.__name__}({', '.join(names)}):", "    record = new(cls)"]
    for index, field in enumerate(fields):
        owner = next(klass for klass in cls.__mro__ if field.name in klass.__dict__)
        scope[f"set{index}"] = owner.__dict__[field.name].__set__
        if field.init:
            lines.append(f"    set{index}(record, {field.name})")
        else:  # a field the constructor does not take: its default
            scope[f"default{index}"] = field.default
            lines.append(f"    set{index}(record, default{index})")
    lines.append("    return record")
    exec("\n".join(lines), scope)
    made: Callable[..., T] = scope[f"make_{cls.__name__}"]
    made.__doc__ = f"A {cls.__name__} from its fields, in order (trusted values only)."
    return made


def interned(cls: type[T], kept: int = 1 << 12) -> Callable[..., T]:
    """A positional constructor of ``cls``, as :func:`builder`'s, that shares equal records.

    Records are immutable values, so one object can stand for every equal record: each
    combination of fields is built once and handed out again (the memo holds at most
    ``kept`` records and starts afresh when full). For records whose fields are hashable
    and never mix up ``1`` and ``True`` in one place (an event's card, player and flag):
    the rules' most frequent events.

    >>> import attrs
    >>> @attrs.frozen(kw_only=True)
    ... class Seen:
    ...     who: str
    >>> seen = interned(Seen)
    >>> seen("Anna") is seen("Anna"), seen("Anna") == Seen(who="Anna")
    (True, True)
    """
    make = builder(cls)
    memo: dict[tuple[Any, ...], T] = {}
    get = memo.get

    def make_shared(*fields: Any) -> T:
        record = get(fields)
        if record is None:
            if len(memo) >= kept:
                memo.clear()
            record = memo[fields] = make(*fields)
        return record

    make_shared.__doc__ = f"A {cls.__name__} from its fields, in order, built once (trusted)."
    return make_shared


def quiet_defaults(*names: str) -> Callable[[type[T]], type[T]]:
    """A class decorator: the ``repr`` leaves out the fields ``names`` while at their default.

    For fields that most records leave alone (a second target), so that the usual
    ``repr`` stays short; it is still valid Python.
    """

    def decorate(cls: type[T]) -> type[T]:
        fields = attrs.fields(cls)  # type: ignore[arg-type]

        def short_repr(self: object) -> str:
            shown = []
            for field in fields:
                if not field.repr or not field.init:
                    continue
                value = getattr(self, field.name)
                if field.name in names and value == field.default:
                    continue
                shown.append(f"{field.name}={value!r}")
            return f"{type(self).__name__}({', '.join(shown)})"

        cls.__repr__ = short_repr  # type: ignore[method-assign]
        return cls

    return decorate
