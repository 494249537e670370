"""Sphinx configuration of the loveletter documentation (MyST Markdown, furo)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

import loveletter  # noqa: E402

project = "loveletter"
author = "The loveletter developers"
copyright = "2026, the loveletter developers"
release = loveletter.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "loveletter_docs",
    "loveletter_cli_docs",
]
source_suffix = {".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "scenarios/*.md"]

html_theme = "furo"
html_title = f"loveletter {release}"
html_static_path = ["_static"]
html_css_files = ["loveletter.css"]
templates_path = ["_templates"]
# The docs' own search finds rulings: each ruling block is a section titled with its
# heading and an object of the ruling domain (docs/_ext/loveletter_docs.py); this scorer
# ranks the rulings above the pages that merely mention the words typed.
html_search_scorer = str(HERE / "_static" / "search-scorer.js")

# The copy button copies the code of a ">>> " or "$ " example, never its prompts or output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_remove_prompts = True

# The frameworks of the optional extras (rl, openspiel, dask, web, web-test, postgres): autodoc
# reads the modules that need them with stand-ins, whether they are installed or not, so that the
# docs build from the `docs` extra alone and read the same everywhere. A new extra's
# framework goes here too: tests/docs/test_docs_build.py builds the docs with every extra's
# modules hidden, and fails on one that is missing from this list.
autodoc_mock_imports = [
    "psycopg",
    "numpy",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "dask",
    "distributed",
    "starlette",
    "uvicorn",
    "websockets",
    "httpx",
    "selenium",
    "stable_baselines3",
    "sb3_contrib",
]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_class_signature = "mixed"

nitpicky = True
# Without network access there is no intersphinx: names from the standard library and
# from attrs are left unlinked rather than reported.
nitpick_ignore_regex = [
    (
        r"py:(class|obj|data|exc|func|meth)",
        r"(collections|collections\.abc|typing|enum|random|types|pathlib|json|fractions|attr|attrs|concurrent\.futures)\..*",
    ),
    (
        r"py:(class|obj|data)",
        r"(Any|Callable|Iterable|Iterator|Mapping|Sequence|TypeAlias|TypeVar|T|E|NoReturn|Path|ModuleType|Hook|Request|WebSocket)",
    ),
    (
        r"py:class",
        r"(str|int|float|bool|object|bytes|tuple|list|dict|type|set|frozenset|None|NoneType|ValueError|Exception|BaseException|RuntimeError)",
    ),
    (
        r"py:mod",
        r"(random|secrets|json|fractions|enum|typing|pathlib|collections\.abc|sqlite3|argparse)",
    ),
    # The frameworks of the optional extras (stand-ins when autodoc reads them, see
    # autodoc_mock_imports; `np` is how the adapters' annotations name numpy): no
    # intersphinx either.
    (
        r"py:(class|obj|data|mod)",
        r"(numpy|np|gymnasium|pettingzoo|pyspiel|open_spiel|starlette|uvicorn|argparse|stable_baselines3|sb3_contrib|psycopg|sqlite3|ipaddress)(\..*)?",
    ),
    # NumPy's array types, in the batch engine's signatures.
    (r"py:(class|obj|data)", r"(NDArray|np\..*|Int)"),
    # Gymnasium's vector classes, as the adapters' signatures name them once mocked.
    (r"py:class", r"(AutoresetMode|VectorEnv|VecEnv)"),
    (r"py:class", r"loveletter\..*\._.*"),
    (r"py:class", r"loveletter\._.*"),  # the private modules' classes (loveletter._kinds.Enum)
    (r"py:class", r"loveletter\.[a-z_.]*\.T"),
]

# -- the French site ---------------------------------------------------------------------
# `sphinx-build -D language=fr docs docs/_build/html/fr-site` builds the French pages
# (docs/fr) on their own, as French: `<html lang="fr">`, the theme's labels in French,
# French search. Its ruling blocks link to the English ones through this path, relative
# to its root: the English site holds the French one in `fr-site/`. The English site's
# blocks link to the French blocks of its own French pages; set `loveletter_french_site`
# to "fr-site/" to send them to the French site instead.
loveletter_english_site = "../"
loveletter_french_site = ""


def _by_language(app: object, config: object) -> None:
    """In the French build (``-D language=fr``): the French pages only, from their index."""
    if getattr(config, "language", None) != "fr":
        return
    config.root_doc = "fr/index"  # type: ignore[attr-defined]
    english = [
        path.relative_to(HERE).as_posix()
        for path in sorted(HERE.rglob("*.md"))
        if path.relative_to(HERE).parts[0] not in ("fr", "_build")
    ]
    config.exclude_patterns = [*config.exclude_patterns, *english]  # type: ignore[attr-defined]


def setup(app: object) -> None:
    app.connect("config-inited", _by_language)  # type: ignore[attr-defined]
