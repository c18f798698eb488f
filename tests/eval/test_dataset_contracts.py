"""The first-party datasets, ``locomo`` and ``longmemeval``, pass the dataset contract on
small files in their official formats (``conftest.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cognimem.testing import DatasetContract


class TestLoCoMo(DatasetContract):
    component = "locomo"

    @pytest.fixture(autouse=True)
    def _data(self, locomo_file: Path) -> None:
        self.data = locomo_file

    def dataset_options(self, folder: Path) -> dict[str, Any]:
        return {"path": str(self.data)}


class TestLongMemEval(DatasetContract):
    component = "longmemeval"

    @pytest.fixture(autouse=True)
    def _data(self, lme_file: Path) -> None:
        self.data = lme_file

    def dataset_options(self, folder: Path) -> dict[str, Any]:
        return {"path": str(self.data)}
