"""``duckdb``: the persistent record store (the source of truth) and store ownership.

Modules: :mod:`.schema` (DDL, versions, migrations), :mod:`.rows` (model <-> row
conversions), :mod:`.store` (the :class:`~.store.DuckDBStore` record store), :mod:`.lock`
(one owner per store directory) and :mod:`.plugin` (the hook implementation).
"""
