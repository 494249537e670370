"""The web table in a real browser: headless Chromium pages play whole games.

The server runs on 127.0.0.1 in this process (uvicorn in a thread, with its connection
limits); Selenium drives Debian's ``chromium`` through ``chromedriver`` (nothing is
downloaded but axe-core, from the npm registry, for the accessibility checks). Skipped,
with the reason, where the ``[web]`` extra, Selenium, Chromium or its driver is missing.

The pages are opened with a pace of 0 (the others' moves drawn at once) and no count
at a round's end (the next deal waits for "Next round"), except where a test looks at
the pace itself. No test waits a fixed time: each waits on what the page shows.
The screenshots of the docs are made by ``test_web_screens.py``, on demand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="the web tests need httpx (the [web-test] extra)")
pytest.importorskip("selenium", reason="the browser tests need selenium (pip install selenium)")

import httpx
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select
from testkit import web_browser as wb
from testkit.web_server import running, seeded_app

if wb.CHROMIUM is None or wb.DRIVER is None:
    pytest.skip(
        "no headless browser: install Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

from testkit.web_browser import (
    drawn,
    held,
    js,
    make_a_move,
    options,
    over,
    paced,
    round_ends,
    shown,
    text,
    updates,
    wait,
)


class Server:
    """The server of this module's tests: its address and its database."""

    def __init__(self, address: str, database: Path, app: Any) -> None:
        self.address = address
        self.database = database
        self.app = app

    def create(self, **options: Any) -> dict[str, Any]:
        """A table made through the API, as the page makes it: its answer."""
        answer = httpx.post(f"{self.address}/api/tables", json=options, timeout=20)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def link(self, relative: str, *, pace: int = 0, count: int = 0) -> str:
        return paced(f"{self.address}{relative}", pace, count)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    database = tmp_path_factory.mktemp("web") / "tables.sqlite3"
    app = seeded_app(database)
    with running(app) as address:
        yield Server(f"http://{address}", database, app)


@pytest.fixture(scope="module")
def browsers() -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    with wb.chromium() as anna, wb.chromium() as ben:
        yield anna, ben


@pytest.fixture(scope="module")
def axe_script() -> str | None:
    """axe-core's script, or ``None`` where there is no npm to fetch it with (the games
    are played all the same; ``test_axe_core_runs`` says it skipped)."""
    return wb.axe_script()


