"""Query expansion from the first results (pseudo-relevance feedback), without an LLM."""
