"""tantivy_index plugin package: the ``tantivy`` BM25 lexical index (see ``index``)."""
