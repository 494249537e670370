"""Observations and masks as learners store them: bytes, and bits, equal to the dense ones."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the [batch] extra (numpy) is not installed")

from loveletter.errors import LoveLetterError  # noqa: E402
from loveletter.research.batch import Batch  # noqa: E402


@pytest.mark.parametrize(("edition", "players"), [("2019", 2), ("2019", 4), ("classic", 3)])
def test_byte_observations_and_packed_masks_equal_the_dense_ones(
    edition: str, players: int
) -> None:
    """At every step of whole games, the int8 and uint8 observations hold the float32
    observation's values, and the packed mask unpacks to the dense mask."""
    batch = Batch.new(tables=200, players=players, edition=edition, seed=players)
    actions = batch.encoding.num_actions
    small = np.zeros((200, batch.encoding.observation_size), dtype=np.int8)
    steps = 0
    while not batch.over.all():
        dense = batch.observation()
        assert (batch.observation(dtype=np.int8, out=small) == dense).all()
        assert (batch.observation(dtype="uint8") == dense).all()
        packed = batch.legal_mask(packed=True)
        assert packed.dtype == np.uint8
        assert packed.shape == (200, (actions + 7) // 8)
        unpacked = np.unpackbits(packed, axis=1, count=actions, bitorder="little")
        assert (unpacked.astype(bool) == batch.legal_mask()).all()
        batch.step(batch.random_actions())
        steps += 1
    assert steps > 20


def test_a_round_past_a_bytes_reach_stops_at_its_largest_value() -> None:
    """The round number is the one column that can outgrow a byte: it stops at 127 (int8)
    or 255 (uint8), where the float32 observation goes on."""
    batch = Batch.new(tables=1, players=2, seed=1)
    column = {name: start for name, start, _ in batch.encoding.observation_layout()}
    batch._s.round[:] = 300  # a game to a high target, far along
    at = column["round_number"]
    assert batch.observation()[0, at] == 300
    assert batch.observation(dtype=np.int8)[0, at] == 127
    assert batch.observation(dtype=np.uint8)[0, at] == 255


def test_other_types_and_wrong_outputs_are_refused() -> None:
    """A type other than float32, int8 and uint8, or an ``out`` of another type, is refused."""
    batch = Batch.new(tables=2, players=2, seed=1)
    size = batch.encoding.observation_size
    with pytest.raises(LoveLetterError, match="dtype"):
        batch.observation(dtype=np.int16)
    with pytest.raises(LoveLetterError, match="int8"):
        batch.observation(dtype=np.int8, out=np.zeros((2, size), dtype=np.float32))
    with pytest.raises(LoveLetterError, match="uint8"):
        batch.legal_mask(packed=True, out=np.zeros((2, 148), dtype=bool))


@pytest.mark.parametrize("dtype", [np.int8, np.uint8])
def test_a_byte_observation_overwrites_all_of_its_output(dtype: type) -> None:
    """A byte observation is built in ``out`` itself: whatever ``out`` held before (here
    a value no column takes), every column is written, and an ``out`` that is a strided
    view, or in Fortran order, gets the same values."""
    batch = Batch.new(tables=50, players=3, seed=4)
    size = batch.encoding.observation_size
    for _ in range(30):
        dense = batch.observation()
        seats = np.arange(50) % 4 - 1  # every seat, and -1 (a row of zeros)
        viewed = batch.observation(seats)
        full = np.full((50, size), 99, dtype=dtype)
        assert batch.observation(out=full, dtype=dtype) is full
        assert (full == dense).all()
        wide = np.full((50, 2 * size), 99, dtype=dtype)
        strided = wide[:, ::2]
        batch.observation(seats, out=strided, dtype=dtype)
        assert (strided == viewed).all()
        assert (wide[:, 1::2] == 99).all()
        fortran = np.asfortranarray(np.full((50, size), 99, dtype=dtype))
        assert (batch.observation(out=fortran, dtype=dtype) == dense).all()
        batch.step(batch.random_actions())
        batch.reset_done()
