"""Optional fields: fields most records leave at their default, left out until set.

A record's optional field (a second target, the card that compared two hands) is left
out of its ``repr`` and of its JSON (:mod:`loveletter.serialization`) while it holds its
default, so that the usual record reads short; the ``repr`` stays valid Python.

>>> import attrs
>>> @short_repr
... @attrs.frozen(kw_only=True)
... class Point:
...     x: int
...     y: int = optional_field(0)
>>> Point(x=1), Point(x=1, y=2)
(Point(x=1), Point(x=1, y=2))
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["OPTIONAL", "optional_field", "short_repr"]

T = TypeVar("T")

OPTIONAL = "optional"
"""The metadata key that marks a field optional (see :func:`optional_field`)."""


def optional_field(default: object) -> Any:
    """An attrs field that most records leave at ``default``."""
    return attrs.field(default=default, metadata={OPTIONAL: True})


def short_repr(cls: type[T]) -> type[T]:
    """A class decorator: the ``repr`` leaves out each optional field while at its default."""
    fields = [field for field in attrs.fields(cls) if field.repr and field.init]  # type: ignore[arg-type]

    def __repr__(self: object) -> str:  # noqa: N807
        shown = [
            f"{field.name}={getattr(self, field.name)!r}"
            for field in fields
            if not (field.metadata.get(OPTIONAL) and getattr(self, field.name) == field.default)
        ]
        return f"{type(self).__name__}({', '.join(shown)})"

    cls.__repr__ = __repr__  # type: ignore[method-assign]
    return cls
