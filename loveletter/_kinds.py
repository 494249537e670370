"""Named kinds: closed enumerations, and open ones that an edition can extend.

Every enumeration of the library reads back as Python (``Phase.PLAY``, ``Card.BARON``):
closed ones derive from :class:`Enum`, and the kinds a new edition may add to (cards,
and the causes of a knock-out) from :class:`Kind`, whose members are interned: each
value has one member, compared by identity, looked up as ``Card("Baron")`` or
``Card["BARON"]``, listed by ``list(Card)``, and pickled by value.

>>> class Colour(Kind):
...     pass
>>> RED = Colour.define("RED", "red")
>>> Colour("red") is RED is Colour["RED"], RED, str(RED), list(Colour)
(True, Colour.RED, 'red', [Colour.RED])
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any, ClassVar, TypeVar

__all__ = ["Enum", "Kind"]

K = TypeVar("K", bound="Kind")


class Enum(enum.Enum):
    """A closed enumeration whose ``repr`` is the Python that names the member."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    # Members are singletons, equal only to themselves: they hash by identity.
    __hash__ = object.__hash__


class _KindType(type):
    """The class of an open kind: it iterates, counts and indexes its members."""

    _members: dict[str, Any]
    _by_name: dict[str, Any]

    def __iter__(cls) -> Iterator[Any]:
        return iter(list(cls._members.values()))

    def __len__(cls) -> int:
        return len(cls._members)

    def __getitem__(cls, name: str) -> Any:
        try:
            return cls._by_name[name]
        except KeyError:
            raise KeyError(f"{cls.__name__} has no member {name!r}") from None


class Kind(metaclass=_KindType):
    """One member of an open kind: a ``name`` (``BARON``) and a ``value`` (``"Baron"``).

    Members are made once, by :meth:`define`, and found again by value (``Card("Baron")``).
    """

    __slots__ = ("name", "value")
    _members: ClassVar[dict[str, Any]]
    _by_name: ClassVar[dict[str, Any]]

    name: str
    value: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._members = {}
        cls._by_name = {}

    def __new__(cls: type[K], value: str) -> K:
        member = cls._members.get(value) if isinstance(value, str) else None
        if member is None:
            raise ValueError(f"{value!r} is not a {cls.__name__}")
        found: K = member
        return found

    @classmethod
    def define(cls: type[K], name: str, value: str) -> K:
        """The member ``name`` with ``value``: made and registered the first time."""
        present: K | None = cls._members.get(value)
        if present is not None:
            if present.name != name:
                raise ValueError(f"{cls.__name__} {value!r} is defined already as {present.name}")
            return present
        if not name.isidentifier() or not name.isupper() or name in cls._by_name:
            raise ValueError(f"{name!r} is not a new upper-case name for a {cls.__name__}")
        member = object.__new__(cls)
        object.__setattr__(member, "name", name)
        object.__setattr__(member, "value", value)
        cls._members[value] = member
        cls._by_name[name] = member
        setattr(cls, name, member)
        return member

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} members cannot be changed")

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return self.value

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (type(self), (self.value,))

    def __copy__(self: K) -> K:
        return self

    def __deepcopy__(self: K, memo: object) -> K:
        return self

    __hash__ = object.__hash__
