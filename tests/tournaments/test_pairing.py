"""Pairings, brackets and standings against worked examples and properties (pure: no database)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Bye,
    DoubleBracket,
    Game,
    Player,
    bracket,
    double_bracket,
    double_pairing,
    double_placings,
    elimination_pairing,
    elimination_rounds,
    elimination_slots,
    game_points,
    seed_positions,
    standings,
    swiss_pairing,
    table_sizes,
    tables_pairing,
)

A, B, C, D, E = 1, 2, 3, 4, 5
FOUR = [Player(A, 1600), Player(B, 1500), Player(C, 1400), Player(D, 1300)]
WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)


def test_points_are_pairwise_results():
    assert game_points([1, 2]) == [1.0, 0.0]
    assert game_points([1, 1]) == [0.5, 0.5]
    # Four players, second and third tie: 3, 1.5, 1.5, 0.
    assert game_points([1, 2, 2, 4]) == [3.0, 1.5, 1.5, 0.0]


def test_first_round_pairs_by_rating_and_the_better_player_moves_first():
    pairing = swiss_pairing(FOUR, [], [])
    assert pairing.tables == ((A, B), (C, D))
    assert pairing.byes == ()


def test_second_round_pairs_by_score_then_rating_and_swaps_first_seats():
    games = [Game(1, (A, B), WIN), Game(1, (C, D), WIN)]
    pairing = swiss_pairing(FOUR, games, [])
    # A and C lead with 1 point; B and D have 0. B and D moved second, so they move first
    # against anyone who moved first; A and C both moved first, so rank decides.
    assert pairing.tables == ((A, C), (B, D))


def test_it_avoids_a_repeat_by_taking_the_next_opponent():
    games = [
        Game(1, (A, B), WIN),
        Game(1, (C, D), WIN),
        Game(2, (A, C), WIN),
        Game(2, (B, D), WIN),
    ]
    # Scores: A 2, B 1, C 1, D 0. A has met B and C: A meets D, B meets C.
    pairing = swiss_pairing(FOUR, games, [])
    assert sorted(map(sorted, pairing.tables)) == [[A, D], [B, C]]


def test_a_repeat_is_taken_only_when_none_can_be_avoided():
    two = FOUR[:2]
    pairing = swiss_pairing(two, [Game(1, (A, B), WIN)], [])
    assert pairing.tables == ((B, A),)  # A moved first last time: B moves first now


def test_the_bye_goes_to_the_lowest_ranked_player_and_only_once():
    five = [*FOUR, Player(E, 1200)]
    first = swiss_pairing(five, [], [])
    assert first.byes == (E,)
    games = [Game(1, t, WIN) for t in first.tables]
    second = swiss_pairing(five, games, [Bye(1, E)])
    # E has 1 point from the bye and D and B have 0 points; the lowest-ranked without a bye
    # is D (0 points, rating 1300).
    assert second.byes == (D,)
    assert E not in second.byes


def test_dropped_players_are_simply_left_out():
    pairing = swiss_pairing([p for p in FOUR if p.id != B], [Game(1, (A, B), WIN)], [])
    assert pairing.byes == (D,)
    assert pairing.tables == ((C, A),)  # A moved first in round 1


def test_standings_equal_a_table_worked_out_by_hand():
    games = [
        Game(1, (A, B), WIN),
        Game(1, (C, D), DRAW),
        Game(2, (C, A), WIN),
        Game(2, (B, D), WIN),
        Game(3, (A, D), WIN),
        Game(3, (B, C), DRAW),
    ]
    # Scores: A 1+0+1 = 2, B 0+1+½ = 1.5, C ½+1+½ = 2, D ½+0+0 = 0.5.
    # Buchholz (opponents' scores): A = B+C+D = 1.5+2+0.5 = 4; B = A+D+C = 4.5;
    #   C = D+A+B = 0.5+2+1.5 = 4; D = C+B+A = 2+1.5+2 = 5.5.
    # Sonneborn-Berger (points taken × opponent's score): A = 1×1.5 (B) + 1×0.5 (D) = 2;
    #   B = 1×0.5 (D) + ½×2 (C) = 1.5; C = ½×0.5 (D) + 1×2 (A) + ½×1.5 (B) = 3;
    #   D = ½×2 (C) = 1.
    # A and C tie on score and Buchholz; C's Sonneborn-Berger puts C first.
    table = [
        (s.rank, s.player, s.score, s.buchholz, s.sonneborn_berger, s.games)
        for s in standings(FOUR, games, [])
    ]
    assert table == [
        (1, C, 2.0, 4.0, 3.0, 3),
        (2, A, 2.0, 4.0, 2.0, 3),
        (3, B, 1.5, 4.5, 1.5, 3),
        (4, D, 0.5, 5.5, 1.0, 3),
    ]


def test_a_bye_counts_one_point_and_no_tie_break():
    three = FOUR[:3]
    games = [Game(1, (A, B), WIN)]
    lines = {s.player: s for s in standings(three, games, [Bye(1, C)])}
    assert lines[C].score == 1.0 and lines[C].buchholz == 0.0 and lines[C].byes == 1
    assert lines[A].buchholz == 0.0  # B has 0 points


def test_running_games_count_for_nothing_yet():
    lines = standings(FOUR[:2], [Game(1, (A, B), None)], [])
    assert [(s.player, s.score, s.games) for s in lines] == [(A, 0.0, 0), (B, 0.0, 0)]


@pytest.mark.parametrize(
    ("size", "order"),
    [(1, [1]), (2, [1, 2]), (4, [1, 4, 2, 3]), (8, [1, 8, 4, 5, 2, 7, 3, 6])],
)
def test_seeds_sit_so_the_best_two_meet_only_in_the_final(size, order):
    assert seed_positions(size) == order


def test_a_bracket_of_five_gives_byes_to_the_top_three_seeds():
    five = [Player(E, 1200), *FOUR]
    slots = elimination_slots(five)
    assert slots == [A, None, D, E, B, None, C, None]
    seeds = {p.id: n for n, p in enumerate(sorted(five, key=lambda p: -p.rating), start=1)}
    rounds = bracket(slots, [], seeds)
    assert elimination_rounds(5) == len(rounds) == 3
    assert elimination_pairing(rounds, 1).tables == ((D, E),)
    # E beats D: round 2 is A–E and B–C.
    games = [Game(1, (D, E), LOSS)]
    rounds = bracket(slots, games, seeds)
    assert elimination_pairing(rounds, 2).tables == ((A, E), (B, C))
    games += [Game(2, (A, E), LOSS), Game(2, (B, C), DRAW)]  # a draw: the better seed, B
    rounds = bracket(slots, games, seeds)
    assert elimination_pairing(rounds, 3).tables == ((E, B),)
    games.append(Game(3, (E, B), WIN))
    assert bracket(slots, games, seeds)[-1][0].winner == E


def test_a_player_who_left_sends_the_opponent_through_without_a_game():
    slots = elimination_slots(FOUR)
    seeds = {A: 1, B: 2, C: 3, D: 4}
    rounds = bracket(slots, [], seeds, dropped=[D])
    assert rounds[0][0].winner == A
    assert elimination_pairing(rounds, 1).tables == ((B, C),)


def test_a_later_departure_does_not_rewrite_a_match_decided_by_an_earlier_one():
    slots = elimination_slots(FOUR)
    seeds = {A: 1, B: 2, C: 3, D: 4}
    # D left before round 1, so A went through without a game and then played round 2 ...
    games = [Game(1, (B, C), WIN), Game(2, (A, B), WIN)]
    rounds = bracket(slots, games, seeds, dropped=[D])
    assert rounds[0][0].winner == A
    # ... and A leaving afterwards keeps A as round 1's winner and the final's.
    rounds = bracket(slots, games, seeds, dropped=[D, A])
    assert rounds[0][0].winner == A
    assert rounds[1][0].winner == A
    # Two who both left before either played on: the better seed, and no game is made.
    rounds = bracket(slots, [], seeds, dropped=[D, A])
    assert rounds[0][0].winner == A
    assert elimination_pairing(rounds, 1).tables == ((B, C),)


def test_an_aborted_game_sends_the_better_seed_through_as_a_draw_does():
    slots = elimination_slots(FOUR)
    seeds = {A: 1, B: 2, C: 3, D: 4}
    # D–A (D in the first seat) was aborted: no places, yet A, the better seed, goes on.
    games = [Game(1, (D, A), None, aborted=True), Game(1, (B, C), None)]
    rounds = bracket(slots, games, seeds)
    assert rounds[0][0].winner == A
    assert rounds[0][1].winner is None  # a game still running decides nothing yet
    games[1] = Game(1, (B, C), LOSS)
    assert elimination_pairing(bracket(slots, games, seeds), 2).tables == ((A, C),)
    # An aborted game gives nobody a point.
    assert {s.player: s.score for s in standings(FOUR, games, [])}[A] == 0.0


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(3, [3]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (11, [4, 4, 3]), (16, [4, 4, 4, 4])],
)
def test_tables_are_cut_as_equal_as_possible(count, sizes):
    assert table_sizes(count, 3, 5) == sizes


def test_too_few_players_for_a_table_is_refused():
    with pytest.raises(ValueError, match="do not fit"):
        table_sizes(2, 3, 5)
    with pytest.raises(ValueError, match="do not fit"):
        table_sizes(5, 3, 4)


def test_tables_put_the_leaders_together_and_rotate_the_first_seat():
    seven = [Player(i, 1500 - i) for i in range(1, 8)]
    first = tables_pairing(seven, [], [], smallest=3, largest=5)
    assert first.tables == ((1, 2, 3, 4), (5, 6, 7))
    games = [Game(1, (1, 2, 3, 4), (4, 3, 2, 1)), Game(1, (5, 6, 7), (1, 2, 3))]
    second = tables_pairing(seven, games, [], smallest=3, largest=5)
    # Scores: 4: 3, 3: 2, 5: 2, 2: 1, 6: 1, 1: 0, 7: 0 (rating breaks ties).
    assert [sorted(t) for t in second.tables] == [[2, 3, 4, 5], [1, 6, 7]]
    # 1 and 5 moved first last time: neither does now.
    assert second.tables[0][0] != 5 and second.tables[1][0] != 1


def test_players_who_cannot_be_cut_into_tables_leave_the_lowest_ranked_a_bye():
    # Tables of 3 only: of four, the lowest-ranked sits out; of five, the two lowest.
    assert tables_pairing(FOUR, [], [], smallest=3, largest=3).tables == ((A, B, C),)
    assert tables_pairing(FOUR, [], [], smallest=3, largest=3).byes == (D,)
    five = [*FOUR, Player(E, 1200)]
    pairing = tables_pairing(five, [], [], smallest=3, largest=3)
    assert pairing.tables == ((A, B, C),) and pairing.byes == (D, E)
    # Tables of 3 or 4: five players need one bye, not two (one table of 4).
    pairing = tables_pairing(five, [], [], smallest=3, largest=4)
    assert pairing.tables == ((A, B, C, D),) and pairing.byes == (E,)
    # Six fit tables of 3 as they are: no bye.
    six = [*five, Player(6, 1100)]
    assert tables_pairing(six, [], [], smallest=3, largest=3).byes == ()


def test_a_table_bye_is_one_point_and_goes_to_the_lowest_ranked_without_one():
    games = [Game(1, (A, B, C), (1, 2, 3))]  # A 2 points, B 1, C 0; D's bye: 1
    byes = [Bye(1, D)]
    lines = {s.player: s.score for s in standings(FOUR, games, byes)}
    assert lines == {A: 2.0, B: 1.0, C: 0.0, D: 1.0}
    # Ranked A, B, D (1 point, rating 1300 below B's), C: C is the lowest without a bye.
    pairing = tables_pairing(FOUR, games, byes, smallest=3, largest=3)
    assert pairing.byes == (C,)
    assert sorted(pairing.tables[0]) == [A, B, D]


def test_when_everyone_has_had_a_bye_tables_go_down_to_the_games_minimum():
    games = [Game(n, t, (1, 2, 3)) for n, t in enumerate([(A, B, C), (A, B, D)], 1)]
    games += [Game(3, (A, C, D), (1, 2, 3)), Game(4, (B, C, D), (1, 2, 3))]
    byes = [Bye(1, D), Bye(2, C), Bye(3, B), Bye(4, A)]
    pairing = tables_pairing(FOUR, games, byes, smallest=3, largest=3, minimum=2)
    assert pairing.byes == () and sorted(map(len, pairing.tables)) == [2, 2]
    # A game for three at least has no smaller table: no round can be made.
    with pytest.raises(ValueError, match="do not fit"):
        tables_pairing(FOUR, games, byes, smallest=3, largest=3, minimum=3)


def test_too_few_players_for_a_table_of_3_play_at_the_games_minimum():
    pairing = tables_pairing(FOUR[:2], [], [], smallest=3, largest=4, minimum=2)
    assert pairing.tables == ((A, B),) and pairing.byes == ()
    with pytest.raises(ValueError, match="do not fit"):
        tables_pairing(FOUR[:2], [], [], smallest=3, largest=4)


# Properties


def _repeat_free_possible(order: list[int], met: dict[int, set[int]]) -> bool:
    if not order:
        return True
    first, rest = order[0], order[1:]
    return any(
        other not in met[first] and _repeat_free_possible([p for p in rest if p != other], met)
        for other in rest
    )


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=9),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_swiss_rounds_keep_their_promises(count, rounds, seed):
    """Everyone once per round; byes at most once each; no repeat while one can be avoided."""
    pick = random.Random(seed)
    players = [Player(i, pick.randrange(1000, 2000)) for i in range(1, count + 1)]
    rounds = min(rounds, count)  # more rounds than players would need a second bye
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        pairing = swiss_pairing(players, games, byes)
        seated = [p for table in pairing.tables for p in table] + list(pairing.byes)
        assert sorted(seated) == [p.id for p in players]
        assert all(len(table) == 2 for table in pairing.tables)
        assert len(pairing.byes) == count % 2
        met = {p.id: set() for p in players}
        for game in games:
            for x, y in itertools.permutations(game.seats, 2):
                met[x].add(y)
        had_bye = {b.player for b in byes}
        assert not had_bye & set(pairing.byes)
        repeats = sum(1 for x, y in pairing.tables if y in met[x])
        if repeats:
            # No eligible bye leaves a pairing without repeats.
            candidates = [p.id for p in players if p.id not in had_bye] if count % 2 else [None]
            for candidate in candidates:
                rest = [p.id for p in players if p.id != candidate]
                assert not _repeat_free_possible(rest, met)
        for table in pairing.tables:
            games.append(Game(number, table, pick.choice([WIN, LOSS, DRAW])))
        byes.extend(Bye(number, p) for p in pairing.byes)


@settings(max_examples=100, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=10),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_the_first_seat_goes_to_whoever_had_it_least(count, rounds, seed):
    """At each table, the first mover's surplus of first seats is never above the other's."""
    pick = random.Random(seed)
    players = [Player(i, pick.randrange(1000, 2000)) for i in range(1, count + 1)]
    games: list[Game] = []
    byes: list[Bye] = []

    def surplus(player: int) -> int:
        return sum(1 if g.seats[0] == player else -1 for g in games if player in g.seats)

    for number in range(1, min(rounds, count) + 1):
        pairing = swiss_pairing(players, games, byes)
        for first, second in pairing.tables:
            assert surplus(first) <= surplus(second)
        for table in pairing.tables:
            games.append(Game(number, table, pick.choice([WIN, LOSS, DRAW])))
        byes.extend(Bye(number, p) for p in pairing.byes)


@settings(max_examples=100, deadline=None)
@given(count=st.integers(min_value=2, max_value=20), seed=st.integers(0, 10**6))
def test_an_elimination_ends_with_one_winner_who_never_lost(count, seed):
    pick = random.Random(seed)
    players = [Player(i, pick.randrange(1000, 2000)) for i in range(1, count + 1)]
    slots = elimination_slots(players)
    seeds = {p: n for n, p in enumerate(sorted(players, key=lambda p: (-p.rating, p.id)), 1)}
    seeds = {p.id: n for p, n in seeds.items()}
    games: list[Game] = []
    for number in range(1, elimination_rounds(count) + 1):
        rounds = bracket(slots, games, seeds)
        pairing = elimination_pairing(rounds, number)
        seated = [p for t in pairing.tables for p in t]
        assert len(seated) == len(set(seated))
        games += [Game(number, t, pick.choice([WIN, LOSS])) for t in pairing.tables]
    final = bracket(slots, games, seeds)
    winner = final[-1][0].winner
    assert winner is not None
    lost = {g.seats[1] if g.places == WIN else g.seats[0] for g in games}
    assert winner not in lost
    assert len(lost) == len(games)  # each game puts one player out, once


# Double elimination

EIGHT = [Player(i, 2000 - 10 * i) for i in range(1, 9)]  # seed i is player i
EIGHT_SEEDS = {i: i for i in range(1, 9)}


def _run_double(
    players: list[Player],
    result: dict[int, tuple[int, int]] | None = None,
    dropped: tuple[int, ...] = (),
) -> tuple[DoubleBracket, list[Game], list[tuple[tuple[int, int], ...]]]:
    """Play every round in order; a round's games all end with `result[round]` (WIN default)."""
    slots = elimination_slots(players)
    seeds = {p.id: n for n, p in enumerate(sorted(players, key=lambda p: (-p.rating, p.id)), 1)}
    games: list[Game] = []
    schedule = []
    for number in range(1, 2 * elimination_rounds(len(players)) + 2):
        tree = double_bracket(slots, games, seeds, dropped)
        if tree.champion is not None:
            break
        tables = double_pairing(tree, number).tables
        schedule.append(tables)
        games += [Game(number, t, (result or {}).get(number, WIN)) for t in tables]
    return double_bracket(slots, games, seeds, dropped), games, schedule


