"""``python -m loveletter``: see :mod:`loveletter.apps.cli`."""

from loveletter.apps.cli import main

raise SystemExit(main())
