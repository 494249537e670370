"""Regenerate the reference cards and the drawn cards of docs/_static/refcards/.

``python tools/make_refcards.py`` writes, from :mod:`loveletter.apps.refcard`, one HTML reference
card per edition and language (``2019-en.html``...) and the drawn cards of each edition
(``cards-2019-en.svg``...), then prints each reference card to PDF (``2019-en.pdf``...)
with headless Chromium where it is installed (``--no-pdf`` skips that). Run it after a
change to the editions' data, the cards' words or :mod:`loveletter.apps.refcard`;
``tests/apps/test_refcards.py`` checks the committed files are up to date.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from loveletter.apps.refcard import reference_files

REFCARDS = Path(__file__).resolve().parent.parent / "docs" / "_static" / "refcards"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_PAGE = re.compile(rb"/Type\s*/Page[^s]")


def chromium() -> str | None:
    """The path of a Chromium (or Chrome) program, or ``None`` where none is installed."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def print_pdf(html: Path, pdf: Path, program: str) -> None:
    """Print the page ``html`` to ``pdf`` with headless Chromium ``program``."""
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                program,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                f"--user-data-dir={profile}",
                f"--print-to-pdf={pdf}",
                "--no-pdf-header-footer",
                html.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def page_count(pdf: bytes) -> int:
    """How many pages the PDF has: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(_PAGE.findall(pdf))


def write(folder: Path = REFCARDS, pdf: bool = True) -> list[Path]:
    """Write every generated file into ``folder``, and the PDFs where Chromium is.

    Returns the paths written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in reference_files().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    program = chromium() if pdf else None
    if pdf and program is None:
        print("no Chromium found: the PDFs are not printed", file=sys.stderr)
    if program:
        for html in [path for path in written if path.suffix == ".html"]:
            out = html.with_suffix(".pdf")
            print_pdf(html, out, program)
            written.append(out)
    return written


def main(argv: list[str]) -> int:
    """Regenerate the files; report each PDF's page count."""
    for path in write(pdf="--no-pdf" not in argv):
        pages = f" ({page_count(path.read_bytes())} page(s))" if path.suffix == ".pdf" else ""
        print(f"{path.relative_to(REFCARDS.parent.parent.parent)}{pages}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
