"""The learned bot's trainer (tools/train_learned.py, the [training] extra): a tiny run
writes weights the bot reads, and the same seed writes the same weights."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from testkit.project import ROOT

pytest.importorskip("torch", reason="the trainer needs the [training] extra (PyTorch)")
np = pytest.importorskip("numpy")

from loveletter.bots.learned import Weights  # noqa: E402

TINY = [
    *("--updates", "2", "--tables2", "16", "--tables4", "8", "--steps", "4"),
    *("--minibatch", "64", "--epochs", "1", "--snapshot", "1"),
    *("--eval-every", "1", "--eval-games", "4"),
]


def trainer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "train_learned", ROOT / "tools" / "train_learned.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tiny_training_run_writes_weights_the_bot_reads_the_same_each_time(
    tmp_path: Path,
) -> None:
    runs = []
    for run in ("a", "b"):
        out, curve = tmp_path / f"{run}.npz", tmp_path / f"{run}.csv"
        assert trainer().main([*TINY, "--seed", "3", "--out", str(out), "--curve", str(curve)]) == 0
        assert curve.read_text().splitlines()[0].startswith("update,decisions")
        with np.load(out) as arrays:
            runs.append(Weights(dict(arrays)).arrays)
    first, second = runs
    assert first.keys() == second.keys()
    assert all(np.array_equal(first[name], second[name]) for name in first)
