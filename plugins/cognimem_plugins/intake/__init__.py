"""Intake: memory that fills itself (a notes vault, startup context)."""
