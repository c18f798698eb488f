"""lancedb_index plugin package: the ``lancedb`` cosine vector index (see ``index``)."""
