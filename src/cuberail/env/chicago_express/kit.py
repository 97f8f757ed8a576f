"""Chicago Express's env kit: ``KIT``, read by the generic research modules."""

from __future__ import annotations

from cuberail.env.chicago_express.actions import build_table
from cuberail.env.chicago_express.batch import CEBatch
from cuberail.env.chicago_express.observe import LAYOUT
from cuberail.env.kit import EnvKit

DOC = """The turn order is irregular (auctions go round the table, a builder places
several times), so there is no ``parallel_env``: PettingZoo's simultaneous-move API does
not apply."""

KIT = EnvKit(layout=LAYOUT, table=build_table, batch=CEBatch, doc=DOC)
