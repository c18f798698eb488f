"""``duckdb``: the persistent record store (the source of truth) and store ownership.

Modules: :mod:`.store` (the :class:`~.store.DuckDBStore` facade), one part per job:
:mod:`.connection` (the database, transactions, schema, compaction), :mod:`.directory`
(what a store directory holds; errors), :mod:`.reading` (reads beside a write),
:mod:`.memories` (memory rows), :mod:`.cache` (decoded rows), :mod:`.shared` (memories built
once per row), :mod:`.warm` (the cache filled in the background), :mod:`.tally` (accesses
and their unfolded counts), :mod:`.edges`, :mod:`.events`, :mod:`.meta`, :mod:`.embeddings`;
and :mod:`.schema` (DDL, versions, migrations), :mod:`.lock` (one owner per store directory)
and :mod:`.plugin` (the hook implementation).
"""