def test_axe_core_finds_what_it_should(
    axe_script: str | None, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """The accessibility checks of the other tests can fail: axe-core finds an image
    without a text and a grey on grey too pale to read."""
    if axe_script is None:
        pytest.skip("no npm to fetch axe-core with (or set LOVELETTER_AXE to its axe.min.js)")
    page, _ = browsers
    page.get(
        "data:text/html,<html lang=en><title>t</title><main><img src=x.png>"
        "<p style='color:%23bbb;background:%23ccc'>pale</p></main></html>"
    )
    found = {violation["id"] for violation in wb.axe(page, axe_script)}
    assert {"image-alt", "color-contrast"} <= found, found


def table_of(link: str) -> str:
    found = re.search(r"[?&]table=([^&#]+)", link)
    assert found, link
    return found.group(1)


def refusal(page: webdriver.Chrome) -> dict[str, Any]:
    wait(lambda: shown(page, "#refusal"), "the refusal")
    found: dict[str, Any] = js(page, "return window.loveletterTable.lastRefusal")
    return found


def send(page: webdriver.Chrome, command: dict[str, Any]) -> None:
    """Send ``command`` as the page's seat, for the state the page shows."""
    js(
        page,
        "const state = loveletterTable.state();"
        "loveletterTable.send(JSON.stringify({state, command: arguments[0]}))",
        command,
    )


def no_serious_violation(page: webdriver.Chrome, script: str | None, where: str) -> None:
    """No text smaller than 11 px, and axe-core (where it is there) finds no serious or
    critical violation in the page."""
    small = wb.small_text(page)
    assert not small, f"{where}: text too small:\n" + "\n".join(small[:5])
    if script is None:
        return
    found = wb.axe(page, script)
    assert not found, f"{where}:\n{wb.explained(found)}"


def check_round_end(page: webdriver.Chrome, server: Server, table: str, seat: str | None) -> int:
    """The page holds a round's end: the board it draws is the referee's after the
    round's last event (each seat, its discards, tokens and hand; the pile; the hands a
    showdown shows; the set-aside card). The round's number."""
    number = held(page)
    assert number is not None
    expected = round_ends(server.database, table, seat)[number]
    assert drawn(page) | {"round_end": None} == expected | {"round_end": None}, number
    assert text(page, "#round-end-title")
    assert text(page, "#status") == text(page, "#round-end-title")
    assert text(page, "#next-round") in text(page, "#options")
    assert not page.find_elements(By.CSS_SELECTOR, ".seat.to-act")  # nobody is to act
    return number


def create_in_page(
    page: webdriver.Chrome, server: Server, language: str, players: str, bots: int
) -> dict[str, str]:
    """Create a table in the page; each person's link."""
    page.get(f"{server.address}/?lang={language}")
    wait(lambda: page.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the bots offered")
    page.find_element(By.ID, "players").clear()
    page.find_element(By.ID, "players").send_keys(players)
    heuristic = page.find_element(By.CSS_SELECTOR, '#bot-counts input[data-spec="heuristic"]')
    heuristic.clear()
    heuristic.send_keys(str(bots))
    page.find_element(By.ID, "target").send_keys("3")  # two rounds at least
    page.find_element(By.CSS_SELECTOR, "#create-form button").send_keys(Keys.ENTER)
    links = wait(lambda: page.find_elements(By.CSS_SELECTOR, "#links a[data-seat]"), "the links")
    return {link.get_attribute("data-seat"): link.get_attribute("href") for link in links}


def test_two_people_and_a_bot_play_a_whole_game(
    server: Server, browsers: tuple[webdriver.Chrome, webdriver.Chrome], axe_script: str | None
) -> None:
    """Create a table in the page and play it to the end through the move picker, with
    the keyboard: Anna in English, Ben in French, and a bot. On the way: a refused
    move, a command for another seat (refused), a reload, a dropped connection, each
    round's end held with the board as the referee had it after the round's last event,
    axe-core's checks, and the game's end with a new game; then Anna's "your tables"."""
    anna, ben = browsers
    hrefs = create_in_page(anna, server, "en", "Anna, Ben", 1)
    assert set(hrefs) == {"Anna", "Ben"}
    assert all("&lang=en#token=" in href for href in hrefs.values())
    assert text(anna, "#links button[data-copy]") == "Copy"
    assert anna.find_element(By.CSS_SELECTOR, "#links a[data-spectator]")  # a link to watch
    no_serious_violation(anna, axe_script, "the form and its links")
    table = table_of(hrefs["Anna"])
    anna.get(paced(hrefs["Anna"]))
    ben.get(paced(hrefs["Ben"]))
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
    assert shown(anna, "#watch-link input")  # the seat's page offers the spectators' link
    no_serious_violation(anna, axe_script, "the table")

    # Ben writes a command for Anna: refused before the referee looks at it.
    send(ben, {"play": {"player": "Anna", "card": "Princess"}})
    forged = refusal(ben)
    assert forged["error"] == "forbidden"
    assert text(ben, "#refusal") == "Refusé : vous ne pouvez envoyer que vos propres coups, Ben"

    played, refused, reloaded, dropped = 0, False, False, False
    ends: dict[str, list[int]] = {"Anna": [], "Ben": []}
    steps_seen: set[str] = set()
    anna_to_act = True

    def seen(kind: str) -> None:
        if kind == "guess" and "guess" not in steps_seen:
            no_serious_violation(anna if anna_to_act else ben, axe_script, "a Guard's guess")
        steps_seen.add(kind)

    while True:
        for page, name in ((anna, "Anna"), (ben, "Ben")):
            if held(page) is not None and shown(page, "#next-round"):
                number = check_round_end(page, server, table, name)
                if not ends["Anna"] and not ends["Ben"]:
                    no_serious_violation(page, axe_script, "a round's end")
                ends[name].append(number)
                page.find_element(By.ID, "next-round").send_keys(Keys.ENTER)
        if over(anna) and over(ben):
            break
        page = wait(
            lambda: (
                next((p for p in (anna, ben) if options(p) and held(p) is None), None)
                or next((p for p in (anna, ben) if held(p) is not None), None)
                or (over(anna) and over(ben) and anna)
            ),
            "someone to act",
        )
        if held(page) is not None or over(page):
            continue
        anna_to_act = page is anna
        marker = anna if page is ben else ben  # the other page marks whose turn it is
        name = "Ben" if page is ben else "Anna"
        wait(
            lambda marker=marker, name=name: marker.find_elements(
                By.CSS_SELECTOR, f'.seat.to-act[data-player="{name}"] .marker'
            ),
            "the acting player's marker",
        )
        if not refused and page is anna:  # a card Anna does not hold: the referee refuses
            held_cards = [
                c.get_attribute("data-card")
                for c in anna.find_elements(By.CSS_SELECTOR, "#hand .card")
            ]
            missing = next(
                c for c in ("Princess", "Countess", "King", "Baron") if c not in held_cards
            )
            send(anna, {"play": {"player": "Anna", "card": missing}})
            answer = refusal(anna)
            assert answer["error"] == "illegal"
            assert answer["refusal"]["reason"] == "CARD_NOT_IN_HAND"
            assert missing in text(anna, "#refusal")
            refused = True
        if played == 2 and not reloaded:  # mid-game: Ben reloads his page
            held_cards = [
                c.get_attribute("data-card")
                for c in ben.find_elements(By.CSS_SELECTOR, "#hand .card")
            ]
            ben.refresh()
            wait(lambda: updates(ben) >= 1 and "Manche" in text(ben, "#status"), "Ben's view again")
            assert [
                c.get_attribute("data-card")
                for c in ben.find_elements(By.CSS_SELECTOR, "#hand .card")
            ] == held_cards
            reloaded = True
            continue
        if played == 1 and not dropped:  # the connection drops: the page reconnects
            before = updates(anna)
            js(anna, "loveletterTable.drop()")
            wait(lambda before=before: updates(anna) > before, "Anna's view after reconnecting")
            dropped = True
            continue
        make_a_move(page, by_hand=played % 2 == 0, seen=seen)
        played += 1
        assert played < 200
    assert refused
    assert reloaded
    assert dropped
    assert int(js(anna, "return document.body.dataset.moments || 0")) > 0  # a Guard, a Baron...
    assert ends["Anna"], text(anna, "#narration")  # each page held a round's end
    assert ends["Ben"], text(ben, "#narration")
    rounds = round_ends(server.database, table, "Anna")
    assert len(rounds) >= 2
    for page in (anna, ben):
        wait(lambda page=page: shown(page, "#new-game"), "the game's end")
    assert text(anna, "#round-end-title").startswith("Game over:")
    assert text(ben, "#round-end-title").startswith("Partie finie")
    assert "Game over" in text(anna, "#status")
    last = max(rounds)
    assert drawn(anna) | {"round_end": None} == rounds[last] | {"round_end": None}
    for seat in anna.find_elements(By.CSS_SELECTOR, "#round-tokens td .tokens"):  # "3 of 3"
        assert re.search(r"\d of 3", seat.text), seat.text
    log = anna.find_element(By.ID, "narration")
    assert float(log.value_of_css_property("padding-left").removesuffix("px")) >= 40  # 100.
    print(f"{played} moves by people, round ends held {ends}; {text(anna, '#status')}")

    # Anna's browser remembers the table, with its state.
    anna.get(f"{server.address}/?lang=en")
    entry = wait(
        lambda: anna.find_elements(By.CSS_SELECTOR, f'#your-tables-list li[data-table="{table}"]'),
        "the table among Anna's",
    )[0]
    assert "as Anna" in entry.text
    assert "Game over" in entry.text
    no_serious_violation(anna, axe_script, "your tables")
    # A new game: the form again, with the same people and bots.
    anna.get(paced(hrefs["Anna"]))
    wait(lambda: shown(anna, "#new-game"), "the game's end again")
    # The welcome tells the last round in full and the earlier ones in short: the rest
    # of the story comes when asked for.
    assert anna.find_elements(By.CSS_SELECTOR, "#narration li.earlier")
    anna.find_element(By.ID, "earlier").click()
    wait(lambda: not shown(anna, "#earlier"), "the whole story")
    first = anna.find_element(By.CSS_SELECTOR, "#narration li")
    assert first.text.startswith("Round 1:"), first.text
    assert not anna.find_elements(By.CSS_SELECTOR, "#narration li.earlier")
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


def test_a_phone_plays_a_classic_game(server: Server, axe_script: str | None) -> None:
    """At 420 px a person plays a whole classic game against two bots: every turn's
    choices sit in the bar fixed at the bottom, inside the screen, with no scroll; a
    small card tells its effect when tapped; each round's end is held with the board as
    the referee had it after the round's last event."""
    answer = server.create(
        players=["Anna"], bots=["heuristic", "heuristic"], edition="classic", target=2
    )
    table = answer["table"]
    with wb.chromium(wb.NARROW) as page:
        page.get(server.link(answer["seats"]["Anna"]["link"]))
        wait(lambda: updates(page) >= 1, "the welcome")
        bar = page.find_element(By.ID, "controls")
        assert bar.value_of_css_property("position") == "fixed"
        turns, ends, tapped = 0, [], False
        while not over(page):
            wait(lambda: options(page) or held(page) is not None or over(page), "a turn")
            if held(page) is not None:
                ends.append(check_round_end(page, server, table, "Anna"))
                page.find_element(By.ID, "go-on").click()  # in the bar, under the thumb
                continue
            if over(page):
                break
            scrolled = js(page, "return window.scrollY")
            inside = js(
                page,
                "return [...document.querySelectorAll('#options button, #hand button')]"
                ".every((b) => { const r = b.getBoundingClientRect();"
                " return r.top >= 0 && r.bottom <= innerHeight"
                " && r.left >= 0 && r.right <= innerWidth; })",
            )
            assert inside, f"a choice outside the screen at turn {turns}"
            if not tapped and page.find_elements(By.CSS_SELECTOR, ".card.info"):
                card = page.find_elements(By.CSS_SELECTOR, ".card.info")[0]
                name = card.get_attribute("data-card")
                js(page, "arguments[0].scrollIntoView({block: 'center'})", card)
                card.click()
                wait(lambda: shown(page, "#card-info"), "the card's effect")
                assert ":" in text(page, "#card-info-text"), text(page, "#card-info-text")
                assert card.get_attribute("aria-expanded") == "true", name
                page.find_element(By.ID, "card-info-close").click()
                wait(lambda: not shown(page, "#card-info"), "the effect closed")
                js(page, "window.scrollTo(0, arguments[0])", scrolled)
                no_serious_violation(page, axe_script, "a phone's turn")
                tapped = True
            make_a_move(page, by_hand=False, seen=lambda kind: None)
            turns += 1
            assert turns < 100
        assert tapped
        assert ends
        wait(lambda: shown(page, "#new-game"), "the game's end")
        last = max(round_ends(server.database, table, "Anna"))
        assert drawn(page) | {"round_end": None} == round_ends(server.database, table, "Anna")[
            last
        ] | {"round_end": None}


def test_the_others_moves_are_shown_one_at_a_time(server: Server) -> None:
    """At a pace of a second, the bots' moves after Anna's come one at a time: the seat
    acting and the card just played are marked, the new story lines too, and Escape
    shows the rest at once. With reduced motion asked for, nothing moves."""
    answer = server.create(players=["Anna"], bots=["heuristic", "heuristic"], target=3)
    with wb.chromium() as page:
        page.get(server.link(answer["seats"]["Anna"]["link"], pace=1000))
        wait(lambda: options(page), "Anna's turn")
        assert not shown(page, "#skip")
        make_a_move(page, by_hand=False, seen=lambda kind: None)
        wait(
            lambda: (
                js(page, "return loveletterTable.pending()") > 0
                and page.find_elements(By.CSS_SELECTOR, ".seat.acting")
            ),
            "a bot's move being shown",
        )
        assert shown(page, "#skip")
        assert page.find_elements(By.CSS_SELECTOR, "#narration li.new")
        acting = page.find_element(By.CSS_SELECTOR, ".seat.acting").get_attribute("data-player")
        assert acting.startswith("Heuristic bot")
        wait(
            lambda: (
                page.find_elements(By.CSS_SELECTOR, ".card.just-played")
                or js(page, "return loveletterTable.pending()") == 0
            ),
            "the card just played",
        )
        page.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        wait(
            lambda: js(page, "return loveletterTable.pending()") == 0 or held(page) is not None,
            "the rest shown at once",
        )
        page.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]},
        )
        moment = page.find_element(By.ID, "moment")
        assert moment.value_of_css_property("animation-name") == "none"
        assert js(page, "return matchMedia('(prefers-reduced-motion: reduce)').matches")


