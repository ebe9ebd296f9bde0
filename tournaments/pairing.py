"""Tournament pairings, brackets and standings (pure Python: no Django, no database).

Everything here is a function of its arguments, so a round can be recomputed, audited and
tested without a server. Players are plain integers (the service passes entry ids).

House rules (see the README's tournaments section):

- **Points.** A game is worth its pairwise results: against each other player at the table,
  a better place is 1 point, the same place ½, a worse place 0. In a two-player game that is
  the usual 1 / ½ / 0; at a table of N it is N − place when nobody ties. A bye is worth 1.
- **Swiss** (Monrad style): players are ranked by score, then rating; the best-ranked
  unpaired player meets the next best-ranked one they have not met. When no pairing without
  a repeat exists, the one with the fewest repeats is taken. With an odd count, the bye goes
  to the lowest-ranked player who has had none (a player never gets two byes while someone
  has had none) and whose absence still allows a pairing without repeats, if any does.
- **Seats.** At a table, the player whose first seats outnumber their later seats the least
  moves first; on a tie, one who did not move first in their last game; then the better-ranked.
- **Elimination** brackets are seeded by rating (1 = best) in the usual order, so that seeds
  1 and 2 can only meet in the final; when the field is not a power of two the missing
  places are byes for the top seeds. A drawn game sends the better seed through; so does
  an aborted one (over with no places: it would otherwise decide nothing, ever).
- **Double elimination**: the same seeding; losers drop into a losers' bracket, crosswise to
  put off rematches; a grand final, and a second one (the bracket reset) when the losers'
  champion wins the first. Out after two losses; a draw or an aborted game sends the better
  seed through.
  See "Double elimination" below for the schedule of rounds.
- **Tables of 3–5** (games for more than two): ranked by score then rating, cut into tables
  as equal as possible, best-ranked players together. When the players cannot be cut into
  tables of 3 up to the largest, the lowest-ranked players who have had no bye sit out with
  a bye (1 point, as in Swiss: one pair won), as few as let the rest be cut; when that is
  impossible too (everyone has had a bye, too few players), tables go down to the game's
  own minimum. Nobody has a second bye.
- **Standings**: score, then Buchholz (the sum of the final scores of everyone met), then
  Sonneborn-Berger (for each opponent, the points taken from them × their final score),
  then rating. Byes count for the score only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

BYE_POINTS = 1.0


@dataclass(frozen=True)
class Player:
    """An entrant as pairing sees them: an id and a rating."""

    id: int
    rating: float


@dataclass(frozen=True)
class Game:
    """One game of a round: player ids in seat order (seat 0 moves first), places when over."""

    round: int
    seats: tuple[int, ...]
    places: tuple[int, ...] | None = None  # per seat, 1 = best, ties share; None while running
    aborted: bool = False  # over with no places (a moderator aborted it): no points


@dataclass(frozen=True)
class Bye:
    """A round a player sat out with a free point."""

    round: int
    player: int


@dataclass(frozen=True)
class Pairing:
    """One round's pairing: the games' seats in order and who has the bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    player: int
    score: float
    buchholz: float
    sonneborn_berger: float
    games: int
    byes: int


@dataclass
class _Record:
    score: float = 0.0
    first_seats: int = 0
    later_seats: int = 0
    last_first: bool | None = None
    byes: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)
    taken: dict[int, float] = field(default_factory=dict)  # opponent -> points taken from them


def pair_points(places: Sequence[int], seat: int) -> dict[int, float]:
    """Return what `seat` took from each other seat: 1 for a better place, ½ the same, 0 worse."""
    mine = places[seat]
    return {
        other: 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        for other, theirs in enumerate(places)
        if other != seat
    }


def game_points(places: Sequence[int]) -> list[float]:
    """Return each seat's points for a finished game (the sum of its pairwise results)."""
    return [sum(pair_points(places, seat).values()) for seat in range(len(places))]


