"""Several representations of one memory, held in side indexes and collapsed to the memory."""