def test_a_double_elimination_of_eight_drops_losers_crosswise_and_resets_the_final():
    # Every game goes to the upper seat, except the grand final (round 6): seed 8 comes
    # through the losers' bracket, wins the final, and then the reset (round 7).
    tree, games, schedule = _run_double(EIGHT, {6: LOSS})
    assert schedule == [
        ((1, 8), (4, 5), (2, 7), (3, 6)),  # winners' round 1
        ((1, 4), (2, 3), (8, 5), (7, 6)),  # winners' round 2 and losers' round 1
        # The winners' final; the losers of winners' round 2 (4 and 3) drop in reversed
        # order: 8 and 5 came from 1 and 4's half, so 8 meets 3, and 7 meets 4.
        ((1, 2), (8, 3), (7, 4)),
        ((8, 7),),  # losers' round 3
        ((8, 2),),  # losers' final: 2 lost the winners' final
        ((1, 8),),  # grand final: 8 wins, so both have lost once
        ((8, 1),),  # the reset, seats swapped
    ]
    assert tree.champion == 8 and tree.rounds == 7 and len(tree.finals) == 2
    met_before: set[frozenset[int]] = set()
    for game in games[:8]:  # the first two rounds' games are not met again in round 3
        met_before.add(frozenset(game.seats))
    assert not {frozenset(t) for t in schedule[2]} & met_before
    placings = [(p.place, p.player, p.wins, p.losses) for p in double_placings(tree, EIGHT)]
    assert placings == [
        (1, 8, 6, 1),
        (2, 1, 3, 2),
        (3, 2, 2, 2),
        (4, 7, 2, 2),
        (5, 3, 1, 2),
        (5, 4, 1, 2),
        (7, 5, 0, 2),
        (7, 6, 0, 2),
    ]


