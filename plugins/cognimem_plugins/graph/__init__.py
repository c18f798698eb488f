"""The graph plugin: five-layer synapses (wikilinks, BM25 auto-links, synaptic decay,
spreading activation) and a knowledge graph (rule-based and Ollama entity extraction,
HippoRAG-style personalized PageRank, Leiden communities, an HTML view).

Components live in the sibling modules; :mod:`.plugin` holds the hook implementations.
"""
