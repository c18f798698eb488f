"""The dashboard in a real browser (headless Debian Chromium through Selenium): search, open
a memory, resolve a conflict, apply a dream run, restore from the graveyard, open an eval
diff; hostile memory text stays text, no script runs from it, and the pages load nothing the
policy blocks. Skipped only when /usr/bin/chromium is missing (.ci/run installs it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dash_browser import CHROMIUM, chromium, served
from dash_fixtures import HOSTILE, TOKEN, Filled

from cognimem.engine import Engine

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="needs Debian's chromium (apt-get install chromium "
                                       "chromium-driver; .ci/run installs them)")


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """One browser for the module (a fresh profile folder)."""
    with chromium() as browser:
        yield browser


@pytest.fixture
def site(engine: Engine, filled: Filled, eval_dir: Path, driver: Any) -> Iterator[str]:
    """The dashboard over the filled engine, the browser logged in."""
    with served(engine, TOKEN, [eval_dir]) as base:
        driver.delete_all_cookies()
        driver.get(f"{base}/login?token={TOKEN}")
        assert driver.current_url == f"{base}/search"
        driver.get_log("browser")  # start each test with an empty console
        yield base


def by(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css)


def every(driver: Any, css: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(driver.find_elements(By.CSS_SELECTOR, css))


def submit(driver: Any, button: Any) -> None:
    """Click ``button`` and wait for the next page to load."""
    from selenium.webdriver.support.ui import WebDriverWait

    page = by(driver, "html")
    button.click()
    WebDriverWait(driver, 15).until(_left(page))


def _left(page: Any) -> Any:
    """A wait condition: ``page`` is gone. Chromium's driver answers a page being replaced
    either as a stale element or, mid-navigation, as a node that no longer belongs to the
    document; both mean the old page left."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support import expected_conditions

    stale = expected_conditions.staleness_of(page)

    def check(driver: Any) -> bool:
        try:
            return bool(stale(driver))
        except WebDriverException as exc:
            if "does not belong to the document" in str(exc):
                return True
            raise

    return check


