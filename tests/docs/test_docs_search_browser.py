"""A player's question, typed into the docs' own search box, finds the ruling itself.

The built sites (``docs_site``, ``french_site``: ``conftest.py``) are served on 127.0.0.1
and read in a real browser, Debian's headless Chromium driven by Selenium: the question is
typed into the search page's box, and the ruling's block (its anchor, on its page) must be
among the first three results, titled with the ruling's heading. The twelve questions of
issue 34, as players type them, and more; the French ones on the French site, whose index is
French. Skipped where selenium or chromium is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from testkit import docs_sites
from testkit.project import need_docs_extras

from loveletter.catalogue import HOUSE, RULINGS

need_docs_extras()
pytest.importorskip("selenium", reason="the browser tests need selenium (the web-test extra)")
if not (shutil.which("chromium") or shutil.which("chromium-browser")) or not shutil.which(
    "chromedriver"
):
    pytest.skip(
        "no headless browser: install Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

ENGLISH = {
    # the twelve questions of issue 34 (the French one is asked on the French site)
    "Prince yourself Princess": ["LL19-PRINCE-SELF"],
    "Prince empty deck": ["LL19-PRINCE-EMPTY-DECK"],
    "all protected Guard": ["LL19-TARGET-ALL-PROTECTED-NO-EFFECT"],
    "Chancellor one card": ["LL19-CHANCELLOR-ONE-CARD", "LL19-Q06"],
    "two Spies": ["LL19-SPY-BONUS-CANCEL", "LL19-SPY-BONUS-BOTH-ONE-TOKEN"],
    "Countess King": ["LL19-COUNTESS-FORCED"],
    "Baron tie": ["LL19-BARON-TIE"],
    "Guard name Guard": ["LL19-GUARD-NOT-GUARD"],
    "showdown tie classic": ["LLC-TIEBREAK-DISCARDS"],
    "shown by mistake": ["HOUSE-REMEDY-TAKE-BACK"],
    "joker": ["LL19-LABELS"],
    # and more
    "Handmaid how long": ["LL19-HANDMAID-DURATION"],
    "Guard name Spy": ["LL19-GUARD-NAME-SPY"],
    "King trade": ["LL19-KING-TRADE"],
    "Princess discard": ["LL19-PRINCESS-DISCARD-OUT", "LL19-PRINCE-PRINCESS"],
    "Countess Chancellor": ["LL19-CHANCELLOR-COUNTESS"],
    "redeal": ["HOUSE-REMEDY-REDEAL", "HOUSE-REMEDY-TOKENS-KEPT"],
    "13 tokens": ["LL19-Q03", "LL19-SETUP-TOKENS"],
}
"""Each question, and the rulings that answer it (one of them must come in the first three)."""

FRENCH = {
    "Prince soi-même Princesse": ["LL19-PRINCE-SELF"],
    "Prince pioche vide": ["LL19-PRINCE-EMPTY-DECK"],
    "tous protégés Garde": ["LL19-TARGET-ALL-PROTECTED-NO-EFFECT"],
    "Chancelier une carte": ["LL19-CHANCELLOR-ONE-CARD", "LL19-Q06"],
    "deux Espionnes": ["LL19-SPY-BONUS-CANCEL", "LL19-SPY-BONUS-BOTH-ONE-TOKEN"],
    "Comtesse Roi": ["LL19-COUNTESS-FORCED"],
    "Baron égalité": ["LL19-BARON-TIE"],
    "Garde nommer Garde": ["LL19-GUARD-NOT-GUARD"],
    "égalité classique": ["LLC-TIEBREAK-DISCARDS"],
    "Comtesse Prince": ["LL19-COUNTESS-FORCED"],
    "montrée par erreur": ["HOUSE-REMEDY-TAKE-BACK"],
    "joker": ["LL19-LABELS"],
    "Servante combien de temps": ["LL19-HANDMAID-DURATION"],
    "Roi échanger": ["LL19-KING-TRADE"],
    "Garde nommer Espionne": ["LL19-GUARD-NAME-SPY"],
    "nouvelle donne": ["HOUSE-REMEDY-REDEAL", "HOUSE-REMEDY-TOKENS-KEPT"],
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    page = docs_sites.chromium()
    try:
        yield page
    finally:
        page.quit()


@pytest.fixture(scope="module")
def english_search(docs_site: Path) -> Iterator[str]:
    with docs_sites.serving(docs_site) as address:
        yield f"{address}search.html"


@pytest.fixture(scope="module")
def french_search(french_site: Path) -> Iterator[str]:
    with docs_sites.serving(french_site) as address:
        yield f"{address}search.html"


def _found(results: list[tuple[str, str]], rulings: list[str], language: str) -> list[str]:
    """The rulings among ``results`` (their anchors), each checked to be titled with its
    heading in ``language``."""
    prefix = "fr-" if language == "fr" else ""
    found = []
    for link, title in results:
        _, _, anchor = link.partition("#")
        for ruling in rulings:
            if anchor == prefix + ruling.lower():
                record = RULINGS.get(ruling) or HOUSE[ruling]
                heading = record.heading_in(language).replace("'", "\u2019")
                assert title == f"{heading} ({ruling})", (link, title)
                found.append(ruling)
    return found


@pytest.mark.parametrize("question", list(ENGLISH))
def test_a_question_typed_in_the_search_box_finds_its_ruling(
    browser: Any, english_search: str, question: str
) -> None:
    results = docs_sites.search(browser, english_search, question)
    assert _found(results, ENGLISH[question], "en"), (question, results)
    assert not any(link.startswith("fr") for link, _ in results)  # the English index


@pytest.mark.parametrize("question", list(FRENCH))
def test_a_question_in_french_finds_its_ruling_on_the_french_site(
    browser: Any, french_search: str, question: str
) -> None:
    results = docs_sites.search(browser, french_search, question)
    assert _found(results, FRENCH[question], "fr"), (question, results)
    assert all(link.startswith("fr/") for link, _ in results)


def test_an_old_link_to_a_french_card_ruling_lands_on_its_card_page(
    browser: Any, french_search: str
) -> None:
    """The French cards were one page; a link to a ruling there still finds the ruling."""
    from selenium.webdriver.support.ui import WebDriverWait

    site = french_search.removesuffix("search.html")
    browser.get(f"{site}fr/regles/cartes.html#fr-ll19-baron-tie")
    WebDriverWait(browser, 20).until(lambda page: "cartes/baron.html" in page.current_url)
    assert browser.current_url.endswith("fr/regles/cartes/baron.html#fr-ll19-baron-tie")
    assert browser.find_element("id", "fr-ll19-baron-tie").is_displayed()


def test_the_language_switch_of_a_ruling_lands_on_the_same_ruling(
    browser: Any, english_search: str
) -> None:
    """Its "En français" link, then back with "In English": the same ruling each time."""
    from selenium.webdriver.common.by import By

    site = english_search.removesuffix("search.html")
    browser.get(f"{site}rulings/prince.html#ll19-prince-self")
    browser.find_element(By.CSS_SELECTOR, "#ll19-prince-self a.ruling-twin-fr").click()
    assert browser.current_url.endswith("#fr-ll19-prince-self")
    assert browser.find_element(By.ID, "fr-ll19-prince-self").is_displayed()
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    browser.find_element(By.CSS_SELECTOR, "#fr-ll19-prince-self a.ruling-twin-en").click()
    assert browser.current_url.endswith("rulings/prince.html#ll19-prince-self")


def test_a_french_question_on_the_english_site_is_one_click_from_its_ruling(
    browser: Any, english_search: str, french_site: Path
) -> None:
    """Each site's index is in its own language; its search page links to the same search
    on the other site, where "Comtesse Prince" finds the ruling."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    docs_sites.search(browser, english_search, "Comtesse Prince")
    browser.find_element(By.ID, "other-language-search").click()
    WebDriverWait(browser, 20).until(lambda page: "fr-site/search.html?q=" in page.current_url)

    def finished(page: Any) -> bool:
        summary = page.find_elements(By.CSS_SELECTOR, "#search-results p.search-summary")
        return bool(summary and summary[-1].text.strip())

    WebDriverWait(browser, 30).until(finished)
    links = browser.find_elements(By.CSS_SELECTOR, "#search-results ul.search li > a")
    found = [str(link.get_attribute("href")) for link in links[:3]]
    assert any(href.endswith("#fr-ll19-countess-forced") for href in found), found