def test_a_spectator_sees_the_public_view_and_the_page_remembers_it(server: Server) -> None:
    """The spectator's link shows the table with no hand and no move, every seat's card
    face down; the page says it watches; "your tables" lists it as watched."""
    answer = server.create(players=["Anna"], bots=["heuristic"], target=2, language="fr")
    with wb.chromium() as page:
        page.get(server.link(answer["spectator"]["link"]))
        wait(lambda: updates(page) >= 1 and "Manche" in text(page, "#status"), "the table")
        assert shown(page, "#watching")
        assert not shown(page, "#controls")
        assert not page.find_elements(By.CSS_SELECTOR, "#hand .card")
        seats = page.find_elements(By.CSS_SELECTOR, "#other-seats .seat")
        assert {seat.get_attribute("data-player") for seat in seats} == {
            "Anna",
            "Robot heuristique",
        }
        assert not page.find_elements(By.CSS_SELECTOR, ".seat-cards .card.face")
        assert page.find_elements(By.CSS_SELECTOR, ".seat-cards .card.back")
        page.get(f"{server.address}/?lang=fr")
        entry = wait(
            lambda: page.find_elements(
                By.CSS_SELECTOR, f'#your-tables-list li[data-table="{answer["table"]}"]'
            ),
            "the watched table",
        )[0]
        assert "spectateur" in entry.text
        entry.find_element(By.TAG_NAME, "button").click()  # forget it
        wait(lambda: shown(page, "#no-tables"), "the list empty again")


