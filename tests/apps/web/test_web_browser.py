"""The web table in a real browser: headless Chromium pages play whole games.

The server runs on 127.0.0.1 in this process (uvicorn in a thread, with its connection
limits); Selenium drives Debian's ``chromium`` through ``chromedriver`` (nothing is
downloaded). Skipped, with the reason, where the ``[web]`` extra, Selenium, Chromium or
its driver is missing.

Screenshots of the start, of a round's end and of the game's end are written to the
folder ``LOVELETTER_SHOTS`` names (the test's own temporary folder by default); with
``LOVELETTER_SCREENSHOTS=1`` the ones the docs show are also written to ``docs/_static/``.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("selenium", reason="the browser tests need selenium (pip install selenium)")

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from testkit.project import ROOT
from testkit.web_server import running, seeded_app, wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "no headless browser: install Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

DOCS = ROOT / "docs" / "_static"
WIDTH, HEIGHT = 1000, 1250


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    app = seeded_app(tmp_path_factory.mktemp("web") / "tables.sqlite3")
    with running(app) as address:
        yield f"http://{address}"


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("LOVELETTER_SHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def chromium() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={WIDTH},{HEIGHT}")
    return webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))


@pytest.fixture(scope="module")
def browsers() -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    anna, ben = chromium(), chromium()
    try:
        yield anna, ben
    finally:
        anna.quit()
        ben.quit()


def wait(condition: Callable[[], Any], what: str, timeout: float = 20) -> Any:
    """What ``condition()`` returns once true; an element redrawn meanwhile: look again."""
    return wait_for(condition, what, timeout, retry=StaleElementReferenceException)


def updates(page: webdriver.Chrome) -> int:
    return int(page.execute_script("return Number(document.body.dataset.updates || 0)"))


def text(page: webdriver.Chrome, selector: str) -> str:
    found: str = page.find_element(By.CSS_SELECTOR, selector).text
    return found


def shown(page: webdriver.Chrome, selector: str) -> bool:
    return any(e.is_displayed() for e in page.find_elements(By.CSS_SELECTOR, selector))


def options(page: webdriver.Chrome) -> list[Any]:
    return [b for b in page.find_elements(By.CSS_SELECTOR, "#options button") if b.is_enabled()]


def over(page: webdriver.Chrome) -> bool:
    return bool(page.execute_script("return window.loveletterTable.over()"))


def refusal(page: webdriver.Chrome) -> dict[str, Any]:
    wait(lambda: shown(page, "#refusal"), "the refusal")
    found: dict[str, Any] = page.execute_script("return window.loveletterTable.lastRefusal")
    return found


def send(page: webdriver.Chrome, command: dict[str, Any]) -> None:
    """Send ``command`` as the page's seat, for the state the page shows."""
    page.execute_script(
        "const state = loveletterTable.state();"
        "loveletterTable.send(JSON.stringify({state, command: arguments[0]}))",
        command,
    )


def make_a_move(page: webdriver.Chrome, *, by_hand: bool, seen: dict[str, str]) -> list[str]:
    """Make a move through the picker, step by step, with the keyboard; the steps' names.

    Its first step is the card in the hand (``by_hand``) or the picker's first choice;
    then the picker's first choice at each step, until the move is sent. The first time
    the picker asks for a named card, a screenshot goes into ``seen``.
    """
    before = updates(page)
    steps: list[str] = []
    deadline = time.monotonic() + 20
    while updates(page) == before:
        assert time.monotonic() < deadline, f"no answer to the move {steps}"
        try:
            hand = page.find_elements(By.CSS_SELECTOR, "#hand button.card")
            choice = hand[0] if by_hand and hand and not steps else next(iter(options(page)), None)
            if choice is None:
                time.sleep(0.03)  # sent: the answer is coming
                continue
            if "guess" not in seen and choice.get_attribute("data-kind") == "guess":
                seen["guess"] = page.get_screenshot_as_base64()
            steps.append(choice.get_attribute("aria-label") or choice.text)
            choice.send_keys(Keys.ENTER)
        except StaleElementReferenceException:
            continue
    return steps


def side_by_side(page: webdriver.Chrome, shots: list[str], path: Path, folder: Path) -> None:
    """Compose screenshots (base64 PNG) side by side in the browser itself, and save it."""
    images = "".join(
        f'<img src="data:image/png;base64,{shot}" width="{100 // len(shots)}%">' for shot in shots
    )
    html = folder / f"{path.stem}.html"
    html.write_text(f'<body style="margin:0;display:flex;gap:6px;background:#444">{images}</body>')
    page.set_window_size(WIDTH * len(shots), HEIGHT)
    page.get(html.as_uri())
    page.save_screenshot(str(path))
    page.set_window_size(WIDTH, HEIGHT)


def save(page: webdriver.Chrome, shots: list[str], name: str, folder: Path, tmp: Path) -> None:
    """Save a screenshot in ``folder``, and in the docs if asked (LOVELETTER_SCREENSHOTS)."""
    side_by_side(page, shots, folder / name, tmp)
    if os.environ.get("LOVELETTER_SCREENSHOTS"):
        shutil.copy(folder / name, DOCS / name)


