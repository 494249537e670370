"""The web table's screenshots in the docs, made again on demand.

``LOVELETTER_SCREENSHOTS=1 python -m pytest tests/apps/web/test_web_screens.py`` plays a
game against two bots in English and in French, at 1280 and 420 CSS pixels, and writes
each scene with the two languages side by side into ``docs/_static/``
(``web-table-SCENE-WIDTH.png``): the start, a move being chosen, a bot's move being
shown, a round's end, the game's end, "your tables", and a spectator's view; and the
refused move of ``web-table-refused.png``. ``LOVELETTER_SHOTS`` names another folder to
write them to instead. Without either, the module is skipped: the normal suite does not
pay for it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if not (os.environ.get("LOVELETTER_SCREENSHOTS") or os.environ.get("LOVELETTER_SHOTS")):
    pytest.skip(
        "the docs' screenshots are made on demand: LOVELETTER_SCREENSHOTS=1",
        allow_module_level=True,
    )

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="the web tests need httpx (the [web-test] extra)")
pytest.importorskip("selenium", reason="the browser tests need selenium (pip install selenium)")

import httpx
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from testkit import web_browser as wb
from testkit.project import ROOT
from testkit.web_server import running, seeded_app

if wb.CHROMIUM is None or wb.DRIVER is None:
    pytest.skip(
        "no headless browser: apt-get install chromium chromium-driver", allow_module_level=True
    )

from testkit.web_browser import held, js, options, over, paced, shown, updates, wait

WIDTHS = (wb.WIDE, wb.NARROW)
SCENES = ("start", "choosing", "bot-move", "round-end", "game-end", "your-tables", "spectator")
Shots = dict[str, dict[int, str]]


@pytest.fixture(scope="module")
def address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running(seeded_app(tmp_path_factory.mktemp("web") / "tables.sqlite3")) as found:
        yield f"http://{found}"


def both_widths(page: webdriver.Chrome, shots: Shots, scene: str) -> None:
    """The page as it is now, at each width (the wide one first, where it was)."""
    if scene in shots:
        return
    shots[scene] = {}
    for width in WIDTHS:
        wb.size_viewport(page, width)
        wait(lambda width=width: js(page, "return innerWidth") == width, "the width")
        shots[scene][width] = wb.screenshot(page)
    wb.size_viewport(page, wb.WIDE)


def choose_until(page: webdriver.Chrome, kind: str) -> bool:
    """Take the picker's first card whose move goes on to a step of ``kind`` (a Guard's
    guess), up to that step; whether there was one."""
    for card in page.find_elements(By.CSS_SELECTOR, "#options button[data-kind=card]"):
        if js(page, "return arguments[0].dataset.value", card) == '"Guard"':
            card.send_keys(Keys.ENTER)
            for _ in range(3):
                found = options(page)
                if found and found[0].get_attribute("data-kind") == kind:
                    return True
                if found:
                    found[0].send_keys(Keys.ENTER)
            return False
    return False


def play(address: str, language: str, refused: list[str]) -> Shots:
    """A game of Anna's against two bots, in ``language``: each scene, at each width."""
    shots: Shots = {}
    answer = httpx.post(
        f"{address}/api/tables",
        json={
            "players": ["Anna"],
            "bots": ["heuristic", "heuristic"],
            "target": 2,
            "language": language,
        },
        timeout=20,
    ).json()
    with wb.chromium() as page, wb.chromium() as watcher:
        watcher.get(paced(f"{address}{answer['spectator']['link']}"))
        page.get(paced(f"{address}{answer['seats']['Anna']['link']}"))
        wait(lambda: options(page), "Anna's turn")
        both_widths(page, shots, "start")
        wait(lambda: updates(watcher) >= 1, "the spectator's table")
        both_widths(watcher, shots, "spectator")
        if language == "en":  # a card Anna does not hold: refused
            cards = page.find_elements(By.CSS_SELECTOR, "#hand .card")
            hand = [card.get_attribute("data-card") for card in cards]
            missing = next(c for c in ("Princess", "Countess", "King") if c not in hand)
            js(
                page,
                "loveletterTable.send(JSON.stringify({state: loveletterTable.state(),"
                " command: {play: {player: 'Anna', card: arguments[0]}}}))",
                missing,
            )
            wait(lambda: shown(page, "#refusal"), "the refusal")
            refused.append(wb.screenshot(page))
        turns = 0
        while not over(page):
            wait(lambda: options(page) or held(page) is not None or over(page), "a turn")
            if held(page) is not None:
                both_widths(page, shots, "round-end")
                page.find_element(By.ID, "next-round").click()
                continue
            if over(page):
                break
            if "choosing" not in shots and choose_until(page, "guess"):
                both_widths(page, shots, "choosing")
            if "bot-move" not in shots:
                Select(page.find_element(By.ID, "pace")).select_by_value("2000")
            wb.make_a_move(page, by_hand=False, seen=lambda kind: None)
            if "bot-move" not in shots:
                wait(
                    lambda: (
                        page.find_elements(By.CSS_SELECTOR, ".seat.acting")
                        or js(page, "return loveletterTable.pending()") == 0
                    ),
                    "a bot's move",
                )
                if page.find_elements(By.CSS_SELECTOR, ".seat.acting .just-played"):
                    both_widths(page, shots, "bot-move")
                    Select(page.find_element(By.ID, "pace")).select_by_value("0")
            turns += 1
            assert turns < 100
        Select(page.find_element(By.ID, "pace")).select_by_value("0")
        wait(lambda: shown(page, "#new-game"), "the game's end")
        both_widths(page, shots, "game-end")
        page.get(paced(f"{address}{answer['spectator']['link']}"))  # Anna watches it too
        wait(lambda: updates(page) >= 1, "the watched table")
        another = httpx.post(  # and plays at another table, where it is her turn
            f"{address}/api/tables",
            json={"players": ["Anna", "Ben"], "bots": [], "target": 2, "language": language},
            timeout=20,
        ).json()
        page.get(paced(f"{address}{another['seats']['Anna']['link']}"))
        wait(lambda: updates(page) >= 1, "the other table")
        page.get(f"{address}/?lang={language}")
        wait(lambda: page.find_elements(By.CSS_SELECTOR, "#your-tables-list li"), "your tables")
        both_widths(page, shots, "your-tables")
    return shots


def test_the_docs_screenshots(address: str, tmp_path: Path) -> None:
    """Every scene in both languages at both widths, written where the docs show them."""
    folder = Path(os.environ.get("LOVELETTER_SHOTS") or ROOT / "docs" / "_static")
    folder.mkdir(parents=True, exist_ok=True)
    refused: list[str] = []
    games: dict[str, Any] = {lang: play(address, lang, refused) for lang in ("en", "fr")}
    missing = [(lang, scene) for lang in games for scene in SCENES if scene not in games[lang]]
    assert not missing, missing
    with wb.chromium() as page:
        for scene in SCENES:
            for width in WIDTHS:
                shown_width = 760 if width == wb.WIDE else width
                wb.side_by_side(
                    page,
                    [games["en"][scene][width], games["fr"][scene][width]],
                    folder / f"web-table-{scene}-{width}.png",
                    shown_width,
                    width,
                )
        wb.side_by_side(page, refused, folder / "web-table-refused.png", 1000, wb.WIDE)
    written = sorted(path.name for path in folder.glob("web-table-*.png"))
    print("\n".join(written))