def test_the_winners_champion_taking_the_grand_final_ends_it_without_a_reset():
    tree, _games, schedule = _run_double(EIGHT)
    assert tree.champion == 1 and tree.rounds == 6 and len(tree.finals) == 1
    # 8 came through the losers' bracket (the upper seat there wins every game too).
    assert schedule[-1] == ((1, 8),)
    top = [(p.place, p.player) for p in double_placings(tree, EIGHT)[:3]]
    assert top == [(1, 1), (2, 8), (3, 2)]


def test_five_players_give_byes_to_the_top_three_and_a_draw_sends_the_better_seed_on():
    five = [Player(E, 1200), *FOUR]  # seeds A B C D E
    tree, _games, schedule = _run_double(five, {1: DRAW})
    # Winners' round 1: only D–E; the draw sends D (seed 4) through and E into the losers'.
    assert schedule[0] == ((D, E),)
    # Round 2: winners' semi-finals; the losers' round 1 has E alone (a bye: no game).
    assert schedule[1] == ((A, D), (B, C))
    assert [m.decided and m.loser is None for m in tree.losers[0]] == [True, True]
    assert tree.champion == A
    losses = {p.player: p.losses for p in double_placings(tree, five)}
    assert losses == {A: 0, B: 2, C: 2, D: 2, E: 2}


