"""The documentation as the ``docs`` extra alone builds it: once per test run, warnings as errors.

The README says that ``pip install '.[docs]'`` then ``sphinx-build -n -W docs ...`` builds
the docs. The test environment has more installed (the test extra, often the others), so
the build here hides, in the Sphinx process, every module that the other extras of
``pyproject.toml`` bring and the ``docs`` extra does not need: an extra added there later
is hidden too. A page or a docstring that needs one of them then fails the build, as it
would from the ``docs`` extra alone (``docs/conf.py`` lists the frameworks autodoc reads
with stand-ins).
"""

from __future__ import annotations

import http.server
import importlib.metadata
import re
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement

from testkit.project import ROOT

DOCS = ROOT / "docs"

_HIDE = """
import importlib.abc, sys
hidden = frozenset(sys.argv[1].split(","))
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in hidden:
            raise ModuleNotFoundError(
                f"No module named {name!r} (hidden: the docs extra does not bring it)",
                name=name,
            )
        return None
sys.meta_path.insert(0, Hidden())
from sphinx.cmd.build import main
sys.exit(main(sys.argv[2:]))
"""
"""The Sphinx process: the hidden modules refused, then ``sphinx-build`` with its options."""


def _name(requirement: str | Requirement) -> str:
    """A distribution's name as the index compares them: ``Open_Spiel`` -> ``open-spiel``."""
    text = requirement.name if isinstance(requirement, Requirement) else requirement
    return re.sub(r"[-_.]+", "-", text).lower()


def extras() -> dict[str, list[Requirement]]:
    """The optional extras of ``pyproject.toml``, each with its requirements."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional = project.get("optional-dependencies", {})
    return {extra: [Requirement(line) for line in lines] for extra, lines in optional.items()}


def _requirements(name: str, wanted: frozenset[str] = frozenset()) -> list[Requirement]:
    """What the installed distribution ``name`` requires, with its extras ``wanted``."""
    try:
        lines = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    found = []
    for line in lines:
        requirement = Requirement(line)
        marker = requirement.marker
        if marker is None or any(
            marker.evaluate({**default_environment(), "extra": extra}) for extra in {"", *wanted}
        ):
            found.append(requirement)
    return found


def _closure(roots: list[Requirement]) -> set[str]:
    """The installed distributions ``roots`` bring, themselves included, by name."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        requirement = todo.pop()
        name = _name(requirement)
        if name in seen:
            continue
        seen.add(name)
        todo += _requirements(name, frozenset(requirement.extras))
    return seen


def hidden_modules() -> list[str]:
    """The top-level modules the other extras bring (with their own extras), and the
    ``docs`` extra does not need, of those installed here."""
    every = extras()
    needed = _closure(every.get("docs", []))
    others: set[str] = set()
    for extra, requirements in every.items():
        if extra == "docs":
            continue
        for requirement in requirements:
            others.add(_name(requirement))
            if requirement.extras:  # dask[distributed] brings distributed
                brought = _requirements(requirement.name, frozenset(requirement.extras))
                others.update(_name(each) for each in brought)
    providers: dict[str, set[str]] = {}
    for module, distributions in importlib.metadata.packages_distributions().items():
        for distribution in distributions:
            providers.setdefault(_name(distribution), set()).add(module)
    modules = {
        module
        for distribution in others - needed
        for module in providers.get(distribution, ())
        if module.isidentifier() and module != "loveletter"
    }
    return sorted(modules)


def build(out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -n -W --keep-going -b html OPTIONS docs OUT``, the other extras hidden.

    Fails (an ``AssertionError`` with Sphinx's words) on any warning or error.
    """
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _HIDE,
            ",".join(hidden_modules()),
            *("-E", "-q", "-n", "-W", "--keep-going", "-b", "html"),
            # the French site is built on its own (the ``french_site`` fixture), its
            # modules hidden too: not by the English build's own step
            *("-D", "loveletter_french_build=0"),
            *("-d", str(out.parent / f"{out.name}-doctrees")),
            *options,
            str(DOCS),
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, f"the docs do not build:\n{done.stdout}{done.stderr[-4000:]}"
    assert not done.stderr.strip(), done.stderr[-4000:]
    return done


# -- the built site in a browser ----------------------------------------------------------


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """Serve the built site ``folder`` on 127.0.0.1 (the standard library's file server,
    in a thread), as a reader's browser opens it: ``http://127.0.0.1:PORT/``."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-extensions",
    "--no-first-run",
)
"""How the tests start Debian's chromium: headless, offline, nothing of its own."""


def chromium(width: int = 1280, height: int = 1000) -> Any:
    """A headless Chromium driven by Selenium (Debian's ``chromium`` and ``chromedriver``)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(shutil.which("chromium") or shutil.which("chromium-browser"))
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    service = Service(executable_path=str(shutil.which("chromedriver")))
    return webdriver.Chrome(options=options, service=service)


def search(browser: Any, search_page: str, query: str, first: int = 3) -> list[tuple[str, str]]:
    """Type ``query`` into the search box of ``search_page`` (the site's ``search.html``),
    as a reader does, and return the first results: ``(link, title)`` each, the link as
    the page's path and anchor (``rulings/baron.html#ll19-baron-tie``)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(search_page)
    box = WebDriverWait(browser, 20).until(
        lambda page: page.find_element(By.CSS_SELECTOR, "#searchbox input[name=q], input[name=q]")
    )
    box.clear()
    box.send_keys(query, Keys.ENTER)

    def finished(page: Any) -> bool:
        summary = page.find_elements(By.CSS_SELECTOR, "#search-results p.search-summary")
        return bool(summary and summary[-1].text.strip())

    WebDriverWait(browser, 30).until(finished)
    found = []
    for link in browser.find_elements(By.CSS_SELECTOR, "#search-results ul.search li > a")[:first]:
        href = str(link.get_attribute("href"))
        root = search_page.rsplit("/", 1)[0] + "/"
        found.append((href.removeprefix(root), link.text.strip()))
    return found
