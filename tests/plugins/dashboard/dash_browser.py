"""A dashboard served for real (uvicorn in a thread, on a free loopback port) and headless
Debian Chromium driven by Selenium through /usr/bin/chromedriver: used by the browser tests
and by ``shoot.py`` (the screenshots in docs/dashboard.md)."""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from cognimem_plugins.dashboard.app import build_app

sys.path.append(str(Path(__file__).parents[2]))  # tests/ (already there under pytest): shoot.py
from daemon_helpers import wait_until  # the daemon tests' poller, reused

__all__ = ["chromium", "free_port", "served", "wait_until"]

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-dev-shm-usage", "--window-size=1280,900")


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(api: Any, token: str, eval_dirs: list[Path]) -> Iterator[str]:
    """Serve the dashboard over ``api``; yields its base URL; stops it on exit."""
    port = free_port()
    app = build_app(api, token=token, hosts=[f"127.0.0.1:{port}", "127.0.0.1"],
                    eval_dirs=eval_dirs)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    if not wait_until(lambda: server.started or not thread.is_alive(), 10) or not server.started:
        raise RuntimeError("the dashboard did not start")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium with a fresh profile folder, quit on exit."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="cognimem-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in (*FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        driver.set_page_load_timeout(30)
        try:
            yield driver
        finally:
            driver.quit()