def test_an_aborted_game_in_a_double_elimination_counts_as_a_draw():
    slots = elimination_slots(FOUR)
    seeds = {A: 1, B: 2, C: 3, D: 4}
    games = [Game(1, (A, D), None, aborted=True), Game(1, (B, C), WIN)]
    tree = double_bracket(slots, games, seeds)
    assert tree.winners[0][0].winner == A and tree.winners[0][0].loser == D
    # A meets B in the winners' bracket; D, who lost the aborted game, meets C.
    assert sorted(map(sorted, double_pairing(tree, 2).tables)) == [[A, B], [C, D]]
    losses = {p.player: p.losses for p in double_placings(tree, FOUR)}
    assert losses == {A: 0, B: 0, C: 1, D: 1}


def test_a_player_who_left_forfeits_their_matches_without_a_game():
    tree, games, schedule = _run_double(FOUR, dropped=(D,))
    assert schedule[0] == ((B, C),)  # A goes through: D forfeits
    assert all(D not in g.seats for g in games)
    assert tree.winners[0][0].winner == A and tree.winners[0][0].loser == D
    # D's second forfeit is in the losers' round 1, against C.
    assert tree.losers[0][0].winner == C and tree.losers[0][0].loser == D
    assert tree.champion == A


def test_two_players_play_a_grand_final_after_their_first_game():
    two = FOUR[:2]
    tree, _games, schedule = _run_double(two, {1: LOSS, 2: LOSS})
    # B beats A; A comes back as the losers' champion and wins the final: the reset decides.
    assert schedule == [((A, B),), ((B, A),), ((A, B),)]
    assert tree.champion == A and tree.rounds == 3


