"""hnsw_index plugin package: the ``hnsw`` in-process cosine vector index on usearch (see
``index``)."""