def _records(games: Iterable[Game], byes: Iterable[Bye]) -> dict[int, _Record]:
    records: dict[int, _Record] = {}
    for game in sorted(games, key=lambda g: g.round):
        for seat, player in enumerate(game.seats):
            record = records.setdefault(player, _Record())
            record.first_seats += seat == 0
            record.later_seats += seat != 0
            record.last_first = seat == 0
            record.opponents.extend(p for p in game.seats if p != player)
            if game.places is None:
                continue
            record.games += 1
            for other, points in pair_points(game.places, seat).items():
                opponent = game.seats[other]
                record.score += points
                record.taken[opponent] = record.taken.get(opponent, 0.0) + points
    for bye in byes:
        record = records.setdefault(bye.player, _Record())
        record.byes += 1
        record.score += BYE_POINTS
    return records


def _ranked(players: Sequence[Player], records: Mapping[int, _Record]) -> list[Player]:
    def key(player: Player) -> tuple[float, float, int]:
        record = records.get(player.id)
        return (-(record.score if record else 0.0), -player.rating, player.id)

    return sorted(players, key=key)


def _seat_order(players: Sequence[int], records: Mapping[int, _Record]) -> tuple[int, ...]:
    """Order a table's players (given best-ranked first) so the first seat is spread fairly."""

    def key(indexed: tuple[int, int]) -> tuple[int, int, int]:
        rank, player = indexed
        record = records.get(player, _Record())
        # The smallest surplus of first seats over later ones first; then whoever did not
        # move first last time; then rank.
        surplus = record.first_seats - record.later_seats
        return (surplus, 1 if record.last_first else 0, rank)

    return tuple(player for _, player in sorted(enumerate(players), key=key))


def _pair_ranked(order: Sequence[int], met: Mapping[int, set[int]]) -> list[tuple[int, int]]:
    """Pair players given best first: fewest repeats, then each one's best-ranked opponent."""
    n = len(order)

    @cache
    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        # `mask` holds the indexes still to pair; returns (repeats, partner index list).
        if mask == 0:
            return (0, ())
        first = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << first)
        chosen: tuple[int, tuple[int, ...]] | None = None
        for other in range(first + 1, n):
            if not rest & (1 << other):
                continue
            repeat = 1 if order[other] in met.get(order[first], set()) else 0
            if chosen is not None and repeat > chosen[0]:
                continue
            tail = best(rest & ~(1 << other))
            candidate = (repeat + tail[0], (first, other, *tail[1]))
            if chosen is None or candidate[0] < chosen[0]:
                chosen = candidate
                if candidate[0] == 0:
                    break  # the first repeat-free choice, in rank order, is the one wanted
        assert chosen is not None
        return chosen

    flat = best((1 << n) - 1)[1]
    return [(order[flat[i]], order[flat[i + 1]]) for i in range(0, len(flat), 2)]


def _repeats(pairs: Iterable[tuple[int, int]], met: Mapping[int, set[int]]) -> int:
    return sum(1 for a, b in pairs if b in met.get(a, set()))


def swiss_pairing(players: Sequence[Player], games: Sequence[Game], byes: Sequence[Bye]) -> Pairing:
    """Pair one Swiss round of two-player games for the players still in.

    1. Rank by score, then rating.
    2. With an odd count, try bye candidates from the lowest-ranked player without a bye up,
       keeping the first one whose absence leaves a pairing without repeats.
    3. Pair the rest: fewest repeats, then each best-ranked player with the best-ranked
       opponent left.
    4. Seat each pair so first moves are spread (see the module's house rules).
    """
    records = _records(games, byes)
    met = {player: set(record.opponents) for player, record in records.items()}
    order = [p.id for p in _ranked(players, records)]
    bye: tuple[int, ...] = ()
    if len(order) % 2:
        had_bye = {b.player for b in byes}
        candidates = [p for p in reversed(order) if p not in had_bye]
        if not candidates:  # more rounds than players: the fewest byes, then the lowest rank
            least = min(records.get(p, _Record()).byes for p in order)
            candidates = [p for p in reversed(order) if records.get(p, _Record()).byes == least]
        chosen = None
        for candidate in candidates:
            rest = [p for p in order if p != candidate]
            pairs = _pair_ranked(rest, met)
            if chosen is None or _repeats(pairs, met) < chosen[1]:
                chosen = (candidate, _repeats(pairs, met), pairs)
            if chosen[1] == 0:
                break
        assert chosen is not None
        bye, pairs = (chosen[0],), chosen[2]
    else:
        pairs = _pair_ranked(order, met)
    return Pairing(tables=tuple(_seat_order(pair, records) for pair in pairs), byes=bye)


