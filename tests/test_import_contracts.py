"""The import contracts of pyproject.toml hold: layers point down, each package keeps its place."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from importlinter.cli import EXIT_STATUS_SUCCESS, lint_imports

ROOT = Path(__file__).parents[1]


def test_every_import_contract_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    # lint_imports configures logging with dictConfig, which disables every logger
    # that exists already; put them back so later tests still see the bot's log.
    loggers = [
        logger
        for logger in logging.root.manager.loggerDict.values()
        if isinstance(logger, logging.Logger) and not logger.disabled
    ]
    try:
        status = lint_imports(str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        for logger in loggers:
            logger.disabled = False
    assert status == EXIT_STATUS_SUCCESS, "lint-imports names the broken contract above"
