"""``postgres``: records, full-text search and vectors on a PostgreSQL server many daemons share.

Modules: :mod:`.connect` (DSNs, the embedded server, schema names), :mod:`.schema` (DDL,
triggers, versions, migrations), :mod:`.session` (a connection, transactions, the writers'
lock), :mod:`.store` (the ``postgres`` record store), :mod:`.attach` (how the indexes find
their tables), :mod:`.lexical` (the ``postgres`` BM25 index), :mod:`.vectors` (the
``pgvector`` index) and :mod:`.plugin` (the hook implementation).
"""