def create(
    page: webdriver.Chrome, server: str, language: str, players: str, bots: int
) -> dict[str, str]:
    """Create a table in the page; each person's link."""
    page.get(f"{server}/?lang={language}")
    wait(lambda: page.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the bots offered")
    page.find_element(By.ID, "players").clear()
    page.find_element(By.ID, "players").send_keys(players)
    heuristic = page.find_element(By.CSS_SELECTOR, '#bot-counts input[data-spec="heuristic"]')
    heuristic.clear()
    heuristic.send_keys(str(bots))
    page.find_element(By.ID, "target").send_keys("3")  # two rounds at least
    page.find_element(By.CSS_SELECTOR, "#create-form button").send_keys(Keys.ENTER)
    links = wait(lambda: page.find_elements(By.CSS_SELECTOR, "#links a"), "the links")
    return {link.get_attribute("data-seat"): link.get_attribute("href") for link in links}


def test_two_people_and_a_bot_play_a_whole_game(
    server: str,
    browsers: tuple[webdriver.Chrome, webdriver.Chrome],
    shots: Path,
    tmp_path: Path,
) -> None:
    """Create a table in the page and play it to the end through the move picker, with
    the keyboard: Anna in English, Ben in French, and a bot. On the way: a refused
    move, a command for another seat (refused), a reload, a dropped connection, each
    round's end shown before the next deal, and the game's end with a new game."""
    anna, ben = browsers
    hrefs = create(anna, server, "en", "Anna, Ben", 1)
    assert set(hrefs) == {"Anna", "Ben"}
    assert all("&lang=en#token=" in href for href in hrefs.values())
    assert text(anna, "#links button[data-copy]") == "Copy"
    anna.get(hrefs["Anna"])
    ben.get(hrefs["Ben"])
    for page in (anna, ben):
        wait(lambda page=page: updates(page) >= 1, "the welcome")
    Select(ben.find_element(By.ID, "language")).select_by_value("fr")  # Ben reads French
    wait(lambda: "Manche" in text(ben, "#status"), "the French page")
    assert "lang=fr" in ben.current_url
    assert text(ben, "#hand-title") == "Votre main"
    anna_cards = anna.find_elements(By.CSS_SELECTOR, "#hand .card")
    assert anna_cards
    assert all(card.find_element(By.CSS_SELECTOR, ".effect").text for card in anna_cards)
    # A person to act: the bot's first turn, if it had one, is over and drawn on both pages.
    wait(lambda: any(options(page) for page in (anna, ben)), "a person to act")
    for page, one in ((anna, "1 card"), (ben, "1 carte")):  # a seat not to act holds one
        waiting = wait(
            lambda page=page: page.find_elements(
                By.CSS_SELECTOR, ".seat:not(.to-act):not(.out) .seat-cards"
            ),
            "a seat not to act, still in the round",
        )
        assert waiting[0].get_attribute("aria-label") == one
        assert len(waiting[0].find_elements(By.CSS_SELECTOR, ".card.back")) == 1  # face down
    assert "Heuristic bot" in text(anna, "#other-seats")
    start = [anna.get_screenshot_as_base64(), ben.get_screenshot_as_base64()]

    # Ben writes a command for Anna: refused before the referee looks at it.
    send(ben, {"play": {"player": "Anna", "card": "Princess"}})
    forged = refusal(ben)
    assert forged == {
        "type": "refused",
        "error": "forbidden",
        "message": "Ben may send only Ben's commands, not Anna's",
    }
    assert text(ben, "#refusal") == "Refusé : vous ne pouvez envoyer que vos propres coups, Ben"

    played, refused, reloaded, dropped, rounds_seen = 0, False, False, False, 0
    round_shot: list[str] = []
    picker: dict[str, str] = {}
    while True:
        for page in (anna, ben):
            if shown(page, "#next-round"):  # a round's end, shown before the next deal
                assert text(page, "#round-end-title")
                assert page.find_elements(By.CSS_SELECTOR, "#round-told li")
                assert page.find_elements(By.CSS_SELECTOR, "#round-set-aside .card")
                # the status line and the move panel say the round is over, until Next round
                assert text(page, "#status") == text(page, "#round-end-title")
                assert text(page, "#next-round") in text(page, "#options")
                if not round_shot:
                    round_shot = [page.get_screenshot_as_base64()]
                rounds_seen += 1
                page.find_element(By.ID, "next-round").send_keys(Keys.ENTER)
        if over(anna) and over(ben):
            break
        page = wait(
            lambda: (
                next((p for p in (anna, ben) if options(p) and not shown(p, "#next-round")), None)
                or next((p for p in (anna, ben) if shown(p, "#next-round")), None)
                or (over(anna) and over(ben) and anna)
            ),
            "someone to act",
        )
        if shown(page, "#next-round") or over(page):
            continue
        marker = anna if page is ben else ben  # the other page marks whose turn it is
        name = "Ben" if page is ben else "Anna"
        wait(
            lambda marker=marker, name=name: marker.find_elements(
                By.CSS_SELECTOR, f'.seat.to-act[data-player="{name}"] .marker'
            ),
            "the acting player's marker",
        )
        if not refused and page is anna:  # a card Anna does not hold: the referee refuses
            held = [
                c.get_attribute("data-card")
                for c in anna.find_elements(By.CSS_SELECTOR, "#hand .card")
            ]
            missing = next(c for c in ("Princess", "Countess", "King", "Baron") if c not in held)
            send(anna, {"play": {"player": "Anna", "card": missing}})
            answer = refusal(anna)
            assert answer["error"] == "illegal"
            assert answer["refusal"]["reason"] == "CARD_NOT_IN_HAND"
            assert missing in text(anna, "#refusal")
            refused_shot = anna.get_screenshot_as_base64()
            refused = True
        if played == 2 and not reloaded:  # mid-game: Ben reloads his page
            held = [
                c.get_attribute("data-card")
                for c in ben.find_elements(By.CSS_SELECTOR, "#hand .card")
            ]
            ben.refresh()
            wait(lambda: updates(ben) >= 1 and "Manche" in text(ben, "#status"), "Ben's view again")
            assert [
                c.get_attribute("data-card")
                for c in ben.find_elements(By.CSS_SELECTOR, "#hand .card")
            ] == held
            reloaded = True
            continue
        if played == 1 and not dropped:  # the connection drops: the page reconnects
            before = updates(anna)
            anna.execute_script("loveletterTable.drop()")
            wait(lambda before=before: updates(anna) > before, "Anna's view after reconnecting")
            dropped = True
            continue
        make_a_move(page, by_hand=played % 2 == 0, seen=picker)
        played += 1
        assert played < 200
    assert refused
    assert reloaded
    assert dropped
    assert rounds_seen >= 2, text(anna, "#narration")  # each page saw the first round's end
    for page in (anna, ben):
        wait(lambda page=page: shown(page, "#new-game"), "the game's end")
    assert text(anna, "#round-end-title").startswith("Game over:")
    assert text(ben, "#round-end-title").startswith("Partie finie")
    assert "Game over" in text(anna, "#status")
    log = anna.find_element(By.ID, "narration")
    assert (
        float(log.value_of_css_property("padding-left").removesuffix("px")) >= 40
    )  # room for 100.
    end = [anna.get_screenshot_as_base64(), ben.get_screenshot_as_base64()]
    print(f"{played} moves by people, {rounds_seen} round ends seen; {text(anna, '#status')}")
    save(anna, start, "web-table.png", shots, tmp_path)
    save(anna, round_shot, "web-table-round-end.png", shots, tmp_path)
    save(anna, end, "web-table-game-end.png", shots, tmp_path)
    save(anna, [refused_shot], "web-table-refused.png", shots, tmp_path)
    if picker:  # a Guard was played: the picker asked for the card to name
        save(anna, [picker["guess"]], "web-table-picker.png", shots, tmp_path)

    # A new game: the form again, with the same people and bots.
    anna.get(hrefs["Anna"])
    wait(lambda: shown(anna, "#new-game"), "the game's end again")
    anna.find_element(By.ID, "new-game").send_keys(Keys.ENTER)
    wait(lambda: shown(anna, "#create"), "the form")
    assert anna.find_element(By.ID, "players").get_attribute("value") == "Anna, Ben"
    wait(
        lambda: (
            anna.find_element(
                By.CSS_SELECTOR, '#bot-counts input[data-spec="heuristic"]'
            ).get_attribute("value")
            == "1"
        ),
        "the bots of the last game",
    )


def test_a_table_set_up_in_french_names_its_bots_and_links_in_french(
    server: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """In French, the form offers its bots in French, the links say so and keep the
    language, and the bots' seats have French names."""
    anna, _ = browsers
    anna.get(f"{server}/?lang=fr")
    wait(lambda: anna.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the bots offered")
    assert text(anna, '#bot-counts [data-bot="heuristic"]') == "heuristique"
    assert text(anna, '#bot-counts [data-bot="random"]') == "aléatoire"
    hrefs = create(anna, server, "fr", "Anna", 2)
    assert text(anna, "#links a") == "Jouer en tant que Anna"
    assert text(anna, "#links button[data-copy]") == "Copier"
    assert "&lang=fr#token=" in hrefs["Anna"]
    anna.get(hrefs["Anna"])
    wait(lambda: "Manche" in text(anna, "#status"), "the French table")
    seats = text(anna, "#other-seats")
    assert "Robot heuristique 1" in seats
    assert "Robot heuristique 2" in seats
    assert (
        json.loads(anna.execute_script("return JSON.stringify(document.documentElement.lang)"))
        == "fr"
    )


def test_a_link_with_a_wrong_token_says_so(
    server: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """A link whose token is wrong opens no seat, and the page says why."""
    anna, _ = browsers
    anna.get(f"{server}/?table=nope&seat=Anna&lang=en#token=guess")
    wait(lambda: "not valid" in text(anna, "#status"), "the refusal of the link")
    assert not anna.find_elements(By.CSS_SELECTOR, "#hand .card")
