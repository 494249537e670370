"""Sphinx directives for the pages that show the command line, the extras and the bots.

What these pages show is read from the code as they are built, so that it cannot drift:

* ``{terminal}``: a session at the command line, run as the page is built. Its content
  is the session: a ``$ loveletter ARGS`` line runs the command line
  (:func:`loveletter.apps.cli.main`) in this process, in a folder of its own that the whole
  session shares (a file one command writes, the next reads); the ``< TEXT`` lines after
  it are what is typed into it, one line each (``< `` alone is Enter), and ``<
  /dev/null`` at the end of the command gives it no input at all; ``$ echo $?`` shows the
  exit status of the command before. The block shows each command, then what it wrote to
  standard output and standard error, in order, as a terminal of ``:columns:`` columns
  (80) shows them; answers show after their questions, as the terminal game echoes piped
  answers. ``:status: N`` on the directive fails the build unless the last command exits
  with ``N`` (0 by default).
* ``{extras}``: the optional extras of ``pyproject.toml``, each with what it brings (its
  requirements, as written there) and what it is for: the content, one ``extra: words``
  line each (MyST inline markup). An extra without words, or words for an extra that is
  gone, fail the build.
* ``{bots}``: the bots :data:`loveletter.bots.registry.BOTS` knows, each with its class and the
  first sentence of the class's docstring.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


@contextlib.contextmanager
def _terminal(folder: Path, typed: str | None, columns: int) -> Iterator[io.StringIO]:
    """A terminal for a while: input typed, output captured, ``COLUMNS`` set, in ``folder``.

    Standard input reads ``typed`` (``None``: ``/dev/null``); standard output and error go
    into one buffer, in the order they are written.
    """
    import sys

    source = folder / ".typed"
    source.write_text(typed or "", encoding="utf-8")
    screen = io.StringIO()
    saved = (sys.stdin, sys.stdout, sys.stderr, os.getcwd(), os.environ.get("COLUMNS"))
    stdin = open(os.devnull if typed is None else source, encoding="utf-8")  # noqa: SIM115
    try:
        sys.stdin, sys.stdout, sys.stderr = stdin, screen, screen
        os.chdir(folder)
        os.environ["COLUMNS"] = str(columns)
        yield screen
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.chdir(saved[3])
        if saved[4] is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = saved[4]
        stdin.close()


def run_command(
    folder: Path, argv: list[str], typed: str | None, columns: int = 80
) -> tuple[str, int]:
    """What ``loveletter ARGV`` writes, and its exit status, run in ``folder``.

    ``typed`` is its standard input (``None``: ``/dev/null``).
    """
    from loveletter.apps.cli import main

    with _terminal(folder, typed, columns) as screen:
        try:
            status = main(argv)
        except SystemExit as leaving:  # argparse: --help, --version, a wrong argument
            code = leaving.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
    return screen.getvalue(), status


class TerminalDirective(SphinxDirective):
    """A command-line session, run as the page is built (see the module)."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "columns": directives.positive_int,
        "status": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        sessions = self._commands()
        shown: list[str] = []
        status = 0
        with tempfile.TemporaryDirectory() as folder:
            for line, typed in sessions:
                shown.append(line)
                if line == "$ echo $?":
                    shown.append(str(status))
                    continue
                words = shlex.split(line[2:])
                stdin: str | None = "\n".join(typed) + "\n" if typed else ""
                if words[-2:] == ["<", "/dev/null"]:
                    words, stdin = words[:-2], None
                if words[0] != "loveletter":
                    raise self.error(f"a {{terminal}} session runs loveletter only: {line!r}")
                output, status = run_command(
                    Path(folder), words[1:], stdin, self.options.get("columns", 80)
                )
                shown += output.rstrip("\n").split("\n") if output.strip() else []
        expected = self.options.get("status", 0)
        if status != expected:
            raise self.error(
                f"the session's last command exits with {status}, not {expected}:\n"
                + "\n".join(shown[-20:])
            )
        block = nodes.literal_block(text="\n".join(shown))
        block["language"] = "text"
        return [block]

    def _commands(self) -> list[tuple[str, list[str]]]:
        """Each command line of the content, with the lines typed into it."""
        found: list[tuple[str, list[str]]] = []
        for line in self.content:
            if line.startswith("$ "):
                found.append((line.rstrip(), []))
            elif line.startswith("<") and found:
                found[-1][1].append(line[2:] if line.startswith("< ") else "")
            elif line.strip():
                raise self.error(
                    f"a {{terminal}} line is '$ loveletter ...' or '< typed', not {line!r}"
                )
        if not found:
            raise self.error("a {terminal} session needs a '$ loveletter ...' line")
        return found