def test_the_unknown_parts_of_a_bracket_have_no_players_yet():
    slots = elimination_slots(EIGHT)
    tree = double_bracket(slots, [], EIGHT_SEEDS)
    assert double_pairing(tree, 1).tables == ((1, 8), (4, 5), (2, 7), (3, 6))
    assert double_pairing(tree, 2).tables == ()
    assert [len(r) for r in tree.winners] == [4, 2, 1]
    assert [len(r) for r in tree.losers] == [2, 2, 1, 1]
    assert [m.round for r in tree.losers for m in r[:1]] == [2, 3, 4, 5]
    assert tree.finals[0].round == 6 and not tree.finals[0].first_known
    assert all(p.place is None for p in double_placings(tree, EIGHT))


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=20),
    seed=st.integers(0, 10**6),
    leavers=st.integers(0, 3),
)
def test_a_double_elimination_ends_with_everyone_but_the_champion_out_on_two_losses(
    count, seed, leavers
):
    pick = random.Random(seed)
    players = [Player(i, pick.randrange(1000, 2000)) for i in range(1, count + 1)]
    slots = elimination_slots(players)
    seeds = {p.id: n for n, p in enumerate(sorted(players, key=lambda p: (-p.rating, p.id)), 1)}
    levels = elimination_rounds(count)
    leave_at = {
        pick.randrange(1, count + 1): pick.randrange(1, 2 * levels + 2) for _ in range(leavers)
    }
    games: list[Game] = []
    gone: list[int] = []
    tree = double_bracket(slots, games, seeds)
    number = 0
    while tree.champion is None and number <= 2 * levels + 1:
        number += 1
        gone = [p for p, when in leave_at.items() if when <= number]
        tree = double_bracket(slots, games, seeds, gone)
        if tree.champion is not None:
            break
        pairing = double_pairing(tree, number)
        seated = [p for t in pairing.tables for p in t]
        assert len(seated) == len(set(seated))  # one game a round at most
        assert not set(seated) & set(gone)  # no game for a player who left
        for player in seated:  # no one plays after their second loss
            assert sum(1 for g in games if g.places and _loser(g, seeds) == player) < 2
        games += [Game(number, t, pick.choice([WIN, LOSS, DRAW])) for t in pairing.tables]
        tree = double_bracket(slots, games, seeds, gone)
    # Later departures never rewrite the past: every game played is still in the bracket.
    matches = [m for ms in (*tree.winners, *tree.losers, tree.finals) for m in ms]
    assert {(g.round, frozenset(g.seats)) for g in games} <= {
        (m.round, frozenset((m.first, m.second))) for m in matches if m.decided
    }
    assert tree.champion is not None
    assert number <= 2 * levels + 1 and tree.rounds <= 2 * levels + 1  # rounds are bounded
    losses = {p.player: p.losses for p in double_placings(tree, players)}
    assert losses.pop(tree.champion) <= 1
    assert set(losses.values()) == {2} or count == 1
    places = [p.place for p in double_placings(tree, players)]
    assert places[0] == 1 and None not in places


