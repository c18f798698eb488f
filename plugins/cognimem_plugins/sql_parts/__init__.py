"""The parts of a record store that the two SQL stores (``duckdb`` and ``postgres``) share:
where their SQL is the same, one class answers for both, through the store's
:class:`~.session.SqlSession`.

Modules: :mod:`.session` (what a part needs of a store's connection), :mod:`.nesting`
(nested transactions, as both connections keep them), :mod:`.memories`
(counting memories), :mod:`.edges` (reading edges), :mod:`.events` (reading the event log),
:mod:`.graves` (the graveyard), :mod:`.embeddings` (counting embeddings) and :mod:`.meta`
(reading metadata).
"""
