"""The course of a game (rules §2, §3, §10, §11): setup, generations, production, the end.

Simultaneous steps (the setup choice, research, draft) are kept per player in `State.sel`
(a small dict per seat, replaced, never changed in place); everything else runs through the
queue of pending effects.
"""

from __future__ import annotations

from typing import Any

from games import rng
from games.terraforming_mars.board import any_legal_space, map_of
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import deal_tiles, end_generation
from games.terraforming_mars.constants import (
    CARDS_DEALT,
    CORPORATIONS_DEALT,
    ENERGY,
    HEAT,
    MC,
    NEUTRAL,
    OCEANS_MAX,
    OXYGEN_MAX,
    RESEARCH_CARDS,
    SOLO_FINAL_GREENERY_ONLY_IF_WON,
    SOLO_START_TR,
    SOLO_TR63,
    STANDARD_GAME_PRODUCTION,
    START_TR,
    TEMPERATURE_MAX,
    TEMPERATURE_MIN,
)
from games.terraforming_mars.kernel import (
    Decision,
    decision,
    draw_cards,
    fire,
    front,
    log,
    op,
    push_ops,
    recompute,
    run,
)
from games.terraforming_mars.payment import card_price, seat_card_price
from games.terraforming_mars.prelude import (
    apply_pick,
    choice_complete,
    deal_preludes,
    queue_preludes,
    solo_generations,
)
from games.terraforming_mars.prelude import selection_options as prelude_options
from games.terraforming_mars.state import Player, Settings, State

__all__ = [
    "apply_selection",
    "next_turn",
    "selection_options",
    "settle",
    "setup_state",
    "solo_won",
    "terraformed",
]

Action = dict[str, Any]
BEGINNER = "TM-R00"


# --- setup (§2.2) ------------------------------------------------------------------------------


def project_pool(settings: Settings) -> list[str]:
    """Return the project cards of this game: every registered one, or the base game's."""
    return sorted(
        card.id
        for card in CARDS.values()
        if card.is_project
        and (settings.corporate_era or card.module in ("base", "colonies"))
        and in_game(settings, card.module)
    )


def corporation_pool(settings: Settings) -> list[str]:
    return sorted(
        card.id
        for card in CARDS.values()
        if card.kind == "corporation"
        and card.id != BEGINNER
        and (settings.corporate_era or card.module in ("base", "colonies"))
        and in_game(settings, card.module)
    )


def in_game(settings: Settings, module: str) -> bool:
    """An expansion's cards are in the game only with its option (§13 Prelude, §14 Colonies)."""
    if module == "prelude":
        return settings.prelude
    if module == "colonies":
        return settings.colonies
    return True


def setup_state(players: int, seed: int, settings: Settings) -> State:
    """Return the state after §2.2 steps 1–5 (and 7 in solo), waiting for step 6's choices."""
    st = State.__new__(State)
    st.__dict__.update(
        seed=seed,
        settings=settings,
        n=players,
        gen=1,
        phase="setup",
        first=rng.randint(0, players - 1, seed=seed, salt="tm/first-player"),
        active=0,
        turn_actions=0,
        temperature=TEMPERATURE_MIN,
        oxygen=0,
        oceans=0,
        board={},
        claims={},
        milestones=(),
        awards=(),
        deck=tuple(rng.shuffled(project_pool(settings), seed=seed, salt="tm/deck")),
        discard=(),
        reshuffles=0,
        players=[],
        queue=[],
        sel=[],
        draft_round=0,
        log=(),
        revealed=(),
        seq=0,
        undo=0,
        colonies=deal_tiles(seed, players) if settings.colonies else (),
        ahead=(False,) * players,
        confirm=(settings.confirm_turn,) * players,
        after_turn=(),
        _owned=set(),
        _front=[],
    )
    start_production = 0 if settings.corporate_era else STANDARD_GAME_PRODUCTION
    for _ in range(players):
        player = Player()
        player.tr = SOLO_START_TR if players == 1 else START_TR
        player.prod = [start_production] * 6
        st.players.append(player)
        st.__dict__["_owned"].add(len(st.players) - 1)
    if players == 1:
        _neutral_cities(st)
    corporations = rng.shuffled(corporation_pool(settings), seed=seed, salt="tm/corporations")
    for seat in range(players):
        cards = tuple(draw_cards(st, CARDS_DEALT))
        if settings.beginner:
            st.sel.append({"stage": "done", "corps": (BEGINNER,), "corp": BEGINNER,
                           "cards": cards, "kept": cards})  # fmt: skip
            continue
        dealt = tuple(corporations[seat * CORPORATIONS_DEALT : (seat + 1) * CORPORATIONS_DEALT])
        choice: dict[str, Any] = {"stage": "corp", "corps": dealt, "corp": "", "cards": cards}
        choice["kept"] = ()
        if settings.prelude:
            choice.update(preludes=deal_preludes(st, seat), kept_preludes=())
        st.sel.append(choice)
    log(st, -1, "setup")
    if settings.beginner:
        _reveal(st)
    return st


