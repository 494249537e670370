"""What the web table's browser tests share: Chromium, waits, the board as a page draws
it, the board as the referee says it was, axe-core, and screenshots.

It imports Selenium and the ``[web]`` extra: ``tests/apps/web/test_web_browser.py`` and
``test_web_screens.py`` import it only after they have skipped themselves where the
``[web]`` extra, Selenium, Chromium or its driver is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from loveletter.apps.web.store import Store
from loveletter.events import RoundEnded
from loveletter.referee import Game
from loveletter.serialization import log_from_json, to_data
from loveletter.views import view_for
from testkit.web_server import wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
WIDE, NARROW, HEIGHT = 1280, 420, 900
AXE_VERSION = "4.10.3"
"""The axe-core the accessibility checks run: from the npm registry, at test time."""

FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextmanager
def chromium(width: int = WIDE, height: int = HEIGHT) -> Iterator[webdriver.Chrome]:
    """A headless Chromium of its own profile (a fresh folder), quit at the end."""
    with tempfile.TemporaryDirectory(prefix="loveletter-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={width},{height}")
        page = webdriver.Chrome(options=options, service=Service(executable_path=str(DRIVER)))
        try:
            size_viewport(page, width, height)
            yield page
        finally:
            page.quit()


def size_viewport(page: webdriver.Chrome, width: int, height: int = HEIGHT) -> None:
    """Make the page's viewport (not the window) ``width`` by ``height`` CSS pixels."""
    page.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def wait(condition: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    """What ``condition()`` returns once true; an element redrawn meanwhile: look again."""
    return wait_for(condition, what, timeout, retry=StaleElementReferenceException)


def js(page: webdriver.Chrome, script: str, *arguments: Any) -> Any:
    return page.execute_script(script, *arguments)


def updates(page: webdriver.Chrome) -> int:
    return int(js(page, "return Number(document.body.dataset.updates || 0)"))


def text(page: webdriver.Chrome, selector: str) -> str:
    found: str = page.find_element(By.CSS_SELECTOR, selector).text
    return found


def shown(page: webdriver.Chrome, selector: str) -> bool:
    return any(e.is_displayed() for e in page.find_elements(By.CSS_SELECTOR, selector))


def options(page: webdriver.Chrome) -> list[Any]:
    """The picker's choices of a move (not the button that goes on after a round's end)."""
    found = page.find_elements(By.CSS_SELECTOR, "#options button:not(#go-on)")
    return [b for b in found if b.is_enabled()]


def over(page: webdriver.Chrome) -> bool:
    return bool(js(page, "return window.loveletterTable.over()"))


def held(page: webdriver.Chrome) -> int | None:
    """The round whose end the page holds, before the next deal (or ``None``)."""
    found = js(page, "return window.loveletterTable.held()")
    return None if found is None else int(found)


def paced(link: str, pace: int = 0, count: int = 0) -> str:
    """A seat's link with the page's pace and round-end count set (0: none, for tests)."""
    address, _, fragment = link.partition("#")
    return f"{address}&pace={pace}&count={count}#{fragment}"


def make_a_move(page: webdriver.Chrome, *, by_hand: bool, seen: Callable[[str], None]) -> list[str]:
    """Make a move through the picker, step by step, with the keyboard; the steps' names.

    Its first step is the card in the hand (``by_hand``) or the picker's first choice;
    then the picker's first choice at each step, until the move is sent. Each step after
    the first finds the keyboard's focus on the picker's first choice already, as a person
    using the keyboard does. ``seen(kind)`` is called before each step is taken.
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
            if steps and updates(page) == before:  # the focus is on the next choice
                focused = page.switch_to.active_element
                assert focused == choice, focused.get_attribute("outerHTML")[:300]
            seen(choice.get_attribute("data-kind") or "card")
            steps.append(choice.get_attribute("aria-label") or choice.text)
            choice.send_keys(Keys.ENTER)
        except StaleElementReferenceException:
            continue
    return steps


# -- the board: as drawn, and as the referee had it ----------------------------------------

DRAWN = """
const seats = {};
const read = (panel, discards) => ({
  out: panel.dataset.out === "true", protected: panel.dataset.protected === "true",
  hand_size: Number(panel.dataset.handSize),
  tokens: Number(panel.querySelector(".tokens").dataset.tokens),
  discards: [...discards.querySelectorAll(".card[data-card]")].map((c) => c.dataset.card),
});
for (const panel of document.querySelectorAll("#other-seats .seat")) {
  seats[panel.dataset.player] = read(panel, panel.querySelector(".discards"));
}
const me = document.querySelector("#my-seat");
if (me.dataset.player && !document.querySelector("#controls").hidden) {
  seats[me.dataset.player] = read(me, document.querySelector("#my-discards"));
  const hand = [...document.querySelectorAll("#hand .card")];
  seats[me.dataset.player].hand = hand.map((c) => c.dataset.card);
}
const shownHands = {};
for (const panel of document.querySelectorAll("#other-seats .seat")) {
  const card = panel.querySelector(".seat-cards .card[data-card]");
  if (card) shownHands[panel.dataset.player] = card.dataset.card;
}
return { seats, pile: Number(document.querySelector("#pile figcaption").dataset.size),
  set_aside: (document.querySelector("#set-aside .card[data-card]") || {dataset: {}})
    .dataset.card || null,
  shown_hands: shownHands, round_end: document.querySelector("#round-end-title").textContent };
"""


def drawn(page: webdriver.Chrome) -> dict[str, Any]:
    """The board as the page draws it: each seat, the pile, the set-aside card."""
    found: dict[str, Any] = js(page, DRAWN)
    return found


def round_ends(database: Path, table_id: str, viewer: str | None) -> dict[int, dict[str, Any]]:
    """Each round's end of the stored table, as the referee had it, seen by ``viewer``.

    The game is replayed from the store's log, command by command; the board after the
    command whose events hold a round's end is that round's end, in the shape ``drawn``
    reads from a page.
    """
    stored = Store(str(database)).load(table_id)
    assert stored is not None, table_id
    setup, commands = log_from_json(stored[0])
    game = Game(setup)
    ends: dict[int, dict[str, Any]] = {}
    for command in commands:
        events = game.apply(command)
        for event in events:
            if isinstance(event, RoundEnded):
                view = to_data(view_for(game.state, viewer))["view"]
                seats = {}
                for seat in view["seats"]:
                    seats[seat["player"]] = {
                        "out": seat["out"],
                        "protected": seat["protected"],
                        "hand_size": seat["hand_size"],
                        "tokens": seat["tokens"],
                        "discards": list(seat["discards"]),
                    }
                    if seat["player"] == viewer:
                        seats[viewer]["hand"] = list(seat["hand"])
                hands = {player: str(card) for player, card in event.hands if player != viewer}
                ends[event.round_number] = {
                    "seats": seats,
                    "pile": view["draw_pile_size"],
                    "set_aside": None if event.set_aside is None else str(event.set_aside),
                    "shown_hands": hands,
                }
    return ends


# -- axe-core --------------------------------------------------------------------------------


def axe_script() -> str | None:
    """axe-core's script: ``LOVELETTER_AXE`` names it, or npm fetches it once into a cache
    folder; ``None`` where there is no npm."""
    named = os.environ.get("LOVELETTER_AXE")
    if named:
        return Path(named).read_text(encoding="utf-8")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = cache / "loveletter-tests" / f"axe-core-{AXE_VERSION}"
    script = folder / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            return None
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(folder),
                "--no-save",
                "--no-audit",
                "--no-fund",
                f"axe-core@{AXE_VERSION}",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert done.returncode == 0, f"npm could not install axe-core: {done.stderr}"
    return script.read_text(encoding="utf-8")


AXE_RUN = """
const done = arguments[arguments.length - 1];
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
axe.run(document, { runOnly: { type: "tag", values: tags } })
  .then((found) => done(JSON.stringify(found.violations)))
  .catch((error) => done(JSON.stringify(
    [{ id: "axe failed", impact: "critical", help: String(error), nodes: [] }])));
"""


def axe(page: webdriver.Chrome, script: str) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds in the page as it is now (WCAG
    2.1 A and AA rules, colour contrast included)."""
    if not js(page, "return typeof window.axe !== 'undefined'"):
        js(page, script)
    result = page.execute_async_script(AXE_RUN)
    violations: list[dict[str, Any]] = json.loads(result)
    return [v for v in violations if v.get("impact") in ("serious", "critical")]


SMALL_TEXT = """
const floor = arguments[0];
const small = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const box = node.parentElement;
  if (!node.textContent.trim() || !box || !box.getClientRects().length) continue;
  if (box.closest("[hidden], [aria-hidden=true], .visually-hidden")) continue;
  const size = parseFloat(getComputedStyle(box).fontSize);
  if (size < floor) small.push(`${size}px: ${box.outerHTML.slice(0, 100)}`);
}
return small;
"""


def small_text(page: webdriver.Chrome, floor: float = 11) -> list[str]:
    """The page's visible texts smaller than ``floor`` CSS pixels."""
    found: list[str] = js(page, SMALL_TEXT, floor)
    return found


def explained(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(node.get("html", "")[:120] for node in v.get("nodes", [])[:3])
        for v in violations
    )


# -- screenshots -----------------------------------------------------------------------------


def screenshot(page: webdriver.Chrome) -> str:
    """The page as it is (base64 PNG)."""
    shot: str = page.get_screenshot_as_base64()
    return shot


def side_by_side(
    page: webdriver.Chrome, shots: list[str], path: Path, width: int, original: int
) -> None:
    """Compose screenshots (base64 PNG, each ``original`` pixels wide) side by side in the
    browser itself, each ``width`` pixels wide, and save it."""
    images = "".join(
        f'<img src="data:image/png;base64,{shot}" style="width:{width}px">' for shot in shots
    )
    height = round(HEIGHT * width / original)
    with tempfile.TemporaryDirectory() as folder:
        html = Path(folder) / f"{path.stem}.html"
        style = "margin:0;display:flex;gap:8px;background:#444"
        html.write_text(f'<body style="{style}">{images}</body>')
        size_viewport(page, (width + 8) * len(shots) - 8, height)
        page.get(html.as_uri())
        page.save_screenshot(str(path))
