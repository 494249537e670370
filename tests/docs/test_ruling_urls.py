"""ruling_url gives, for every ruling in both languages, the page that writes it up and
the anchor that page gives it (read from the docs' sources)."""

from __future__ import annotations

import re

import pytest
from testkit.project import ROOT

from loveletter.catalogue import HOUSE, RULINGS
from loveletter.refusals import ruling_url

FOLDERS = {"en": ROOT / "docs", "fr": ROOT / "docs"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_ruling_url_lands_on_the_page_that_writes_it_up(language: str) -> None:
    wrong = []
    for ruling_id in [*RULINGS, *HOUSE]:
        url = ruling_url(ruling_id, language, base="https://docs.example")
        page, anchor = url.removeprefix("https://docs.example/").split("#")
        source = ROOT / "docs" / page.replace(".html", ".md")
        text = source.read_text(encoding="utf-8") if source.is_file() else ""
        written = re.search(rf"^:::\{{ruling\}} {re.escape(ruling_id)}\s*$", text, re.M)
        expected = ruling_id.lower() if language == "en" else f"fr-{ruling_id.lower()}"
        if written is None or anchor != expected:
            wrong.append((ruling_id, url))
    assert wrong == []
