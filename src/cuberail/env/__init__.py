"""Research adapters: PettingZoo environments, OpenSpiel games, self-play data.

Needs the ``research`` extra (``pip install 'cuberail[research]'``). Modules:
``chicago_express_v0`` and ``trans_siberian_v0`` (PettingZoo AEC), ``actions``
(fixed action ids), ``observe`` (observation layouts), ``openspiel_game``
(registered on ``import cuberail.openspiel``), ``selfplay`` (training data).
"""
