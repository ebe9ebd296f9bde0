"""`bench.load --pairs`: one and two daphne alternated, each pair's ratio and what the
other processes spent per move (the runs themselves stubbed: their figures given)."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from bench import load


def _row(moves: float, cpu: float, machine: float, loadgen: float) -> dict[str, Any]:
    return {
        "moves/s": moves,
        "cpu %": cpu,
        "cpu ms/move": 10 * cpu / moves,
        "machine %": machine,
        "loadgen %": loadgen,
        "pg ms/move": 0.6,
        "redis ms/move": 0.1,
    }


def test_pairs_alternate_one_and_two_processes_and_report_each_ratio(monkeypatch, capsys):
    # In the order the runs come: pair 1 with one and two processes, then pair 2.
    figures = iter(
        [
            _row(200.0, 96.0, 121.0, 10.0),
            _row(330.0, 148.5, 190.5, 14.85),
            _row(190.0, 95.0, 120.0, 10.0),
            _row(342.0, 149.0, 191.0, 14.0),
        ]
    )
    runs: list[int] = []

    def one_run(env: dict[str, str], args: argparse.Namespace, servers: int) -> dict[str, Any]:
        runs.append(servers)
        return next(figures)

    monkeypatch.setattr(load, "_one_run", one_run)
    args = argparse.Namespace(pairs=2, tables="50", seconds=30.0, game="lost_cities", route="table")
    load.scaling({}, args)
    out = capsys.readouterr().out
    assert runs == [1, 2, 1, 2]  # alternating, one first
    summary = out[out.index("pair(s) of 1 and 2 daphne") :]
    assert "ratio mean 1.73, median 1.73" in summary  # 1.65 and 1.80
    lines = [line for line in summary.splitlines() if line.startswith("| 1 |")]
    cells = [cell.strip() for cell in lines[0].strip("|").split("|")]
    # pair, moves/s (1, 2), ratio, daphne ms/move (1, 2), machine %, others, pg, redis, loadgen
    assert cells[3] == "1.65"
    assert cells[7] == f"{10 * (190.5 - 148.5) / 330:.2f}"  # 1.27 ms beside daphne
    assert cells[10] == "0.45"


def test_pairs_take_one_table_size():
    with pytest.raises(SystemExit):
        load.main(["--tables", "10,50", "--pairs", "2"])
