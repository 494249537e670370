"""The distributions: what the sdist and the wheel hold, built here, offline.

The module builds the sdist, then the wheel from the sdist (as ``python -m build`` does and
as pip does from an index), once, into a temporary folder, with no network: ``build`` runs
without isolation, with the ``hatchling`` of the test extra. The sdist must hold all the
test suite needs to pass from an unpacked archive; the wheel, the package with its data
(``py.typed``, the ruling catalogue, the JSON schemas), the licence and the metadata.
"""

from __future__ import annotations

import email
import email.message
import importlib.util
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from testkit.project import ROOT

import loveletter

DIST = "loveletter_referee"
CATALOGUE = ("loveletter/catalogue/RULINGS.md", "loveletter/catalogue/HOUSE.md")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel built from this project: ``(sdist, wheel)``."""
    for module in ("build", "hatchling"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (the test extra has it): no offline build")
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, f"the build failed:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


@pytest.fixture(scope="module")
def sdist_files(built: tuple[Path, Path]) -> dict[str, bytes]:
    """The sdist's files, by their path inside the project folder."""
    found: dict[str, bytes] = {}
    with tarfile.open(built[0]) as archive:
        for member in archive.getmembers():
            if member.isfile():
                content = archive.extractfile(member)
                assert content is not None
                found[member.name.split("/", 1)[1]] = content.read()
    return found


@pytest.fixture(scope="module")
def wheel_files(built: tuple[Path, Path]) -> dict[str, bytes]:
    """The wheel's files, by their path."""
    with zipfile.ZipFile(built[1]) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture(scope="module")
def metadata(wheel_files: dict[str, bytes]) -> email.message.Message:
    """The wheel's core metadata (``METADATA``)."""
    (name,) = [name for name in wheel_files if name.endswith(".dist-info/METADATA")]
    return email.message_from_bytes(wheel_files[name])


def test_both_are_named_after_the_distribution_and_the_version(built: tuple[Path, Path]) -> None:
    """The file names carry the distribution's name and ``loveletter.__version__``."""
    sdist, wheel = built
    assert sdist.name == f"{DIST}-{loveletter.__version__}.tar.gz"
    assert wheel.name == f"{DIST}-{loveletter.__version__}-py3-none-any.whl"


def test_the_sdist_holds_what_the_tests_need(sdist_files: dict[str, bytes]) -> None:
    """The sdist holds the licence, the package with its data, and all the test suite reads:
    the tests, the docs, the examples, the root ``conftest.py`` and ``.ci/run``."""
    for path in (
        "LICENSE",
        "README.md",
        "CHANGELOG.md",
        "DEVELOPERS.md",
        "pyproject.toml",
        "conftest.py",
        ".ci/run",
        "loveletter/py.typed",
        *CATALOGUE,
        "tests/testkit/project.py",
        "docs/conf.py",
        "docs/stability.md",
    ):
        assert path in sdist_files, f"{path} is not in the sdist"
    for folder in ("tests", "examples", "docs"):
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.is_file() and path.suffix in (".py", ".md", ".json", ".jsonl"):
                if "_build" in path.parts or "__pycache__" in path.parts:
                    continue
                assert relative in sdist_files, f"{relative} is not in the sdist"


def test_the_sdist_leaves_out_what_is_built(sdist_files: dict[str, bytes]) -> None:
    """No virtual environment, built docs or bytecode in the sdist."""
    unwanted = [
        path
        for path in sdist_files
        if path.startswith((".venv/", "docs/_build/", "dist/"))
        or "__pycache__" in path
        or path.endswith(".pyc")
    ]
    assert unwanted == []


def test_the_wheel_holds_the_package_and_its_data(wheel_files: dict[str, bytes]) -> None:
    """The wheel holds the typed package, the catalogue as the project has it, the schemas,
    and the licence; no tests, no docs."""
    assert "loveletter/py.typed" in wheel_files
    for path in CATALOGUE:
        assert wheel_files[path] == (ROOT / path).read_bytes(), f"{path} in the wheel"
    schemas = [name for name in wheel_files if name.startswith("loveletter/schemas/")]
    assert schemas, "the JSON schemas are not in the wheel"
    licences = [name for name in wheel_files if name.endswith(".dist-info/licenses/LICENSE")]
    assert licences, "the licence is not in the wheel"
    assert wheel_files[licences[0]] == (ROOT / "LICENSE").read_bytes()
    assert all(name.startswith(("loveletter/", f"{DIST}-")) for name in wheel_files)


def test_the_metadata(metadata: email.message.Message) -> None:
    """Name, version, licence, Python, the README as the description, and the links."""
    assert metadata["Name"] == "loveletter-referee"
    assert metadata["Version"] == loveletter.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload().strip() == (ROOT / "README.md").read_text("utf-8").strip()
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert {"Documentation", "Repository"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())


def test_the_licence_names_the_authors_of_the_metadata(metadata: email.message.Message) -> None:
    """``LICENSE`` is the MIT licence, held by the authors the metadata names."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert metadata["Author"] in text
