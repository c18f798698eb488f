"""Screenshots of every dashboard page for docs/dashboard.md, taken in headless Chromium:

    python tests/plugins/dashboard/shoot.py docs/img

The store is the test fixtures' (an in-memory engine with the hash embedder) with a few
more memories; the eval runs are the fixtures' two systems.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dash_browser import chromium, served
from dash_fixtures import DREAMY, TOKEN, fill

from cognimem.engine import Engine
from cognimem.eval import compare
from cognimem.profile import load_profile

MORE = [("Checkout retries payment twice before failing the order", "shop"),
        ("Use pnpm, not npm, in the web workspace", "web"),
        ("The orders service paginates with an opaque cursor, 50 per page", "shop"),
        ("Staging deploys run from the release branch every night", "ops")]


def main(folder: Path) -> None:
    """Fill a store, serve it, and save one PNG per page into ``folder``."""
    from dash_fixtures import eval_units

    folder.mkdir(parents=True, exist_ok=True)
    engine = Engine.from_profile("test", overrides=DREAMY)
    filled = fill(engine)
    for text, project in MORE:
        engine.add(text, scope={"project": project, "agent": "cursor"}, tags=[project])
    runs = Path(tempfile.mkdtemp(prefix="cognimem-eval-"))
    vectors = load_profile("test", overrides={"retrieve": [{"use": "vector", "k": 100}]})
    compare({"bm25": "bm25", "vectors": vectors}, eval_units(), baseline="bm25", cache=False,
            metrics=["R@1", "MRR@10"], trials=200, save_dir=runs)
    pages = {"search": "/search?q=orders+pagination", "memory": f"/memory/{filled.hostile}",
             "untrusted": f"/memory/{filled.untrusted}", "conflicts": "/conflicts",
             "consolidation": "/consolidation?preview=1&force=1", "agents": "/agents",
             "health": "/health?check=1", "graph": "/graph",
             "eval": "/eval?a=0:bm25&b=0:vectors&metric=R@1"}
    with served(engine, TOKEN, [runs]) as base, chromium() as driver:
        driver.get(f"{base}/login?token={TOKEN}")
        for name, path in [*pages.items(), ("undo", "/consolidation")]:
            if name == "undo":  # a run applied: the page offers to undo it
                engine.dream(force=True)
            driver.get(base + path)
            if name == "search":  # open the first hit's trail
                driver.find_element("css selector", "li.hit summary").click()
            height = driver.execute_script("return document.body.scrollHeight")
            driver.set_window_size(1280, min(max(int(height) + 40, 600), 1800))
            driver.save_screenshot(str(folder / f"dashboard-{name}.png"))
            print(folder / f"dashboard-{name}.png")
    engine.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img"))
