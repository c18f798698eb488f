"""The lab apart from the product: the installed ``cognimem`` and ``cognimem_plugins`` hold no
benchmark code, ``cognimem bench`` comes from the lab's distribution through the command
hook, the README's test command (which installs the lab) is the one CI runs, and
docs/benchmarks.md stays a page of current figures."""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from cognimem.plugins import PluginHost

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", [
    "cognimem.bench", "cognimem.cli.bench_cmd", "cognimem_plugins.postgres.loadtest",
])
def test_the_product_holds_no_benchmark_module(module: str) -> None:
    assert importlib.util.find_spec(module) is None


def test_no_product_file_is_benchmark_code() -> None:
    for package in ("core/cognimem", "plugins/cognimem_plugins"):
        names = [p.relative_to(ROOT) for p in (ROOT / package).rglob("*.py")
                 if re.search(r"bench|loadtest", p.name)]
        assert names == [], f"benchmark code in the product: {names}"


def test_bench_is_the_lab_plugins_command() -> None:
    host = PluginHost()
    commands = host.components("command")
    assert "bench" in commands
    assert commands["bench"].plugin == "lab"
    assert commands["bench"].obj.configure == "cognimem_lab.cli:configure"
    # the spec is read without importing the harness's command module
    assert importlib.util.find_spec("cognimem_lab.cli") is not None


def _readme_test_command() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("Install the test tools and run the tests:", 1)[1]
    return block.split("```bash\n", 1)[1].split("\n```", 1)[0].strip()


def test_ci_runs_the_readmes_test_command_and_both_install_the_lab() -> None:
    readme = _readme_test_command()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert "pip install --no-deps -e lab/cognimem-lab" in readme
    # CI's pip calls are quiet (-q); otherwise the same steps, from the install to pytest
    ci_words = [w for w in shlex.split(ci) if w != "-q"]
    readme_words = [w for w in shlex.split(readme) if w != "-q"]
    start = readme_words.index("pip")
    assert ci_words == readme_words[start:]


def test_benchmarks_page_is_current_figures_with_the_log_linked() -> None:
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert len(page.splitlines()) < 300
    headings = re.findall(r"^## (.+)$", page, flags=re.MULTILINE)
    assert "Write pipeline" in headings and "Intake" in headings
    assert "(../lab/cognimem-lab/EXPERIMENTS.md)" in page
    assert (ROOT / "lab" / "cognimem-lab" / "EXPERIMENTS.md").is_file()
    for section in page.split("\n## ")[1:]:
        if section.startswith("Write pipeline"):
            continue  # its figures are added under its subsections
        assert "```bash" in section, f"a section without its command: {section[:40]!r}"
        assert re.search(r"20\d\d-\d\d-\d\d", section), f"no date: {section[:40]!r}"
        assert "load" in section, f"no host load: {section[:40]!r}"
