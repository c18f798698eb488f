"""Many agents, one store: ``cognimem bench --agents``, as JSON lines.

    python lab/cognimem-lab/scripts/daemon_load.py --agents 1 8 32 --seconds 10 --via tools

The benchmark lives in the package (:mod:`cognimem_lab.agents`; ``cognimem bench --help``
lists its options); this script runs it with ``--json`` (one JSON object per line as each
run ends) and, without ``--agents``, at 1, 8 and 32 agents, as the commands in
docs/benchmarks.md were written.
"""

from __future__ import annotations

import sys

from cognimem.cli import main
from cognimem_lab.agents import DEFAULT_AGENTS

if __name__ == "__main__":
    words = sys.argv[1:]
    if "--agents" not in words:
        words = ["--agents", *map(str, DEFAULT_AGENTS), *words]
    sys.exit(main(["bench", "--json", *words]))
