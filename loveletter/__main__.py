"""``python -m loveletter``: see :mod:`loveletter.cli`."""

from loveletter.cli import main

raise SystemExit(main())
