"""The ANN index of the LanceDB table: when it is due, building it, and how many rows it was
trained on (kept in the index's name, ``cognimem_ann_<rows>``, so a reopen knows it).

Search is exact until the table holds ``ann_threshold`` rows; then an index of
``index_type`` is built, and built again once the table has grown ``retrain_growth`` times
since (its partitions were sized for fewer rows).
"""

from __future__ import annotations

import logging
from typing import Any, Final

log = logging.getLogger("cognimem.lancedb")

#: The ANN index is named for the row count it was trained on: ``cognimem_ann_<rows>``.
ANN_PREFIX: Final = "cognimem_ann_"


class AnnIndex:
    """The table's ANN index, by the index's options (``ann_threshold``, ``retrain_growth``,
    ``index_type``, ``num_partitions``); ``filtered``: the columns a search prefilters on
    (a bitmap index each, built with the ANN index)."""

    def __init__(self, options: Any, filtered: tuple[str, ...]) -> None:
        self.options = options
        self.filtered = filtered
        #: rows the index was trained on (None: there is none; searches are exact)
        self.trained: int | None = None

    def due(self, rows: int) -> bool:
        """Whether a table of ``rows`` rows should have its index built (again) now."""
        threshold = self.options.ann_threshold
        if not threshold or rows < threshold:
            return False
        return self.trained is None or rows >= self.options.retrain_growth * self.trained

    @staticmethod
    def indices(table: Any) -> list[Any]:
        """The table's indexes over the vector column."""
        return [ix for ix in table.list_indices() if "vector" in list(ix.columns)]

    def read(self, table: Any) -> None:
        """Learn how many rows the table's index was trained on (at open)."""
        self.trained = None
        for ix in self.indices(table):
            name = str(getattr(ix, "name", ""))
            if name.startswith(ANN_PREFIX) and name[len(ANN_PREFIX):].isdigit():
                self.trained = int(name[len(ANN_PREFIX):])
            else:
                self.trained = 1  # an index we did not name: retrain it at the next chance
            return

    def build(self, table: Any, rows: int) -> None:
        """Build the index over the table's ``rows`` rows, replacing any other."""
        from lancedb import index as lance_index

        partitions = self.options.num_partitions or max(16, rows // 1024)
        config_cls = {
            "IVF_SQ": lance_index.IvfSq, "IVF_RQ": lance_index.IvfRq,
            "IVF_FLAT": lance_index.IvfFlat, "IVF_PQ": lance_index.IvfPq,
            "IVF_HNSW_SQ": lance_index.HnswSq,
        }[self.options.index_type]
        log.info("lancedb: building a %s index over %d rows (%d partitions)",
                 self.options.index_type, rows, partitions)
        name = f"{ANN_PREFIX}{rows}"
        table.create_index("vector", config=config_cls(distance_type="cosine",
                                                       num_partitions=partitions),
                           replace=True, name=name)
        for old in self.indices(table):
            if getattr(old, "name", name) != name:
                table.drop_index(old.name)
        # Bitmap indexes on the prefilter's columns: a scoped search at 100k rows took ~10 ms
        # with a scan of the column, ~6 ms with the index (rows added later are scanned
        # until optimize() folds them in).
        for column in self.filtered:
            table.create_index(column, config=lance_index.Bitmap(), replace=True)
        self.trained = rows
