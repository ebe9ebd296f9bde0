"""Terraforming Mars in real Chromium: setup and the whole first generation against a bot."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.registry import get_engine
from lobby.models import Table
from tests.e2e.conftest import DESKTOP, PHONE, create_table, sign_up, version, wait_past

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20_000  # ms: generous, the machine running the suite may be busy


def click_and_wait(page: Page, locator) -> None:
    """Click a move button and wait for the re-rendered board."""
    seen = version(page)
    locator.click()
    wait_past(page, seen)


def phase(page: Page) -> str:
    return page.locator(".tm-board [data-phase]").get_attribute("data-phase")


def my_move_ready(page: Page) -> None:
    """Wait until the page shows a decision of mine or the research phase."""
    page.wait_for_function(
        "() => document.querySelector('.tm-prompt, .tm-actions')"
        " || document.querySelector('.tm-board [data-phase]').dataset.phase === 'research'",
        timeout=WAIT,
    )


@pytest.mark.long
def test_a_player_sets_up_and_plays_the_first_generation_against_a_bot(
    asgi_server, browser, e2e
) -> None:
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, base, "terra")
    create_table(page, base, "terraforming_mars")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-board")).to_be_visible(timeout=WAIT)
    expect(page.locator(".tm-selection")).to_contain_text("Choose your corporation")
    # The bot chooses at once; wait for it so that no click of ours meets a stale board.
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    page.screenshot(path=str(e2e / "terraforming_mars_setup_desktop.png"), full_page=True)

    # Step 6 of the setup: a corporation, two cards, confirm.
    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    for _ in range(2):
        click_and_wait(page, page.locator(".tm-selection button", has_text="Keep").first)
    expect(page.locator(".tm-selection")).to_contain_text("Kept: 2 card(s) for 6 M€")
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'action'",
        timeout=WAIT,
    )
    expect(page.locator(".tm-map > svg")).to_be_visible()
    expect(page.locator(".tm-globals")).to_contain_text("Temperature")
    expect(page.locator(".tm-hand")).to_contain_text("Your hand (2 cards)")

    shots = {"action": False, "prompt": False, "undo": False}
    for _ in range(80):
        my_move_ready(page)
        if phase(page) == "research":
            break
        undo = page.locator("button.undo")
        if undo.count() and not shots["undo"]:
            # Once: take the turn so far back (§12.4); the board is the turn's start again.
            page.screenshot(path=str(e2e / "terraforming_mars_undo_desktop.png"), full_page=True)
            click_and_wait(page, undo)
            expect(page.locator("button.undo")).to_have_count(0)
            expect(page.locator(".board-error")).to_have_count(0)
            shots["undo"] = True
            continue
        prompt = page.locator(".tm-prompt")
        if prompt.count():
            if not shots["prompt"]:
                page.screenshot(
                    path=str(e2e / "terraforming_mars_prompt_desktop.png"), full_page=True
                )
                shots["prompt"] = True
            # A tile goes on the map itself when there is a space to click.
            hexes = page.locator(".tm-hex-btn")
            target = hexes.first if hexes.count() else prompt.locator("button:visible").first
            click_and_wait(page, target)
            continue
        if not shots["action"]:
            page.screenshot(path=str(e2e / "terraforming_mars_turn_desktop.png"), full_page=True)
            shots["action"] = True
        play = page.locator(".tm-hand-card button", has_text="Play")
        projects = page.locator(".tm-projects button", has_text="Use")
        first_action = page.locator("button.tm-first-action")
        if first_action.count():
            click_and_wait(page, first_action)
        elif play.count():
            click_and_wait(page, play.first)
        elif projects.count() > 1:
            click_and_wait(page, projects.last)  # the dearest affordable one
        elif page.locator(".tm-actions button", has_text="End turn").count():
            click_and_wait(page, page.locator(".tm-actions button", has_text="End turn"))
        else:
            click_and_wait(page, page.locator(".tm-actions button", has_text="Pass"))
    assert shots["undo"], "an Undo button showed up during the first generation"
    # Generation 1 is over: production ran and the research of generation 2 is on.
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'research'",
        timeout=WAIT,
    )
    expect(page.locator(".tm-top")).to_contain_text("Generation 2")
    expect(page.locator(".tm-log")).to_contain_text("Production phase.")
    expect(page.locator(".tm-selection")).to_contain_text("Research")
    page.screenshot(path=str(e2e / "terraforming_mars_generation2_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "terraforming_mars_generation2_phone.png"), full_page=True)
    # Parts of the phone page at full size, to read them.
    page.locator(".tm-selection").screenshot(path=str(e2e / "terraforming_mars_phone_research.png"))
    page.locator(".tm-main").screenshot(path=str(e2e / "terraforming_mars_phone_map.png"))
    page.locator(".tm-players").screenshot(path=str(e2e / "terraforming_mars_phone_players.png"))

    table = Table.objects.get()
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    assert state.gen == 2 and state.phase == "research"
    # The page never shows a card the player may not see.
    html = page.content()
    for token in engine.secret_tokens(state, 0):
        assert token not in html
    ctx.close()


def test_the_end_of_a_solo_game_shows_the_final_scoring(asgi_server, browser, e2e) -> None:
    """A solo table brought to its last turn: passing ends the game and shows the breakdown."""
    from games.terraforming_mars.catalog import CARDS

    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, base, "solo")
    create_table(page, base, "terraforming_mars", players="1")
    expect(page.locator(".tm-selection")).to_contain_text("Choose your corporation", timeout=WAIT)
    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))

    # Jump to the last turn of generation 14 with Mars terraformed (a won game).
    table = Table.objects.get()
    engine = get_engine("terraforming_mars")
    st = engine.load(table.state).clone()
    st.gen, st.temperature, st.oxygen = 14, 8, 14
    board = st.board_w()
    for space in ("r1c2", "r1c4", "r1c5", "r2c6", "r4c8", "r5c4", "r5c5", "r5c6", "r6c6"):
        board[space] = ("ocean", -1, "")
    board["r8c3"] = ("city", 0, "")
    board["r8c4"] = ("greenery", 0, "")
    board["r9c3"] = ("greenery", 0, "")
    st.oceans = 9
    player = st.pw(0)
    player.tr = 52
    player.first_action = ""
    birds = next(c for c, info in CARDS.items() if info.name == "Birds")
    # Birds may lie anywhere a random deal put it: take it out of every pile first.
    st.deck = tuple(c for c in st.deck if c != birds)
    st.discard = tuple(c for c in st.discard if c != birds)
    player.hand = tuple(c for c in player.hand if c != birds)
    player.played = (*player.played, birds)
    player.res[birds] = 3
    from games.terraforming_mars.kernel import recompute

    recompute(player)
    st.queue = []
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])
    page.reload()
    click_and_wait(page, page.locator(".tm-actions button", has_text="Pass"))
    # The table was made with the lobby's default: the turn waits for Confirm (README
    # "Turn flow").
    click_and_wait(page, page.locator(".tm-prompt button.tm-confirm"))
    expect(page.locator(".end-panel")).to_be_visible(timeout=WAIT)
    expect(page.locator(".tm-final")).to_contain_text("You won the solo game.")
    expect(page.locator(".tm-final")).to_contain_text("Birds 3")
    page.screenshot(path=str(e2e / "terraforming_mars_end_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.locator(".tm-final").screenshot(path=str(e2e / "terraforming_mars_end_phone.png"))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    ctx.close()


def test_a_table_on_hellas_shows_its_map_and_milestones(asgi_server, browser, e2e) -> None:
    """The map chosen in the table form is the one on screen, with its special space."""
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "hellas")
    create_table(page, base, "terraforming_mars", opt_map="hellas")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-board")).to_be_visible(timeout=WAIT)
    # The bot chooses at once; once it has, the board stays put while it is read.
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    expect(page.locator(".tm-map > svg")).to_be_visible()
    expect(page.locator(".tm-mars")).to_contain_text("−6 M€")
    expect(page.locator(".tm-legend")).to_contain_text("costs 6 M€ extra and brings an ocean")
    expect(page.locator(".tm-board")).to_contain_text("Polar Explorer")
    expect(page.locator(".tm-board")).not_to_contain_text("Terraformer")
    assert get_engine("terraforming_mars").load(Table.objects.get().state).settings.map == "hellas"
    page.screenshot(path=str(e2e / "terraforming_mars_hellas_desktop.png"), full_page=True)
    ctx.close()


def test_a_prelude_table_keeps_two_preludes_and_plays_them_at_generation_1(
    asgi_server, browser, e2e
) -> None:
    """§13: the preludes are shown as cards in the setup, two kept, both played at once."""
    from games.terraforming_mars.catalog import CARDS

    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, base, "prelude")
    create_table(page, base, "terraforming_mars", opt_prelude="on")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-board")).to_be_visible(timeout=WAIT)
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    expect(page.locator(".tm-selection")).to_contain_text("Your preludes (you keep 2 of them next)")
    expect(page.locator(".tm-selection .tm-k-prelude")).to_have_count(4)
    page.screenshot(path=str(e2e / "terraforming_mars_prelude_setup_desktop.png"), full_page=True)

    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    expect(page.get_by_role("button", name="Confirm my choice")).to_have_count(0)
    keep = page.locator(".tm-selection button", has_text="Keep this prelude")
    for _ in range(2):
        click_and_wait(page, keep.first)
    expect(page.locator(".tm-selection")).to_contain_text("Preludes: 2 of 2 kept")
    expect(keep).to_have_count(0)
    page.screenshot(path=str(e2e / "terraforming_mars_prelude_keep_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "terraforming_mars_prelude_keep_phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    table = Table.objects.get()
    engine = get_engine("terraforming_mars")
    kept = engine.load(table.state).sel[0]["kept_preludes"]
    assert len(kept) == 2
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'action'",
        timeout=WAIT,
    )

    # Generation 1 starts with the preludes, in turn order: the bot's at once, ours asked.
    shot = False
    for _ in range(12):
        my_move_ready(page)
        prompt = page.locator(".tm-prompt")
        if not prompt.count():
            break  # our first action: the preludes are done
        if prompt.locator(".tm-k-prelude").count() and not shot:
            expect(prompt).to_contain_text("Which prelude do you play now?")
            page.screenshot(
                path=str(e2e / "terraforming_mars_prelude_play_desktop.png"), full_page=True
            )
            page.set_viewport_size(PHONE)
            prompt.screenshot(path=str(e2e / "terraforming_mars_prelude_play_phone.png"))
            page.set_viewport_size(DESKTOP)
            shot = True
        hexes = page.locator(".tm-hex-btn")
        target = hexes.first if hexes.count() else prompt.locator("button:visible").first
        click_and_wait(page, target)
    assert shot, "the board asked which prelude to play first"

    state = engine.load(Table.objects.get().state)
    mine = state.players[0]
    assert not any(item[0] == "prelude" for item in state.queue)
    played = [c for c in kept if c in mine.played]
    assert played, "a kept prelude is in the tableau"
    me = page.locator(".tm-players")
    stack = me.locator('details[data-panel="0-preludes"]')
    expect(stack.locator("summary")).to_contain_text("Preludes")
    expect(stack.locator(".tm-stack-count")).to_have_text(str(len(played)))
    for prelude in played:
        expect(me).to_contain_text(str(CARDS[prelude].name))
        expect(page.locator(".tm-log")).to_contain_text(f"played {CARDS[prelude].name}.")
    page.screenshot(path=str(e2e / "terraforming_mars_prelude_played_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "terraforming_mars_prelude_played_phone.png"), full_page=True)
    html = page.content()
    for token in engine.secret_tokens(state, 0):
        assert token not in html
    ctx.close()


def test_colonies_a_trade_and_a_colony_built_through_the_board(asgi_server, browser, e2e) -> None:
    """A table with Colonies: the tiles show; the player trades and builds a colony by clicking."""
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    sign_up(page, base, "colonist")
    create_table(page, base, "terraforming_mars", opt_colonies="on")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-selection")).to_contain_text("Choose your corporation", timeout=WAIT)
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'action'",
        timeout=WAIT,
    )
    expect(page.locator(".tm-colonies")).to_be_visible()
    table = Table.objects.get()
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    assert page.locator(".tm-colony").count() == len(state.colonies) == 5

    # Money and energy enough for both, on the player's own turn (seat 0).
    st = state.clone()
    player = st.pw(0)
    player.stock[0] = 60
    player.stock[4] = 3
    player.first_action = ""
    st.active = 0
    st.turn_actions = 0
    st.queue = []
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])
    page.reload()
    expect(page.locator(".tm-actions")).to_be_visible(timeout=WAIT)
    page.screenshot(path=str(e2e / "terraforming_mars_colonies_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.locator(".tm-colonies").screenshot(path=str(e2e / "terraforming_mars_colonies_phone.png"))
    page.set_viewport_size(DESKTOP)

    active = [
        key
        for key, *_ in st.colonies
        if engine.legal_actions(st, 0).count({"type": "colony", "colony": key})
    ]
    key = active[0]
    tile = page.locator(f'.tm-colony[data-colony="{key}"]')
    click_and_wait(page, tile.locator("button", has_text="Build a colony"))
    # Any decision of the build bonus (an ocean, a card) is answered on the board.
    for _ in range(5):
        if not page.locator(".tm-prompt").count():
            break
        hexes = page.locator(".tm-hex-btn")
        target = hexes.first if hexes.count() else page.locator(".tm-prompt button:visible").first
        click_and_wait(page, target)
    expect(tile.locator(".tm-colony-marker.tm-bg0")).to_have_count(1)
    expect(page.locator(".tm-log")).to_contain_text("builds a colony on")

    trade = page.locator(".tm-colony button", has_text="Trade for 3 energy").first
    click_and_wait(page, trade)
    for _ in range(5):
        if not page.locator(".tm-prompt").count():
            break
        click_and_wait(page, page.locator(".tm-prompt button:visible").first)
    expect(page.locator(".tm-colony-fleet.tm-c0")).to_have_count(1)
    expect(page.locator(".tm-log")).to_contain_text("trades with")
    expect(page.locator(".tm-fleets")).to_contain_text("1 of 1 out")
    page.screenshot(path=str(e2e / "terraforming_mars_colonies_traded_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "terraforming_mars_colonies_traded_phone.png"), full_page=True)

    state = engine.load(Table.objects.get().state)
    assert any(0 in owners for _k, _s, owners, _t in state.colonies)
    assert any(trader == 0 for *_rest, trader in state.colonies)
    assert not errors, errors
    ctx.close()


def _answer_prompts(page: Page, rounds: int = 6) -> None:
    """Answer the decisions on the board (a space, else the first button) until none is left."""
    for _ in range(rounds):
        if not page.locator(".tm-prompt").count():
            return
        hexes = page.locator(".tm-hex-btn")
        target = hexes.first if hexes.count() else page.locator(".tm-prompt button:visible").first
        click_and_wait(page, target)


@pytest.mark.long
def test_prelude_and_colonies_generation_1_preludes_a_trade_and_a_colony(
    asgi_server, browser, e2e
) -> None:
    """Both expansions on: keep and play 2 preludes, then build a colony and trade, by clicks."""
    from games.terraforming_mars.catalog import CARDS
    from games.terraforming_mars.payment import card_price
    from tests.e2e.conftest import in_thread, watch_errors

    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    errors = watch_errors(page)
    sign_up(page, base, "both")
    create_table(page, base, "terraforming_mars", opt_prelude="on", opt_colonies="on")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-selection")).to_contain_text("Choose your corporation", timeout=WAIT)
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    expect(page.locator(".tm-colonies")).to_be_visible()  # the tiles show from the setup on

    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    engine = get_engine("terraforming_mars")
    setup = in_thread(lambda: engine.load(Table.objects.get().state))
    price = card_price(setup.sel[0]["corp"])  # 3 M€, Polyphemos 5: the heading says which
    expect(page.locator(".tm-selection h2")).to_contain_text(
        f"Choose the cards to keep ({price} M€ each)"
    )
    keep = page.locator(".tm-selection button", has_text="Keep this prelude")
    for _ in range(2):
        click_and_wait(page, keep.first)
    expect(page.locator(".tm-selection")).to_contain_text("Preludes: 2 of 2 kept")
    page.screenshot(path=str(e2e / "terraforming_mars_both_setup_desktop.png"), full_page=True)
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'action'",
        timeout=WAIT,
    )

    # Generation 1 opens with the preludes (ours asked on the board, the bot's at once).
    for _ in range(12):
        my_move_ready(page)
        if not page.locator(".tm-prompt").count():
            break
        _answer_prompts(page, rounds=1)
    state = in_thread(lambda: engine.load(Table.objects.get().state))
    assert not any(item[0] == "prelude" for item in state.queue)
    preludes = [c for c in state.players[0].played if CARDS[c].kind == "prelude"]
    assert len(preludes) == 2, preludes
    for prelude in preludes:
        expect(page.locator(".tm-log")).to_contain_text(f"played {CARDS[prelude].name}.")
    expect(page.locator(".tm-colonies")).to_be_visible()
    assert page.locator(".tm-colony").count() == len(state.colonies) == 5

    # Our turn with M€ and energy enough for both actions (the board's own buttons do the rest).
    def give_turn() -> None:
        table = Table.objects.get()
        st = engine.load(table.state).clone()
        player = st.pw(0)
        player.stock[0] = max(player.stock[0], 60)
        player.stock[4] = max(player.stock[4], 3)
        player.first_action = ""
        st.active = 0
        st.turn_actions = 0
        st.queue = []
        st.freeze()
        table.state = engine.dump(st)
        table.save(update_fields=["state"])

    in_thread(give_turn)
    page.reload()
    expect(page.locator(".tm-actions")).to_be_visible(timeout=WAIT)
    st = in_thread(lambda: engine.load(Table.objects.get().state))
    key = next(
        k for k, *_ in st.colonies if {"type": "colony", "colony": k} in engine.legal_actions(st, 0)
    )
    tile = page.locator(f'.tm-colony[data-colony="{key}"]')
    click_and_wait(page, tile.locator("button", has_text="Build a colony"))
    _answer_prompts(page)
    expect(tile.locator(".tm-colony-marker.tm-bg0")).to_have_count(1)
    expect(page.locator(".tm-log")).to_contain_text("builds a colony on")

    click_and_wait(page, page.locator(".tm-colony button", has_text="Trade for 3 energy").first)
    _answer_prompts(page)
    expect(page.locator(".tm-colony-fleet.tm-c0")).to_have_count(1)
    expect(page.locator(".tm-log")).to_contain_text("trades with")
    page.screenshot(path=str(e2e / "terraforming_mars_both_traded_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "terraforming_mars_both_traded_phone.png"), full_page=True)

    final = in_thread(lambda: engine.load(Table.objects.get().state))
    assert any(0 in owners for _k, _s, owners, _t in final.colonies)
    assert any(trader == 0 for *_rest, trader in final.colonies)
    assert len([c for c in final.players[0].played if CARDS[c].kind == "prelude"]) == 2
    assert not errors, errors
    ctx.close()