def table_sizes(count: int, smallest: int, largest: int) -> list[int]:
    """Cut `count` players into tables as equal as possible, within [smallest, largest].

    Raises ValueError when no such cut exists (too few players, for instance).
    """
    if count < smallest or smallest > largest or smallest < 1:
        raise ValueError(f"{count} players do not fit tables of {smallest} to {largest}")
    tables = math.ceil(count / largest)
    size, extra = divmod(count, tables)
    if size < smallest:
        raise ValueError(f"{count} players do not fit tables of {smallest} to {largest}")
    return [size + 1] * extra + [size] * (tables - extra)


def _cuttable(count: int, smallest: int, largest: int) -> bool:
    try:
        table_sizes(count, smallest, largest)
    except ValueError:
        return False
    return True


def tables_pairing(
    players: Sequence[Player],
    games: Sequence[Game],
    byes: Sequence[Bye],
    *,
    smallest: int,
    largest: int,
    minimum: int | None = None,
) -> Pairing:
    """Seat one round of multi-player tables: ranked by score then rating, best together.

    1. Rank by score, then rating.
    2. When the players cannot be cut into tables of `smallest` to `largest`, the
       lowest-ranked players who have had no bye sit out with one: as few as let the rest
       be cut. Nobody gets a second bye.
    3. When byes cannot do it (everyone has had one, or too few players), tables go down
       to `minimum` (the game's own minimum; `smallest` if None), with no bye.

    Raises ValueError when even that cannot seat them: no round can be made.
    """
    records = _records(games, byes)
    order = [p.id for p in _ranked(players, records)]
    sitting_out: set[int] = set()
    if not _cuttable(len(order), smallest, largest):
        had_bye = {b.player for b in byes}
        candidates = [p for p in reversed(order) if p not in had_bye]
        fewest = next(
            (
                count
                for count in range(1, len(candidates) + 1)
                if _cuttable(len(order) - count, smallest, largest)
            ),
            None,
        )
        if fewest is not None:
            sitting_out = set(candidates[:fewest])
        else:
            smallest = smallest if minimum is None else min(smallest, minimum)
    seated = [p for p in order if p not in sitting_out]
    tables: list[tuple[int, ...]] = []
    start = 0
    for size in table_sizes(len(seated), smallest, largest):
        tables.append(_seat_order(seated[start : start + size], records))
        start += size
    return Pairing(tables=tuple(tables), byes=tuple(p for p in order if p in sitting_out))


def standings(
    players: Sequence[Player], games: Sequence[Game], byes: Sequence[Bye]
) -> list[Standing]:
    """Rank everyone by score, Buchholz, Sonneborn-Berger, then rating (finished games only)."""
    records = _records(games, byes)
    scores = {p.id: records.get(p.id, _Record()).score for p in players}
    lines = []
    for player in players:
        record = records.get(player.id, _Record())
        finished = [
            opponent
            for game in games
            if game.places is not None and player.id in game.seats
            for opponent in game.seats
            if opponent != player.id
        ]
        buchholz = sum(scores.get(opponent, 0.0) for opponent in finished)
        berger = sum(points * scores.get(opp, 0.0) for opp, points in record.taken.items())
        lines.append((player, record, buchholz, berger))
    lines.sort(key=lambda line: (-line[1].score, -line[2], -line[3], -line[0].rating, line[0].id))
    return [
        Standing(
            rank=rank,
            player=player.id,
            score=record.score,
            buchholz=buchholz,
            sonneborn_berger=berger,
            games=record.games,
            byes=record.byes,
        )
        for rank, (player, record, buchholz, berger) in enumerate(lines, start=1)
    ]


# Single elimination


def bracket_size(count: int) -> int:
    """Return the smallest power of two that holds `count` players."""
    return 1 << max(0, (count - 1).bit_length())