def test_names_are_checked_as_a_reader_sees_them(server: Server) -> None:
    """A name that looks like another's, or a letter under 23 accents, is refused in
    the form (an alert, the field marked invalid); a name with two accents a letter is
    drawn within its line."""
    with wb.chromium() as page:
        for players in ("Anna, ANNA", "Ze" + "\u0301" * 23):
            page.get(f"{server.address}/?lang=en")
            wait(lambda: page.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the form")
            page.find_element(By.ID, "players").clear()
            js(page, "document.querySelector('#players').value = arguments[0]", players)
            page.find_element(By.CSS_SELECTOR, "#create-form button").click()
            alert = wait(
                lambda: page.find_elements(By.CSS_SELECTOR, "#links [role=alert]"), "a refusal"
            )
            assert alert[0].get_attribute("data-code").startswith("name_"), alert[0].text
            assert page.find_element(By.ID, "players").get_attribute("aria-invalid") == "true"
        accented = "Z\u0301\u0300o\u0301\u0300e\u0301\u0300"
        answer = server.create(players=[accented, "Ben"], bots=[], target=1)
        page.get(server.link(answer["seats"]["Ben"]["link"]))
        name = wait(
            lambda: page.find_elements(By.CSS_SELECTOR, "#other-seats .seat-name .name-clip"),
            "the seats",
        )[0]
        assert name.value_of_css_property("overflow-y") in ("hidden", "clip")
        head = page.find_element(By.CSS_SELECTOR, "#other-seats .seat-head")
        assert name.rect["y"] >= head.rect["y"] - 1  # drawn inside its own line


def test_a_table_set_up_in_french_names_its_bots_and_links_in_french(server: Server) -> None:
    """In French, the form offers its bots in French, the links say so and keep the
    language, and the bots' seats have French names."""
    with wb.chromium() as anna:
        anna.get(f"{server.address}/?lang=fr")
        wait(lambda: anna.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the bots offered")
        assert text(anna, '#bot-counts [data-bot="heuristic"]') == "heuristique"
        assert text(anna, '#bot-counts [data-bot="random"]') == "aléatoire"
        hrefs = create_in_page(anna, server, "fr", "Anna", 2)
        assert text(anna, "#links a") == "Jouer en tant que Anna"
        assert text(anna, "#links button[data-copy]") == "Copier"
        assert "&lang=fr#token=" in hrefs["Anna"]
        anna.get(paced(hrefs["Anna"]))
        wait(lambda: "Manche" in text(anna, "#status"), "the French table")
        seats = text(anna, "#other-seats")
        assert "Robot heuristique 1" in seats
        assert "Robot heuristique 2" in seats
        assert js(anna, "return document.documentElement.lang") == "fr"


def test_a_link_with_a_wrong_token_says_so(server: Server) -> None:
    """A link whose token is wrong opens no seat, and the page says why."""
    with wb.chromium() as anna:
        anna.get(f"{server.address}/?table=nope&seat=Anna&lang=en#token=guess")
        wait(lambda: "not valid" in text(anna, "#status"), "the refusal of the link")
        assert not anna.find_elements(By.CSS_SELECTOR, "#hand .card")


def test_a_table_with_a_turn_timer_says_so(server: Server) -> None:
    """A table made in the form with a turn timer tells its players: the seconds a turn,
    that a bot plays for whoever is away, and the seconds left to the person to act."""
    with wb.chromium() as page:
        page.get(f"{server.address}/?lang=en")
        wait(lambda: page.find_elements(By.CSS_SELECTOR, "#bot-counts input"), "the form")
        page.find_element(By.ID, "players").clear()
        page.find_element(By.ID, "players").send_keys("Anna")
        heuristic = page.find_element(By.CSS_SELECTOR, '#bot-counts input[data-spec="heuristic"]')
        heuristic.clear()
        heuristic.send_keys("1")
        page.find_element(By.ID, "turn-timer").send_keys("600")
        page.find_element(By.CSS_SELECTOR, "#create-form button").click()
        link = wait(lambda: page.find_elements(By.CSS_SELECTOR, "#links a[data-seat]"), "links")
        page.get(paced(link[0].get_attribute("href")))
        wait(lambda: options(page), "Anna's turn")
        notice = wait(lambda: shown(page, "#timer") and text(page, "#timer"), "the timer's notice")
        assert "Turn timer: 600 s a turn" in notice
        assert "a bot plays for whoever is away" in notice
        wait(lambda: re.search(r"\d+ s left to Anna", text(page, "#timer-left")), "the count")


def test_a_bot_plays_for_a_person_away_and_the_pages_say_so(server: Server) -> None:
    """Once the time of the person to act has run out, a bot plays for them: the other
    person's page says so, theirs offers "I'm back", and pressing it ends it."""
    answer = server.create(players=["Anna", "Ben"], target=3, turn_timer=600)
    table = answer["table"]
    with wb.chromium() as anna, wb.chromium() as ben:
        pages = {"Anna": anna, "Ben": ben}
        for seat, page in pages.items():
            page.get(server.link(answer["seats"][seat]["link"]))
        late = wait(
            lambda: next((seat for seat, page in pages.items() if options(page)), None), "a turn"
        )
        other = "Ben" if late == "Anna" else "Anna"
        server.app.state.hub.tables[table].turn_began -= 1000  # as if its time had run out
        said = wait(
            lambda: (
                "A bot is playing for" in text(pages[other], "#timer")
                and text(pages[other], "#timer")
            ),
            "the notice of a bot standing in",
        )
        assert f"A bot is playing for {late} until they are back." in said
        wait(lambda: options(pages[other]), "the bot's move for them, then the other's turn")
        back = wait(lambda: shown(pages[late], "#im-back"), "the late person's I'm back")
        assert back
        pages[late].find_element(By.ID, "im-back").click()
        wait(lambda: "A bot is playing" not in text(pages[other], "#timer"), "the person back")
        wait(lambda: not shown(pages[late], "#im-back"), "the button gone")


def test_a_round_end_goes_on_by_itself_after_its_count(server: Server) -> None:
    """With a count of two seconds, a round's end shows its count and the next deal is drawn
    without a press."""
    answer = server.create(players=["Anna"], bots=["heuristic"], target=3)  # 2 rounds or more
    with wb.chromium() as page:
        page.get(server.link(answer["seats"]["Anna"]["link"], count=2))
        while held(page) is None:
            wait(lambda: options(page) or held(page) is not None, "a turn or a round's end")
            if held(page) is None:
                make_a_move(page, by_hand=False, seen=lambda kind: None)
        assert "the next deal in" in text(page, "#round-end")
        wait(lambda: held(page) is None and not shown(page, "#round-end"), "the next deal")
        assert text(page, "#status").startswith("Round 2")
