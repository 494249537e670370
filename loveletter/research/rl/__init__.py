"""Adapters to the research frameworks, each behind an optional extra.

The core library depends on ``attrs`` only; these modules import their framework when
they are imported, and not before:

- :mod:`loveletter.research.rl.pettingzoo`: a PettingZoo AEC environment (``pip install
  loveletter-referee[rl]``);
- :mod:`loveletter.research.rl.gymnasium`: a Gymnasium single-agent environment, the other seats
  played by bots (``[rl]``);
- :mod:`loveletter.research.rl.openspiel`: the game registered with OpenSpiel as
  ``python_loveletter`` (``[openspiel]``);
- :mod:`loveletter.research.rl.batch_vector`: the batch engine's Gymnasium vector
  environment (``[rl]``), and :mod:`loveletter.research.rl.sb3` a Stable-Baselines3
  ``VecEnv`` over it (``[sb3]``).

All of them read the fixed encodings of :mod:`loveletter.research.encoding` (action ids, legal
masks, observations, returns, chance outcomes).
"""
