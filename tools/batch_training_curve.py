"""Measure and draw the learning curve of docs/howto/train-on-tables.md.

Runs the page's own Python (its doctest blocks, read from the page) and then its
``train`` at a size of one's choosing (10,000 tables, 20 iterations by default), prints
the share of games the learner won at each iteration, and writes them to
``docs/_static/batch-training-curve.csv`` and, drawn, to
``docs/_static/batch-training-curve.png`` (matplotlib, not a dependency of the project:
``pip install matplotlib`` to draw).

    python tools/batch_training_curve.py [--tables 10000] [--iterations 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import csv
import doctest
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "howto" / "train-on-tables.md"
STATIC = ROOT / "docs" / "_static"


def page_code() -> dict[str, Any]:
    """The namespace the page's Python blocks leave, run in order (their output unshown)."""
    scope: dict[str, Any] = {"__name__": "train_on_tables"}
    for example in doctest.DocTestParser().get_examples(PAGE.read_text(encoding="utf-8")):
        exec(compile(example.source, str(PAGE), "exec"), scope)
    return scope


def main() -> None:
    """Train, print the curve, write it as CSV and draw it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    train = page_code()["train"]
    started = time.time()
    _, curve = train(tables=args.tables, iterations=args.iterations, seed=args.seed)
    print(f"{args.iterations} iterations of {args.tables} games in {time.time() - started:.0f} s")
    with open(STATIC / "batch-training-curve.csv", "w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["iteration", "games won by the learner"])
        for iteration, won in enumerate(curve, start=1):
            writer.writerow([iteration, f"{won:.1%}"])
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import MaxNLocator

    figure, axes = pyplot.subplots(figsize=(6.4, 3.6), dpi=100)
    axes.plot(range(1, len(curve) + 1), [100 * won for won in curve], marker="o")
    axes.axhline(50, color="grey", linestyle="--", linewidth=1)
    axes.set_xlabel(f"iteration ({args.tables:,} games each, one gradient step)")
    axes.set_ylabel("games won by the learner (%)")
    axes.set_title("REINFORCE against a random player, 2019 edition, two players")
    axes.set_ylim(40, 100)
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(STATIC / "batch-training-curve.png")


if __name__ == "__main__":
    main()
