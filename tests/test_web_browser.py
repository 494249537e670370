"""The web table in a real browser: two headless Chromium pages play a whole game.

The server runs on 127.0.0.1 in this process (uvicorn in a thread); Selenium drives
Debian's ``chromium`` through ``chromedriver`` (nothing is downloaded). Skipped, with the
reason, where the ``[web]`` extra, Selenium, Chromium or its driver is missing. With
``LOVELETTER_SCREENSHOTS=1`` the screenshots are written to ``docs/_static/``.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("selenium", reason="the browser tests need selenium (pip install selenium)")

import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from support import ROOT

from loveletter.web.app import create_app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip(
        "no headless browser: install Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

SHOTS = ROOT / "docs" / "_static"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    app = create_app(tmp_path_factory.mktemp("web") / "tables.sqlite3")
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=16384
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


def chromium() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size=820,1100")
    return webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))


@pytest.fixture(scope="module")
def browsers() -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    anna, ben = chromium(), chromium()
    try:
        yield anna, ben
    finally:
        anna.quit()
        ben.quit()


def wait(condition: Callable[[], Any], what: str, timeout: float = 10) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = condition()
        if result:
            return result
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.03)


def updates(page: webdriver.Chrome) -> int:
    return int(page.execute_script("return Number(document.body.dataset.updates || 0)"))


def status(page: webdriver.Chrome) -> str:
    text: str = page.find_element(By.ID, "status").text
    return text


def hand(page: webdriver.Chrome) -> list[str]:
    return [card.text for card in page.find_elements(By.CSS_SELECTOR, "#hand li")]


def moves(page: webdriver.Chrome) -> list[Any]:
    return [b for b in page.find_elements(By.CSS_SELECTOR, "#moves button") if b.is_enabled()]


def over(page: webdriver.Chrome) -> bool:
    text = status(page)
    return "Game over" in text or "Partie finie" in text


def refusal(page: webdriver.Chrome) -> dict[str, Any]:
    box = page.find_element(By.ID, "refusal")
    wait(box.is_displayed, "the refusal")
    found: dict[str, Any] = page.execute_script("return window.loveletterTable.lastRefusal")
    return found


def side_by_side(page: webdriver.Chrome, shots: list[str], path: Path, folder: Path) -> None:
    """Compose screenshots (base64 PNG) side by side in the browser itself, and save it."""
    images = "".join(
        f'<img src="data:image/png;base64,{shot}" style="width:{100 // len(shots)}%">'
        for shot in shots
    )
    html = folder / f"{path.stem}.html"
    html.write_text(f'<body style="margin:0;display:flex;gap:6px;background:#444">{images}</body>')
    page.set_window_size(820 * len(shots), 1100)
    page.get(html.as_uri())
    page.save_screenshot(str(path))


def test_two_people_and_a_bot_play_a_whole_game(
    server: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome], tmp_path: Path
) -> None:
    """Create a table in the page, play it to the end with the keyboard, with a refused
    move, a command for another seat (refused), a reload and a dropped connection."""
    anna, ben = browsers
    folder = SHOTS if os.environ.get("LOVELETTER_SCREENSHOTS") else tmp_path
    anna.get(f"{server}/?lang=en")
    anna.find_element(By.ID, "players").clear()
    anna.find_element(By.ID, "players").send_keys("Anna, Ben")
    Select(anna.find_element(By.ID, "bots")).select_by_value("heuristic")
    anna.find_element(By.ID, "target").send_keys("3")
    anna.find_element(By.CSS_SELECTOR, "#create-form button").send_keys(Keys.ENTER)
    links = wait(lambda: anna.find_elements(By.CSS_SELECTOR, "#links a"), "the links")
    hrefs = {link.get_attribute("data-seat"): link.get_attribute("href") for link in links}
    assert set(hrefs) == {"Anna", "Ben"}
    anna.get(hrefs["Anna"])
    ben.get(hrefs["Ben"])
    for page in (anna, ben):
        wait(lambda page=page: updates(page) >= 1, "the welcome")
    Select(ben.find_element(By.ID, "language")).select_by_value("fr")  # Ben reads French
    wait(lambda: "Manche" in status(ben), "the French page")
    assert ben.find_element(By.ID, "hand-title").text == "Votre main"

    # Ben writes a command for Anna: refused before the referee looks at it.
    ben.execute_script(
        "loveletterTable.send(arguments[0])",
        json.dumps({"play": {"player": "Anna", "card": "Princess"}}),
    )
    forged = refusal(ben)
    assert forged == {
        "type": "refused",
        "error": "forbidden",
        "message": "Ben may only send their own commands",
    }
    print("impersonation refused:", json.dumps(forged))
    shown = ben.find_element(By.ID, "refusal").text
    assert shown == "Refusé : vous ne pouvez envoyer que vos propres coups, Ben", shown

    played, refused, reloaded, dropped = 0, False, False, False
    while not (over(anna) and over(ben)):
        page = wait(
            lambda: (
                next((p for p in (anna, ben) if moves(p)), None)
                or (over(anna) and over(ben) and "over")
            ),
            "someone to act",
        )
        if page == "over":
            break
        name = "Anna" if page is anna else "Ben"
        if not refused and page is anna:  # a card Anna does not hold: the referee refuses
            missing = next(
                c for c in ("Princess", "Countess", "King", "Baron") if c not in hand(anna)
            )
            anna.execute_script(
                "loveletterTable.send(arguments[0])",
                json.dumps({"play": {"player": "Anna", "card": missing}}),
            )
            answer = refusal(anna)
            assert answer["error"] == "illegal"
            assert answer["refusal"]["reason"] == "CARD_NOT_IN_HAND"
            assert answer["message"] == f"Your {missing}: you do not hold a {missing}"
            assert missing in anna.find_element(By.ID, "refusal").text
            refused_shot = anna.get_screenshot_as_base64()
            refused = True
        # A game to 3 tokens has 3 rounds, each with a move by a person: 3 moves at least.
        if played == 2 and not reloaded:  # mid-game: both seats, then Ben reloads his page
            middle = [anna.get_screenshot_as_base64(), ben.get_screenshot_as_base64()]
            held = hand(ben)
            ben.refresh()
            wait(lambda: updates(ben) >= 1 and "Manche" in status(ben), "Ben's view again")
            assert hand(ben) == held
            reloaded = True
            continue
        if played == 1 and not dropped:  # the connection drops: the page reconnects
            before = updates(anna)
            anna.execute_script("loveletterTable.drop()")
            wait(lambda before=before: updates(anna) > before, "Anna's view after reconnecting")
            dropped = True
            continue
        before = updates(page)
        moves(page)[0].send_keys(Keys.ENTER)  # the keyboard plays
        wait(
            lambda page=page, before=before: updates(page) > before, f"{name}'s move to be answered"
        )
        played += 1
        assert played < 200
    assert refused
    assert reloaded
    assert dropped
    winners = status(anna)
    assert "Game over" in winners
    assert len(anna.find_elements(By.CSS_SELECTOR, "#seats tbody tr")) == 3
    assert anna.find_elements(By.CSS_SELECTOR, "#narration li")
    assert ben.find_element(By.ID, "narration").get_attribute("aria-live") == "polite"
    print(f"{played} moves by people; {winners}")
    side_by_side(anna, middle, folder / "web-table.png", tmp_path)
    side_by_side(anna, [refused_shot], folder / "web-table-refused.png", tmp_path)


def test_a_link_with_a_wrong_token_says_so(
    server: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """A link whose token is wrong opens no seat, and the page says why."""
    anna, _ = browsers
    anna.set_window_size(820, 1100)
    anna.get(f"{server}/?table=nope&seat=Anna&lang=en#token=guess")
    wait(lambda: "not valid" in status(anna), "the refusal of the link")
    assert not anna.find_elements(By.CSS_SELECTOR, "#hand li")
