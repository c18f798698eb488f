"""The ``ollama`` embedder: vectors from any embedding model served by a local Ollama.

Select it with ``[embedder] use = "ollama"`` (see docs/ollama.md); it needs ``ollama serve``
running and the model pulled (``ollama pull nomic-embed-text``). Nothing is fetched by
cognimem itself.
"""