def _neutral_cities(st: State) -> None:
    """§11.2: two neutral cities, each with a neutral greenery, chosen by card costs."""
    m = map_of(st)
    for round_ in range(2):
        order = list(m.spaces) if round_ == 0 else list(reversed(m.spaces))
        candidates = []
        for space in order:
            if space.type != "land" or space.id in st.board:
                continue
            if any(st.board.get(n, ("",))[0] == "city" for n in space.neighbors):
                continue
            if not _free_land_neighbours(st, space.id):
                continue
            candidates.append(space.id)
        city_cost = max(1, _reveal_cost(st))
        city = candidates[(city_cost - 1) % len(candidates)]
        st.board_w()[city] = ("city", NEUTRAL, "")
        free = _free_land_neighbours(st, city)
        greenery_cost = max(1, _reveal_cost(st))
        greenery = free[(greenery_cost - 1) % len(free)]
        st.board_w()[greenery] = ("greenery", NEUTRAL, "")
        log(st, NEUTRAL, "neutral_city", city, greenery)


def _free_land_neighbours(st: State, space: str) -> list[str]:
    m = map_of(st)
    return [n for n in m.neighbors[space] if m.by_id[n].type == "land" and n not in st.board]


def _reveal_cost(st: State) -> int:
    card = draw_cards(st, 1)
    if not card:
        return 1
    st.discard = (*st.discard, card[0])
    st.revealed = (*st.revealed, card[0])
    return CARDS[card[0]].cost


def _reveal(st: State) -> None:
    """§2.2 step 6: everyone's choice is revealed and paid for; generation 1 begins."""
    preludes: list[tuple[str, ...]] = []
    for seat in range(st.n):
        choice = st.sel[seat]
        assert choice is not None
        player = st.pw(seat)
        corp = CARDS[choice["corp"]]
        player.corp = corp.id
        recompute(player)
        free = corp.id == BEGINNER
        price = card_price(corp.id)
        player.stock[MC] += corp.starting_mc - (0 if free else price * len(choice["kept"]))
        player.hand = tuple(choice["kept"])
        st.discard = st.discard + tuple(c for c in choice["cards"] if c not in choice["kept"])
        preludes.append(tuple(choice.get("kept_preludes", ())))
        if corp.first_action:
            player.first_action = corp.id
        log(st, seat, "corporation", corp.id, len(choice["kept"]))
        push_ops(st, seat, corp.id, corp.play)
        for tag in corp.tags:
            fire(st, "tag", seat, tag=tag, card=corp.id)
    if st.solo:
        for space, (kind, owner, _name) in st.board.items():
            if kind == "city" and owner == NEUTRAL:
                fire(st, "tile", NEUTRAL, kind="city", name="", mars=True, metal=False, space=space)
    st.sel = [None] * st.n
    st.phase = "action"
    st.active = st.first
    st.turn_actions = 0
    log(st, -1, "generation", st.gen)
    queue_preludes(st, preludes)


# --- simultaneous choices: setup, research, draft ------------------------------------------------


def _buy_capacity(st: State, seat: int, choice: dict[str, Any]) -> int:
    if choice["stage"] in ("corp", "cards") and st.phase == "setup":
        return CARDS[choice["corp"]].starting_mc
    player = st.players[seat]
    return player.stock[MC] + (player.stock[HEAT] if player.mods.heat_as_mc else 0)


def selection_options(st: State, seat: int) -> list[Action]:
    """Return the legal actions of `seat` in a simultaneous step (empty once confirmed)."""
    choice = st.sel[seat] if 0 <= seat < len(st.sel) else None
    if choice is None:
        return []
    stage = choice["stage"]
    if stage == "corp":
        return [{"type": "corporation", "card": c} for c in choice["corps"]]
    if stage == "draft":
        if choice["picked"]:
            return []
        return [{"type": "draft", "card": c} for c in choice["packet"]]
    if stage == "cards":
        kept = choice["kept"]
        price = seat_card_price(st, seat)
        room = _buy_capacity(st, seat, choice) - price * len(kept)
        options: list[Action] = []
        if st.phase == "setup":
            # §12.4: the choice may change until confirmed, the corporation too.
            options += [
                {"type": "corporation", "card": c} for c in choice["corps"] if c != choice["corp"]
            ]
        if room >= price:
            options += [{"type": "keep", "card": c} for c in choice["cards"] if c not in kept]
        options += [{"type": "release", "card": c} for c in kept]
        options += prelude_options(choice)
        if choice_complete(choice):
            options.append({"type": "done"})
        return options
    if stage == "pay":
        player = st.players[seat]
        cost = seat_card_price(st, seat) * len(choice["kept"])
        least = max(0, cost - player.stock[MC])
        most = min(player.stock[HEAT], cost)
        return [{"type": "pay", "resource": "heat", "amount": a} for a in range(least, most + 1)]
    return []


