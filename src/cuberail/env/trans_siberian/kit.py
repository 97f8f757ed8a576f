"""Trans-Siberian's env kit: ``KIT``, read by the generic research modules."""

from __future__ import annotations

from cuberail.env.kit import EnvKit
from cuberail.env.trans_siberian.actions import build_table
from cuberail.env.trans_siberian.batch import TSBatch
from cuberail.env.trans_siberian.observe import LAYOUT

DOC = """The turn order is irregular (auctions go round the table, a builder chooses up
to two links), so there is no ``parallel_env``: PettingZoo's simultaneous-move API does
not apply. ``reset(seed=...)`` also seeds the draw of the start player (rule option
``start_player="random"``) unless the options give a ``seed``."""

KIT = EnvKit(layout=LAYOUT, table=build_table, batch=TSBatch, doc=DOC)
