"""Names cut to fit are still told apart (code-block tables and, through the drawing kit,
pictures)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from wcwidth import width

from bot.engine.names import clip_names

ALIKE = ["Bartholomew-Alexander", "Bartholomew-Alexandra", "Ada", "李雷李雷李雷李雷"]


def test_names_that_begin_alike_keep_their_different_ends() -> None:
    shown = clip_names(ALIKE, 12)
    assert shown[0] != shown[1] and shown[0].endswith("…der") and shown[1].endswith("…dra")
    assert shown[2] == "Ada" and shown[3] == "李雷李雷李…"
    assert all(width(name) <= 12 for name in shown)


def test_the_same_name_twice_stays_the_same_and_an_end_cut_where_no_clash() -> None:
    assert clip_names(["Bartholomew-Alexander"] * 2, 12) == ["Bartholomew…"] * 2
    assert clip_names(["Bartholomew-Alexander", "Cy"], 12) == ["Bartholomew…", "Cy"]


@given(st.lists(st.text(alphabet="abAB李🤖-", min_size=1, max_size=30), min_size=2, max_size=6))
def test_clipped_names_fit_a_short_name_stays_whole_and_equal_names_stay_equal(
    names: list[str],
) -> None:
    shown = clip_names(names, 12)
    assert all(width(name) <= 12 for name in shown)
    for name, short in zip(names, shown, strict=True):
        assert short == name if width(name) <= 12 else short.count("…") == 1
        assert shown[names.index(name)] == short
