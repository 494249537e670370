"""Games on a Dask cluster (the ``[dask]`` extra): an executor for ``simulate`` and ``tournament``.

:func:`dask_executor` connects to a running cluster by the address of its scheduler, or
starts one on this machine (``"local"``: worker processes of one thread each), and gives
the cluster's ``concurrent.futures.Executor`` (``Client.get_executor()``) with the
number of threads it has. Dask (``distributed``) is imported only here, and only when
asked for; without it, :class:`DaskMissingError` says which extra to install.

.. code-block:: python

    from loveletter.games.cluster import dask_executor
    from loveletter.games.simulate import simulate

    with dask_executor("local", workers=2) as (executor, workers):
        summary = simulate(games=1000, executor=executor, jobs=workers)
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import logging
from collections.abc import Iterator
from typing import Any

__all__ = ["INSTALL", "DaskMissingError", "dask_executor"]

INSTALL = "pip install 'loveletter-referee[dask]'"
"""The command that installs what :func:`dask_executor` needs."""


class DaskMissingError(ImportError):
    """Dask (``distributed``) is not installed: the ``[dask]`` extra is missing."""


def _distributed() -> Any:
    """The ``distributed`` module, imported now (typed as ``Any``: it is partly untyped)."""
    try:
        return importlib.import_module("distributed")
    except ImportError as error:
        raise DaskMissingError(
            f"running games on Dask needs the [dask] extra: {INSTALL}"
        ) from error


@contextlib.contextmanager
def dask_executor(
    address: str, *, workers: int | None = None, timeout: float = 10.0
) -> Iterator[tuple[concurrent.futures.Executor, int]]:
    """The executor of a Dask cluster and its number of threads, for the ``with`` block.

    ``address`` is a scheduler's address (``tcp://host:8786``), or ``"local"`` to start a
    cluster of ``workers`` processes (of one thread each; as many as the machine has
    cores by default) for the block. The client, and a cluster started here, are closed
    when the block ends. Raises :class:`DaskMissingError` when Dask is not installed,
    and :class:`OSError` when no scheduler answers at ``address`` within ``timeout``
    seconds.
    """
    dask = _distributed()
    with contextlib.ExitStack() as stack:
        if address == "local":
            cluster = stack.enter_context(
                dask.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
            )
            client = stack.enter_context(dask.Client(cluster))
        else:
            client = stack.enter_context(dask.Client(address, timeout=timeout))
        threads: int = sum(client.nthreads().values()) or 1
        executor: concurrent.futures.Executor = client.get_executor()
        yield executor, threads