def console_problems(driver: Any) -> list[str]:
    """Errors on the console (a policy violation is one)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_login_is_needed(engine: Engine, filled: Filled, eval_dir: Path, driver: Any) -> None:
    with served(engine, TOKEN, [eval_dir]) as base:
        driver.delete_all_cookies()
        driver.get(f"{base}/search")
        assert "unauthorized" in by(driver, "body").text
        driver.get(f"{base}/login")
        by(driver, "input[name=token]").send_keys(TOKEN)
        submit(driver, by(driver, "form button"))
        assert driver.current_url == f"{base}/search"
        assert "Recently changed memories" in by(driver, "main").text


def test_search_and_open_a_memory(site: str, driver: Any, filled: Filled) -> None:
    box = by(driver, "input[name=q]")
    box.send_keys("orders pagination")
    submit(driver, by(driver, "#search-form button"))
    first = every(driver, "li.hit")[0]
    assert "Orders API uses cursor pagination" in first.text
    first.find_element("css selector", "summary").click()  # why did this come back?
    stages = [r.text.split()[0] for r in first.find_elements("css selector", "tr[class^=stage]")]
    assert stages[:2] == ["retrieve", "retrieve"] and "fuse" in stages
    submit(driver, first.find_element("css selector", "a.mid"))
    assert driver.current_url.startswith(f"{site}/memory/")
    assert "Orders API uses cursor pagination" in by(driver, "#content").text
    assert not console_problems(driver)


def test_hostile_text_is_text_in_the_browser(site: str, driver: Any, filled: Filled) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    for path in (f"/memory/{filled.hostile}", "/conflicts", "/search?q=alert+click+tracker"):
        driver.get(site + path)
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text  # noqa: B018  (no script from the memory ran)
        assert not every(driver, "main img") and not every(driver, "main a[href^=javascript]")
        assert not every(driver, "main b") and not every(driver, "main i")
    driver.get(f"{site}/memory/{filled.hostile}")
    assert by(driver, "#content").text == HOSTILE
    assert by(driver, "textarea[name=content]").get_attribute("value") == HOSTILE
    assert not console_problems(driver)


def test_untrusted_memory_is_marked(site: str, driver: Any, filled: Filled) -> None:
    driver.get(f"{site}/memory/{filled.untrusted}")
    assert "Untrusted" in by(driver, "#untrusted").text
    assert "untrusted" in by(driver, "#content").get_attribute("class")


def test_resolve_a_conflict(site: str, driver: Any, engine: Engine, filled: Filled) -> None:
    driver.get(f"{site}/conflicts")
    section = by(driver, f"#conflict-{filled.conflict}")
    assert filled.plain in section.text and filled.hostile in section.text
    submit(driver, section.find_element("xpath", ".//button[contains(., 'Keep both')]"))
    assert by(driver, "#no-conflicts")
    [conflict] = engine.conflicts(status="resolved")
    assert conflict.resolution == "keep_both" and conflict.resolved_by == "dashboard"


def test_apply_a_dream_run_then_restore_from_the_graveyard(site: str, driver: Any,
                                                           engine: Engine,
                                                           filled: Filled) -> None:
    driver.get(f"{site}/consolidation")
    submit(driver, by(driver, "#preview-force"))
    assert "would merge" in by(driver, "#dream-report").text
    assert not engine.graveyard()
    submit(driver, by(driver, "#dream-report button.primary"))
    assert "Applied" in by(driver, "#dream-report").text
    [grave] = engine.graveyard()
    row = by(driver, "#graveyard").find_element(
        "xpath", f".//tr[contains(., '{grave.memory.id}')]")
    submit(driver, row.find_element("css selector", "button"))
    assert driver.current_url == f"{site}/consolidation"
    assert "The graveyard is empty" in by(driver, "#graveyard").text
    assert not engine.get(grave.memory.id).archived


def test_apply_a_dream_run_then_undo_it(site: str, driver: Any, engine: Engine,
                                        filled: Filled) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{site}/consolidation")
    assert "no dream run to undo" in by(driver, "#no-undo").text
    submit(driver, by(driver, "#preview-force"))
    submit(driver, by(driver, "#dream-report button.primary"))
    [grave] = engine.graveyard()
    page = by(driver, "html")
    by(driver, "#dream-undo button").click()
    driver.switch_to.alert.accept()  # dashboard.js asks first
    WebDriverWait(driver, 15).until(_left(page))
    assert "Undone: dream-" in by(driver, "#dream-report").text
    assert "The graveyard is empty" in by(driver, "#graveyard").text
    assert not engine.get(grave.memory.id).archived and not engine.graveyard()
    assert not console_problems(driver)


def test_forget_asks_first(site: str, driver: Any, engine: Engine, filled: Filled) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{site}/memory/{filled.plain}")
    by(driver, "button.danger").click()
    driver.switch_to.alert.dismiss()  # dashboard.js asked; saying no keeps it
    assert engine.get_many([filled.plain])
    page = by(driver, "html")
    by(driver, "button.danger").click()
    driver.switch_to.alert.accept()
    WebDriverWait(driver, 15).until(_left(page))
    assert driver.current_url == f"{site}/search"
    assert not engine.get_many([filled.plain])


def test_open_an_eval_diff(site: str, driver: Any) -> None:
    from selenium.webdriver.support.ui import Select

    driver.get(f"{site}/eval")
    Select(by(driver, "select[name=a]")).select_by_value("0:bm25")
    Select(by(driver, "select[name=b]")).select_by_value("0:vectors")
    submit(driver, by(driver, "#eval-form button"))
    assert [r.text.split(" ")[2] for r in every(driver, "#headline tr")[1:]] == ["bm25",
                                                                                 "vectors"]
    diff = every(driver, "#diff tr")[1:]
    assert diff and all(r.get_attribute("class") in ("better", "worse") for r in diff)
    assert not console_problems(driver)


def test_the_graph_frame_runs_under_its_own_policy(site: str, driver: Any) -> None:
    driver.get(f"{site}/graph")
    driver.switch_to.frame(by(driver, "iframe.graph"))
    stats = by(driver, "#stats").text  # written by the graph page's own script
    assert "node" in stats.lower()
    driver.switch_to.default_content()
    assert not console_problems(driver)
