"""A warm command reaches the daemon without reading the profile again; any change to what
the profile is read from reads it again."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pytest

from cognimem.cli import common, main
from cognimem.daemon.spawn import stop_daemon


def test_a_warm_command_does_not_read_the_profile(
        store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    layer = tmp_path / "layer.toml"
    layer.write_text('description = "a layer"\n', encoding="utf-8")
    argv = ["list", "--profile", "test", "--profile", str(layer), "--store", str(store)]
    assert main(["add", "kept warm", *argv[1:]]) == 0
    reads: list[int] = []
    real = common.cli_profile

    def counting(args: argparse.Namespace) -> object:
        reads.append(1)
        return real(args)

    monkeypatch.setattr(common, "cli_profile", counting)
    assert main(argv) == 0
    assert reads == []  # resolved before: the daemon was reached without the profile
    assert "kept warm" in capsys.readouterr().out

    stamp = time.time() + 5
    os.utime(layer, (stamp, stamp))  # the layer changed: read it again
    assert main(argv) == 0
    assert reads == [1]

    monkeypatch.setenv("COGNIMEM_SEARCH__K", "7")  # so does the environment
    capsys.readouterr()
    assert main(argv) == 2  # read again: another pipeline than the running daemon's
    assert reads == [1, 1]
    assert "cognimem daemon stop" in capsys.readouterr().err
    monkeypatch.setenv("COGNIMEM_USE_RUNNING", "1")  # asked to use the running one
    assert main(argv) == 0


def test_a_known_store_whose_daemon_is_gone_reads_the_profile_to_start_one(
        store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["list", "--profile", "test", "--store", str(store)]
    assert main(["add", "survives a restart", *argv[1:]]) == 0
    assert stop_daemon(store) is not None
    reads: list[int] = []
    real = common.cli_profile

    def counting(args: argparse.Namespace) -> object:
        reads.append(1)
        return real(args)

    monkeypatch.setattr(common, "cli_profile", counting)
    assert main(argv) == 0
    assert reads == [1]