class ExtrasDirective(SphinxDirective):
    """The optional extras of ``pyproject.toml``: what each brings, and what for."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.srcdir).parent / "pyproject.toml"
        self.env.note_dependency(str(path))
        project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
        extras: dict[str, list[str]] = project.get("optional-dependencies", {})
        described: dict[str, str] = {}
        for line in self.content:
            if line.strip():
                extra, _, words = line.partition(":")
                described[extra.strip()] = words.strip()
        missing = [extra for extra in extras if not described.get(extra)]
        gone = [extra for extra in described if extra not in extras]
        if missing or gone:
            raise self.error(
                "{extras}: say what each extra of pyproject.toml is for; missing: "
                f"{', '.join(missing) or 'none'}; not in pyproject.toml: "
                f"{', '.join(gone) or 'none'}"
            )
        table = _table(("extra", "what it brings", "for"), (14, 40, 46))
        for extra, requirements in extras.items():
            brings = nodes.paragraph()
            for index, requirement in enumerate(requirements):
                if index:
                    brings += nodes.Text(", ")
                brings += nodes.literal(text=requirement)
            words, problems = self.parse_inline(described[extra], lineno=self.lineno)
            _row(
                table,
                [
                    nodes.paragraph("", "", nodes.literal(text=extra)),
                    brings,
                    nodes.paragraph("", "", *words),
                ],
            )
            if problems:
                return [*problems]
        return [table]


class BotsDirective(SphinxDirective):
    """The bots :data:`loveletter.bots.registry.BOTS` knows: name, class, and what it does."""

    def run(self) -> list[nodes.Node]:
        from loveletter.bots import BOTS

        table = _table(("name", "class", "what it does"), (14, 30, 56))
        for name, kind in BOTS.items():
            summary = " ".join((kind.__doc__ or "").strip().split("\n\n")[0].split())
            if not summary:
                raise self.error(f"the bot {name!r} ({kind.__qualname__}) has no docstring")
            link, problems = self.parse_inline(
                f"{{class}}`~{kind.__module__}.{kind.__qualname__}`", lineno=self.lineno
            )
            _row(
                table,
                [
                    nodes.paragraph("", "", nodes.literal(text=name)),
                    nodes.paragraph("", "", *link),
                    nodes.paragraph(text=summary),
                ],
            )
            if problems:
                return [*problems]
        return [table]


def _table(titles: tuple[str, ...], widths: tuple[int, ...]) -> nodes.table:
    """An empty docutils table with a header row of ``titles``; :func:`_row` fills it."""
    table = nodes.table()
    group = nodes.tgroup(cols=len(titles))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for title in titles:
        row += nodes.entry("", nodes.paragraph(text=title))
    head += row
    group += nodes.tbody()
    return table


def _row(table: nodes.table, cells: list[nodes.Node]) -> None:
    """Add a row of ``cells`` to the body of ``table``."""
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", cell)
    table[0][-1] += row


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("terminal", TerminalDirective)
    app.add_directive("extras", ExtrasDirective)
    app.add_directive("bots", BotsDirective)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}
