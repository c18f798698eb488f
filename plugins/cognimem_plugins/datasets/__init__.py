"""Benchmark datasets for ``cognimem eval``: LoCoMo and LongMemEval_S, read from their
official JSON formats."""
