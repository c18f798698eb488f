"""Loading an offline encoder bounds the BLAS threads of the process (to one by default).

Each case runs in a fresh interpreter: the setting is process-wide, and OpenBLAS ignores a
change made from a worker thread after the main thread has set it, so a test in this
process could not see what a daemon's worker thread does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cognimem_plugins.blas_threads import limit_blas_threads
from cognimem_plugins.minilm.embedder import MiniLMEmbedder
from cognimem_plugins.minilm.model import EmbedderUnavailable, default_model_dir


def _weights_installed() -> bool:
    try:
        return (default_model_dir() / "model.safetensors").is_file()
    except EmbedderUnavailable:
        return False


needs_weights = pytest.mark.skipif(not _weights_installed(), reason="MiniLM weights not installed")

# The embedder is loaded and used in a worker thread, as the owner daemon does.
SCRIPT = """
import json, sys, threading
import numpy
from threadpoolctl import ThreadpoolController
from cognimem_plugins.minilm.embedder import MiniLMEmbedder

def blas():
    return sorted({lib["num_threads"] for lib in ThreadpoolController().info()
                   if lib["user_api"] == "blas"})

before = blas()
options = json.loads(sys.argv[1])
seen = {}
def work():
    embedder = MiniLMEmbedder(MiniLMEmbedder.Options(**options))
    embedder.embed_batch(["a short query"])
    seen["worker"] = blas()
thread = threading.Thread(target=work)
thread.start()
thread.join()
print(json.dumps({"before": before, "worker": seen["worker"], "main": blas()}))
"""


def _run(options: dict[str, object]) -> dict[str, list[int]]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(options)], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    found: dict[str, list[int]] = json.loads(done.stdout.strip().splitlines()[-1])
    if not found["before"]:
        pytest.skip("numpy is linked to no BLAS library threadpoolctl can control")
    if max(found["before"]) < 2:
        pytest.skip("BLAS starts with one thread here (one CPU): nothing to bound")
    return found


@needs_weights
def test_loading_the_encoder_leaves_one_blas_thread() -> None:
    found = _run({})
    assert found["worker"] == [1]
    assert found["main"] == [1]


@needs_weights
def test_the_option_sets_another_bound() -> None:
    found = _run({"blas_threads": 2})
    assert found["worker"] == [2]


def test_a_bound_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="blas_threads must be >= 1"):
        limit_blas_threads(0)
    with pytest.raises(ValueError, match="blas_threads"):
        MiniLMEmbedder.Options(blas_threads=0)
