"""The first-party calibrator passes its contract."""

from __future__ import annotations

from cognimem.testing import CalibratorContract


class TestLogistic(CalibratorContract):
    component = "logistic"
