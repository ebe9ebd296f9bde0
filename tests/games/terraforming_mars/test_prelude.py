

def test_the_heuristic_bot_keeps_and_plays_its_best_preludes() -> None:
    from games.terraforming_mars.bots import HeuristicBot

    bot = HeuristicBot()
    pick = random.Random(3)
    st = ENGINE.setup(players=2, seed=13, options=PRELUDE)
    dealt = {seat: st.sel[seat]["preludes"] for seat in range(2)}
    kept: dict[int, tuple[str, ...]] = {}
    while st.phase == "setup":
        seat = min(ENGINE.to_move(st))
        kept[seat] = st.sel[seat]["kept_preludes"]
        st = ENGINE.apply(st, seat, bot.choose(ENGINE, st, seat, pick))
    for seat in range(2):
        assert len(kept[seat]) == PRELUDES_KEPT and set(kept[seat]) <= set(dealt[seat])
    for _ in range(200):
        if not any(item[0] == "prelude" for item in st.queue):
            break
        seat = min(ENGINE.to_move(st))
        st = ENGINE.apply(st, seat, bot.choose(ENGINE, st, seat, pick))
    for seat in range(2):
        preludes = [c for c in st.players[seat].played if CARDS[c].kind == "prelude"]
        assert set(preludes) <= set(kept[seat])
        assert len(preludes) == PRELUDES_KEPT or st.players[seat].stock[0] >= 15