def seed_positions(size: int) -> list[int]:
    """Return the seeds (1 = best) in bracket order: 1, 8, 4, 5, 2, 7, 3, 6 for eight."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def elimination_slots(players: Sequence[Player]) -> list[int | None]:
    """Return the first round's slots in bracket order, seeded by rating; None is a bye."""
    seeded = sorted(players, key=lambda p: (-p.rating, p.id))
    return [
        seeded[seed - 1].id if seed <= len(seeded) else None
        for seed in seed_positions(bracket_size(len(seeded)))
    ]


@dataclass(frozen=True)
class Match:
    """One place in a bracket: two slots (None = nobody) and the winner once known."""

    first: int | None
    second: int | None
    winner: int | None = None


def game_winner(game: Game, seeds: Mapping[int, int]) -> int | None:
    """Return who goes through from a finished two-player game (a draw: the better seed).

    An aborted game is decided as a draw is: the better seed goes through. A game still
    running decides nothing (None).
    """
    if game.places is None:
        if not game.aborted:
            return None
        leaders = list(game.seats)
    else:
        best = min(game.places)
        leaders = [p for p, place in zip(game.seats, game.places, strict=True) if place == best]
    return min(leaders, key=lambda p: seeds.get(p, 0))


def bracket(
    slots: Sequence[int | None],
    games: Sequence[Game],
    seeds: Mapping[int, int],
    dropped: Iterable[int] = (),
) -> list[list[Match]]:
    """Return the bracket's rounds as far as the results go (games by round, 1 first).

    A slot facing nobody goes through at once; a pair goes through when its game is over,
    or at once when one of the two left the tournament before their game was made. When both
    have left, a later departure never rewrites a result: whoever played a later round went
    through.
    """
    gone = set(dropped)
    last_round: dict[int, int] = {}
    for earlier in games:
        for player in earlier.seats:
            last_round[player] = max(last_round.get(player, 0), earlier.round)
    rounds: list[list[Match]] = []
    current: list[int | None] = list(slots)
    number = 1
    while len(current) > 1:
        played = {frozenset(g.seats): g for g in games if g.round == number}
        matches = []
        for first, second in zip(current[::2], current[1::2], strict=True):
            if first is None or second is None:
                winner = first if second is None else second
            else:
                game = played.get(frozenset((first, second)))
                if game is not None:
                    winner = game_winner(game, seeds)
                elif first in gone and second in gone:
                    # Both have left, one after this match was settled: the one who played on
                    # went through (else no game depends on it: the better seed).
                    later = [p for p in (first, second) if last_round.get(p, 0) > number]
                    better = min((first, second), key=lambda p: seeds.get(p, 0))
                    winner = later[0] if later else better
                elif first in gone or second in gone:
                    winner = second if first in gone else first
                else:
                    winner = None
            matches.append(Match(first=first, second=second, winner=winner))
        rounds.append(matches)
        current = [m.winner for m in matches]
        if any(m.winner is None and (m.first is not None or m.second is not None) for m in matches):
            # Later rounds are not known yet: show their shape with empty slots.
            while len(current) > 1:
                rounds.append([Match(None, None) for _ in range(len(current) // 2)])
                current = current[::2]
            break
        number += 1
    return rounds


def elimination_pairing(bracket_rounds: Sequence[Sequence[Match]], number: int) -> Pairing:
    """Return round `number`'s games (1 first): its matches with two players and no winner yet.

    A match already decided without a game (an empty slot, a player gone) makes no game.
    The upper slot of the bracket sits first (in the first round, the better seed).
    """
    return Pairing(
        tables=tuple(
            (match.first, match.second)
            for match in bracket_rounds[number - 1]
            if match.winner is None and match.first is not None and match.second is not None
        )
    )


def elimination_rounds(count: int) -> int:
    """Return how many rounds a bracket for `count` players has."""
    return max(0, (bracket_size(count) - 1).bit_length())


# Double elimination
#
# A "round" of the tournament is one step of the schedule below; a round may hold games of
# both brackets, and the next round starts when the last game of the round ends. With a
# bracket of 2^R places (R = elimination_rounds):
#
# - winners' bracket round r is played in round r (seeded as single elimination);
# - losers' bracket round j is played in round j + 1. Its odd rounds pair the bracket's own
#   survivors (round 1: the losers of winners' round 1); its even round 2(r − 1) sets the
#   survivors against the losers of winners' round r, dropped in reversed order when r is
#   even and with halves swapped when r is odd, so that they do not meet again at once;
# - the grand final (winners' champion, first seat, against the losers' champion) is round
#   2R; when the losers' champion wins it, both have lost once and a second grand final (the
#   bracket reset, seats swapped) is round 2R + 1. A player is out after their second loss.
#
# A draw or an aborted game sends the better seed through, as in single elimination; a
# player who has left forfeits each match of theirs that has no game yet.


@dataclass(frozen=True)
class DoubleMatch:
    """One match of a double-elimination bracket.

    `round` is the tournament round it belongs to. `decided` once there is a winner, a
    forfeit, or nobody to play (None in a slot that is decided is a bye); `first`/`second`
    are None while not yet known too. `loser` is None after a bye.
    """

    round: int
    first: int | None
    second: int | None
    winner: int | None = None
    loser: int | None = None
    decided: bool = False
    first_known: bool = True
    second_known: bool = True


@dataclass(frozen=True)
class DoubleBracket:
    """The winners' and losers' brackets (rounds of matches), the grand final(s), the end."""

    winners: list[list[DoubleMatch]]
    losers: list[list[DoubleMatch]]
    finals: list[DoubleMatch]  # the grand final, then the bracket reset once it is due
    champion: int | None
    rounds: int  # 2R, or 2R + 1 once the reset is due


@dataclass(frozen=True)
class Placing:
    """A player's place (None while still in), wins and losses in a double elimination."""

    place: int | None
    player: int
    wins: int
    losses: int


class _Pending:
    """A slot whose player is not known yet (its match is not over)."""

    def __repr__(self) -> str:
        return "PENDING"


PENDING = _Pending()
_Slot = int | None | _Pending


def _drop_order(losers: list[_Slot], r: int) -> list[_Slot]:
    """Order the losers of winners' round r for the losers' bracket (rematches come later)."""
    if r % 2 == 0:
        return losers[::-1]
    half = len(losers) // 2
    return losers[half:] + losers[:half]


def double_bracket(
    slots: Sequence[int | None],
    games: Sequence[Game],
    seeds: Mapping[int, int],
    dropped: Iterable[int] = (),
) -> DoubleBracket:
    """Return the double-elimination bracket as far as the results go.

    `slots` are the first round's places as `elimination_slots` gives them (a power of two,
    at least two); `games` are the tournament's games with their tournament round.
    """
    gone = set(dropped)
    played = {(g.round, frozenset(g.seats)): g for g in games}
    last_round: dict[int, int] = {}
    for game in games:
        for player in game.seats:
            last_round[player] = max(last_round.get(player, 0), game.round)

    def resolve(a: _Slot, b: _Slot, number: int) -> tuple[DoubleMatch, _Slot, _Slot]:
        """Return the match of `a` and `b` in round `number`, who goes on and who falls."""

        def match(
            winner: int | None = None, loser: int | None = None, decided: bool = False
        ) -> DoubleMatch:
            return DoubleMatch(
                round=number,
                first=a if isinstance(a, int) else None,
                second=b if isinstance(b, int) else None,
                winner=winner,
                loser=loser,
                decided=decided,
                first_known=not isinstance(a, _Pending),
                second_known=not isinstance(b, _Pending),
            )

        if isinstance(a, _Pending) or isinstance(b, _Pending):
            return match(), PENDING, PENDING
        if a is None or b is None:
            through = a if b is None else b
            return match(winner=through, decided=True), through, None
        game = played.get((number, frozenset((a, b))))
        winner: int | None = None
        if game is not None:
            winner = game_winner(game, seeds)
        elif a in gone and b in gone:
            # Both have left, one after this match was settled: the one who played on is the
            # one who went through (else, no game depends on it, the better seed).
            later = [p for p in (a, b) if last_round.get(p, 0) > number]
            winner = later[0] if later else min((a, b), key=lambda p: seeds.get(p, 0))
        elif a in gone or b in gone:
            winner = b if a in gone else a
        if winner is None:
            return match(), PENDING, PENDING
        loser = b if winner == a else a
        return match(winner=winner, loser=loser, decided=True), winner, loser

    levels = max(1, (len(slots) - 1).bit_length())
    winners: list[list[DoubleMatch]] = []
    fallen: dict[int, list[_Slot]] = {}
    current: list[_Slot] = list(slots)
    for r in range(1, levels + 1):
        matches, through, lost = [], [], []
        for a, b in zip(current[::2], current[1::2], strict=True):
            match, up, down = resolve(a, b, r)
            matches.append(match)
            through.append(up)
            lost.append(down)
        winners.append(matches)
        fallen[r] = lost
        current = through
    top = current[0]

    losers: list[list[DoubleMatch]] = []

    def play(pairs: Iterable[tuple[_Slot, _Slot]], number: int) -> list[_Slot]:
        matches, through = [], []
        for a, b in pairs:
            match, up, _down = resolve(a, b, number)
            matches.append(match)
            through.append(up)
        losers.append(matches)
        return through

    if levels == 1:
        bottom = fallen[1][0]
    else:
        alive = play(zip(fallen[1][::2], fallen[1][1::2], strict=True), 2)
        for r in range(2, levels + 1):
            alive = play(zip(alive, _drop_order(fallen[r], r), strict=True), 2 * r - 1)
            if r < levels:
                alive = play(zip(alive[::2], alive[1::2], strict=True), 2 * r)
        bottom = alive[0]

    final, final_winner, _ = resolve(top, bottom, 2 * levels)
    finals = [final]
    champion: int | None = None
    rounds = 2 * levels
    if final.decided and final_winner == top:
        champion = final.winner
    elif final.decided:
        rounds += 1
        reset, _up, _down = resolve(bottom, top, rounds)
        finals.append(reset)
        champion = reset.winner if reset.decided else None
    return DoubleBracket(
        winners=winners, losers=losers, finals=finals, champion=champion, rounds=rounds
    )


def _double_matches(tree: DoubleBracket) -> list[DoubleMatch]:
    return [m for ms in (*tree.winners, *tree.losers, tree.finals) for m in ms]


def double_pairing(tree: DoubleBracket, number: int) -> Pairing:
    """Return round `number`'s games: its matches with both players known and no result.

    Winners' bracket games come first, then the losers', then a grand final.
    """
    return Pairing(
        tables=tuple(
            (m.first, m.second)
            for m in _double_matches(tree)
            if m.round == number and not m.decided and m.first is not None and m.second is not None
        )
    )


def double_placings(tree: DoubleBracket, players: Sequence[Player]) -> list[Placing]:
    """Rank a double elimination: the champion, then by how late each player went out.

    Players out in the same round share the place; a player still in has no place yet.
    """
    losses: dict[int, int] = {}
    wins: dict[int, int] = {}
    out: dict[int, int] = {}  # player -> the round of their second loss
    for match in sorted(_double_matches(tree), key=lambda m: m.round):
        if match.loser is None or match.winner is None:
            continue
        wins[match.winner] = wins.get(match.winner, 0) + 1
        losses[match.loser] = losses.get(match.loser, 0) + 1
        if losses[match.loser] == 2:
            out[match.loser] = match.round
    rating = {p.id: p.rating for p in players}
    lines = []
    for player in players:
        if player.id == tree.champion:
            place: int | None = 1
        elif player.id in out:
            later = sum(1 for when in out.values() if when > out[player.id])
            place = 1 + later + (1 if tree.champion is not None else 0)
        else:
            place = None
        lines.append(Placing(place, player.id, wins.get(player.id, 0), losses.get(player.id, 0)))
    lines.sort(
        key=lambda line: (
            line.place is None,
            line.place or 0,
            line.losses,
            -rating.get(line.player, 0.0),
            line.player,
        )
    )
    return lines
