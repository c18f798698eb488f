"""``postgres``: records, full-text search and vectors on a PostgreSQL server many daemons share.

Modules: :mod:`.connect` (DSNs, the embedded server, schema names), :mod:`.schema` (DDL,
triggers, versions, migrations), :mod:`.session` (a connection, transactions, the writers'
lock), :mod:`.store` (the ``postgres`` record store: a facade over one part per job,
:mod:`.memories`, :mod:`.edges`, :mod:`.accesses`, :mod:`.events`, :mod:`.embeddings`,
:mod:`.meta`, with what the SQL stores share in :mod:`cognimem_plugins.sql_parts`),
:mod:`.attach` (how the indexes find their tables), :mod:`.lexical` (the ``postgres`` BM25
index), :mod:`.vectors` (the ``pgvector`` index) and :mod:`.plugin` (the hook implementation).
"""
