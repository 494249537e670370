"""Apps: the programs a person runs, each built on the library's other parts.

:mod:`~loveletter.apps.cli` is the ``loveletter`` command line, :mod:`~loveletter.apps.play`
the terminal game (with its words, :mod:`~loveletter.apps.words`), :mod:`~loveletter.apps.web`
the web table (``[web]``), :mod:`~loveletter.apps.refcard` the printable reference cards,
and :mod:`~loveletter.apps.bench` with :mod:`~loveletter.apps.batch_bench` the benchmark.
Nothing else in the package imports this wing.
"""
