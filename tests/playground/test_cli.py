"""`python -m bot playground` options, checked before anything starts; who may import it."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from bot.cli import main

BOT = Path(__file__).resolve().parents[2] / "bot"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--members", " , "], "--members needs at least one name"),
        (["--members", "alice,Alice"], "--members names must all be different"),
        (["--members", "x" * 33], "at most 32 characters"),
        (["--port", "70000"], "--port must be between 0 and 65535"),
        (["--languages", "zoe=it"], "--languages takes member=language pairs of --members"),
        (["--languages", "bob=fr"], "--languages is one of en, it, not 'fr'"),
        (["--server-language", "de"], "--server-language is one of en, it, not 'de'"),
    ],
)
def test_bad_options_are_named_in_one_sentence(
    args: list[str],
    expected: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["playground", *args]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err
    assert not (tmp_path / "playground.db").exists()


def test_a_missing_extra_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "markdown_it" else real(name, *a),
    )
    assert main(["playground"]) == 2
    err = capsys.readouterr().err
    assert "markdown_it missing" in err and 'pip install -e ".[playground]"' in err


def test_only_the_command_line_imports_the_playground() -> None:
    importers = []
    for path in BOT.rglob("*.py"):
        if path.is_relative_to(BOT / "playground") or path == BOT / "cli.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n == "bot.playground" or n.startswith("bot.playground.") for n in names):
                importers.append(path.relative_to(BOT.parent).as_posix())
    assert importers == []