def apply_selection(st: State, seat: int, action: Action) -> None:
    """Record one simultaneous choice; close the step when every seat has confirmed."""
    choice = dict(st.sel[seat] or {})
    kind = action["type"]
    if kind == "corporation":
        choice.update(stage="cards", corp=action["card"])
        # A poorer corporation keeps only the first cards it can still pay for.
        budget = CARDS[action["card"]].starting_mc // card_price(action["card"])
        choice["kept"] = tuple(choice.get("kept", ())[:budget])
    elif kind in ("keep", "release") and apply_pick(choice, action):
        pass  # a prelude (§13)
    elif kind == "keep":
        choice["kept"] = (*choice["kept"], action["card"])
    elif kind == "release":
        choice["kept"] = tuple(c for c in choice["kept"] if c != action["card"])
    elif kind == "draft":
        choice["picked"] = action["card"]
    elif kind == "done":
        player = st.players[seat]
        cost = seat_card_price(st, seat) * len(choice["kept"])
        if st.phase == "research" and cost and player.mods.heat_as_mc and player.stock[HEAT]:
            # §5: Helion may pay research with heat; ask how much unless only one mix works.
            least = max(0, cost - player.stock[MC])
            most = min(player.stock[HEAT], cost)
            if least == most:
                choice.update(stage="done", heat=least)
            else:
                choice["stage"] = "pay"
        else:
            choice.update(stage="done", heat=0)
    elif kind == "pay":
        choice.update(stage="done", heat=action["amount"])
    st.sel[seat] = choice
    if kind == "draft":
        if all(c is not None and c["picked"] for c in st.sel):
            _pass_packets(st)
        return
    if all(c is not None and c["stage"] == "done" for c in st.sel):
        if st.phase == "setup":
            _reveal(st)
        else:
            _end_research(st)


def _pass_packets(st: State) -> None:
    """§12.1: everyone keeps the card picked and passes the rest (left in even generations)."""
    direction = 1 if st.gen % 2 == 0 else -1
    packets = []
    for seat in range(st.n):
        choice = st.sel[seat]
        assert choice is not None
        rest = tuple(c for c in choice["packet"] if c != choice["picked"])
        packets.append(rest)
    new_sel: list[dict[str, Any] | None] = []
    for seat in range(st.n):
        choice = st.sel[seat]
        assert choice is not None
        drafted = (*choice["drafted"], choice["picked"])
        packet = packets[(seat - direction) % st.n]
        if len(packet) <= 1:
            drafted = drafted + packet
            new_sel.append({"stage": "cards", "cards": drafted, "kept": ()})
        else:
            new_sel.append({"stage": "draft", "packet": packet, "drafted": drafted, "picked": ""})
    st.sel = new_sel
    st.draft_round += 1


def _end_research(st: State) -> None:
    """§3.2: pay for the kept cards, discard the rest, start the action phase."""
    for seat in range(st.n):
        choice = st.sel[seat]
        assert choice is not None
        player = st.pw(seat)
        kept = choice["kept"]
        heat = choice.get("heat", 0)
        player.stock[HEAT] -= heat
        player.stock[MC] -= card_price(player.corp) * len(kept) - heat
        assert player.stock[MC] >= 0
        player.hand = player.hand + tuple(kept)
        st.discard = st.discard + tuple(c for c in choice["cards"] if c not in kept)
        log(st, seat, "research", len(kept))
    st.sel = [None] * st.n
    st.phase = "action"
    st.active = st.first
    st.turn_actions = 0
    if st.players[st.active].passed:
        next_turn(st)


# --- turns, production, generations -------------------------------------------------------------


def next_turn(st: State) -> None:
    """§3.3: the turn passes clockwise to the next player who has not passed.

    A player who said "I pass when my turn comes" (README "Turn flow") passes at once, with
    the log line "passed (in advance)", and the turn goes on to the next one.

    Decisions that wait for the end of the turn (`State.after_turn`: Pluto's discards, §14)
    are asked first, in the order they arose; the ("next_turn", seat, "") item after them
    moves the turn on (or ends the generation) once they are answered.
    """
    if st.after_turn:
        for item in st.after_turn:
            front(st, item)
        front(st, ("next_turn", st.active, ""))
        st.after_turn = ()
        return
    st.turn_actions = 0
    for offset in range(1, st.n + 1):
        seat = (st.active + offset) % st.n
        if st.players[seat].passed:
            continue
        if st.ahead[seat]:
            st.pw(seat).passed = True
            st.ahead = tuple(False if i == seat else flag for i, flag in enumerate(st.ahead))
            log(st, seat, "pass_ahead")
            continue
        st.active = seat
        return
    _production(st)


