"""Hook implementations of the datasets plugin."""

from __future__ import annotations

from cognimem import hookimpl
from cognimem.registry import Register

from .locomo import LoCoMo
from .longmemeval import LongMemEval


@hookimpl
def cognimem_register_datasets(register: Register) -> None:
    """Register the LoCoMo and LongMemEval_S datasets."""
    register(LoCoMo)
    register(LongMemEval)