def _loser(game: Game, seeds: dict[int, int]) -> int:
    first, second = game.seats
    if game.places == WIN:
        return second
    if game.places == LOSS:
        return first
    return second if seeds[first] < seeds[second] else first  # a draw: the better seed on


def _fits(count: int, smallest: int, largest: int) -> bool:
    try:
        table_sizes(count, smallest, largest)
    except ValueError:
        return False
    return True


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(min_value=3, max_value=64),
    largest=st.integers(min_value=3, max_value=5),
    minimum=st.sampled_from([2, 3]),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_tables_rounds_seat_everyone_once_or_give_a_bye_once(count, largest, minimum, rounds, seed):
    """Each active player sits at one table or has a bye; tables within bounds; one bye each;
    byes only when the players cannot be cut, as few as needed, to the lowest-ranked."""
    pick = random.Random(seed)
    players = [Player(i, pick.randrange(1000, 2000)) for i in range(1, count + 1)]
    rating = {p.id: p.rating for p in players}
    active = list(players)
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        if number > 1 and len(active) > 2 and pick.random() < 0.4:  # someone leaves
            active.remove(pick.choice(active))
        ids = [p.id for p in active]
        had_bye = {b.player for b in byes}
        candidates = [p for p in ids if p not in had_bye]
        byes_can = any(_fits(len(ids) - k, 3, largest) for k in range(len(candidates) + 1))
        try:
            pairing = tables_pairing(
                active, games, byes, smallest=3, largest=largest, minimum=minimum
            )
        except ValueError:
            # No round at all: neither byes nor the game's smaller tables can seat them.
            assert not byes_can and not _fits(len(ids), minimum, largest)
            break
        seated = [p for table in pairing.tables for p in table]
        assert sorted(seated + list(pairing.byes)) == sorted(ids)  # everyone exactly once
        assert not had_bye & set(pairing.byes)  # nobody has a second bye
        sizes = [len(table) for table in pairing.tables]
        assert max(sizes) - min(sizes) <= 1  # as equal as possible
        if byes_can:
            assert all(3 <= size <= largest for size in sizes)
            # As few byes as needed ...
            assert not any(_fits(len(ids) - k, 3, largest) for k in range(len(pairing.byes)))
            # ... to the lowest-ranked players who had none.
            score = {s.player: s.score for s in standings(active, games, byes)}
            ranked = sorted(candidates, key=lambda p: (-score[p], -rating[p], p))
            assert set(pairing.byes) == set(ranked[len(ranked) - len(pairing.byes) :])
        else:
            assert not pairing.byes and all(minimum <= size <= largest for size in sizes)
        for table in pairing.tables:
            places = tuple(pick.randint(1, len(table)) for _ in table)
            games.append(Game(number, table, places))
        byes.extend(Bye(number, p) for p in pairing.byes)