@op("next_turn")
def _next_turn(st: State, item: tuple[Any, ...]) -> None:
    """("next_turn", seat, ""): the decisions after the turn are answered; the turn moves on."""
    next_turn(st)


def _production(st: State) -> None:
    """§3.4: energy becomes heat, then everyone produces; actions are ready again."""
    for seat in range(st.n):
        player = st.pw(seat)
        stock, prod = player.stock, player.prod
        stock[HEAT] += stock[ENERGY]
        stock[ENERGY] = 0
        stock[MC] = max(0, stock[MC] + player.tr + prod[MC])
        for res in range(1, 6):
            stock[res] += prod[res]
        player.used = ()
        player.passed = False
        player.tr_gen = False
        player.next_card = ()  # one-shot modifiers last one generation (Special Design)
    st.ahead = (False,) * st.n  # "pass in advance" lasts one generation
    log(st, -1, "production", st.gen)
    end_generation(st)  # §14: fleets return, colony markers rise
    if st.solo:
        if st.gen >= solo_generations(st.settings):
            won = solo_won(st)
            log(st, 0, "solo_end", won)
            if won or not SOLO_FINAL_GREENERY_ONLY_IF_WON:
                _final_greenery(st)
            else:
                st.phase = "over"
            return
    elif terraformed(st):
        _final_greenery(st)
        return
    _new_generation(st)


def terraformed(st: State) -> bool:
    return st.temperature >= TEMPERATURE_MAX and st.oxygen >= OXYGEN_MAX and st.oceans >= OCEANS_MAX


def solo_won(st: State) -> bool:
    """§11.3: terraform Mars by the end (standard) or reach TR 63 (TR63 mode)."""
    if st.settings.solo_mode == "tr63":
        return st.players[0].tr >= SOLO_TR63
    return terraformed(st)


def _new_generation(st: State) -> None:
    """§3.1, §3.2: the first player moves on, everyone researches (or drafts) 4 cards."""
    st.gen += 1
    st.first = (st.first + 1) % st.n
    st.phase = "research"
    st.draft_round = 0
    log(st, -1, "generation", st.gen)
    drafting = st.settings.draft and st.n > 1
    sel: list[dict[str, Any] | None] = [None] * st.n
    for offset in range(st.n):
        seat = (st.first + offset) % st.n
        cards = tuple(draw_cards(st, RESEARCH_CARDS))
        if drafting and len(cards) > 1:
            sel[seat] = {"stage": "draft", "packet": cards, "drafted": (), "picked": ""}
        else:
            sel[seat] = {"stage": "cards", "cards": cards, "kept": ()}
    if drafting and not all(
        c is not None and len(c.get("packet", ())) == RESEARCH_CARDS for c in sel
    ):
        # The deck ran too low to deal everyone a full packet: nobody drafts this generation.
        sel = [
            {"stage": "cards", "cards": c.get("packet", c.get("cards", ())), "kept": ()}
            for c in sel
            if c is not None
        ]
    st.sel = sel


def _final_greenery(st: State) -> None:
    """§10.1 step 2: in turn order, each player may turn plants into greeneries."""
    st.phase = "final"
    log(st, -1, "final_greenery")
    for offset in range(st.n):
        st.queue.append(("final_greenery", (st.first + offset) % st.n, ""))


@decision("final_greenery")
class FinalGreenery(Decision):
    """("final_greenery", seat, ""): convert plants into one more greenery, or be done."""

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        seat = item[1]
        player = st.players[seat]
        options: list[Action] = []
        if player.stock[3] >= player.mods.greenery_plants and any_legal_space(st, seat, "greenery"):
            options.append({"type": "convert", "resource": "plants"})
        options.append({"type": "done"})
        return options

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        seat = item[1]
        if action["type"] == "done":
            return
        player = st.pw(seat)
        player.stock[3] -= player.mods.greenery_plants
        log(st, seat, "convert_plants")
        front(st, ("place", seat, "", "greenery", "greenery", ""))
        front(st, ("final_greenery", seat, ""))


@op("noop")
def _noop(st: State, item: tuple[Any, ...]) -> None:
    return None


def settle(st: State) -> None:
    """Resolve the queue; end the game once the final greenery round is over."""
    run(st)
    if st.phase == "final" and not st.queue:
        st.phase = "over"
        log(st, -1, "game_over")
