"""The Covert components match the counts and properties of the rules' appendix."""

from __future__ import annotations

from collections import Counter, deque

from bot.games.covert.ai.plan import DIST
from bot.games.covert.data import (
    ABILITIES,
    AGENCY,
    AGENCY_CARDS,
    CHARACTERS,
    CIPHER_TILES,
    CITIES,
    CITY,
    CITY_BY_NAME,
    CODE_CARDS,
    EQUIPMENT,
    NEIGHBOURS,
    REGION_CITIES,
    REGIONS,
    ROUTES,
    SPEC_OPS_TOKENS,
    SWAPS,
)
from bot.games.covert.missions import MISSIONS


def reachable(start: str, allowed: set[str]) -> set[str]:
    """Return the cities reachable from start inside the allowed set."""
    seen, todo = {start}, deque([start])
    while todo:
        for n in NEIGHBOURS[todo.popleft()]:
            if n in allowed and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_map_shape() -> None:
    assert len(CITIES) == 30 and len({c.name for c in CITIES}) == 30
    assert Counter(c.region for c in CITIES) == {r: 5 for r in REGIONS}
    assert len(ROUTES) == 55 and len({frozenset(r) for r in ROUTES}) == 55
    assert all(2 <= len(NEIGHBOURS[c.key]) <= 5 for c in CITIES)
    assert reachable("VCE", set(CITY)) == set(CITY)
    for region, keys in REGION_CITIES.items():
        assert reachable(keys[0], set(keys)) == set(keys), region


def test_map_details() -> None:
    berlin, prague, vienna = (CITY_BY_NAME[n].key for n in ("Berlin", "Prague", "Vienna"))
    assert prague in NEIGHBOURS[berlin] and vienna in NEIGHBOURS[prague]
    assert vienna not in NEIGHBOURS[berlin]
    degrees = {c.name: len(NEIGHBOURS[c.key]) for c in CITIES}
    assert degrees["Venice"] == 5 and degrees["Lisbon"] == 2 and degrees["Kiev"] == 3
    links = {frozenset((CITY[a].region, CITY[b].region)) for a, b in ROUTES}
    links = {k for k in links if len(k) == 2}
    assert len(links) == 10


def test_map_diameter() -> None:
    """Every city reaches every other by routes; the farthest two are seven routes apart."""
    assert all(len(dist) == len(CITIES) for dist in DIST.values())
    assert max(max(dist.values()) for dist in DIST.values()) == 7


def test_agency_cards() -> None:
    assert len(AGENCY_CARDS) == 48
    assert Counter(c.equipment for c in AGENCY_CARDS) == {e: 8 for e in EQUIPMENT}
    assert Counter(c.ability for c in AGENCY_CARDS) == {a: 6 for a in ABILITIES}
    assert len({(c.equipment, c.ability) for c in AGENCY_CARDS}) == 48
    assert Counter(c.region for c in AGENCY_CARDS) == {r: 8 for r in REGIONS}
    assert sorted(Counter(Counter(c.city for c in AGENCY_CARDS).values()).items()) == [
        (1, 12),
        (2, 18),
    ]
    assert len({(c.city, c.equipment) for c in AGENCY_CARDS}) == 48
    assert len({(c.city, c.ability) for c in AGENCY_CARDS}) == 48


def test_agency_table_rows() -> None:
    rows = {
        "A01": ("REC", "Venice", "PLUS_ONE"),
        "A05": ("DSG", "Belgrade", "PLUS_ONE"),
        "A19": ("REC", "Istanbul", "ESPIONAGE"),
        "A29": ("DSG", "Milan", "SNEAK_ATTACK"),
        "A38": ("CAM", "Madrid", "CODE_BREAKER"),
        "A48": ("RAD", "Stockholm", "SEARCH"),
    }
    for cid, (equipment, city, ability) in rows.items():
        card = AGENCY[cid]
        assert (card.equipment, CITY[card.city].name, card.ability) == (equipment, city, ability)


def test_missions() -> None:
    assert len(MISSIONS) == 60 and [m.id for m in MISSIONS] == [f"M{n:02d}" for n in range(1, 61)]
    for m in MISSIONS:
        value = 1 + len(m.equipment) + m.any_card + 2 * bool(m.city) + bool(m.region)
        assert m.points == value - bool(m.benefit), m.id
        assert len(set(m.equipment)) == len(m.equipment) and m.benefit not in m.equipment
    cities = [m.city for m in MISSIONS if m.city]
    assert len(cities) == 30 and set(cities) == set(CITY)
    assert Counter(m.region for m in MISSIONS if m.region) == {r: 7 for r in REGIONS}
    assert Counter(e for m in MISSIONS for e in m.equipment) == {e: 15 for e in EQUIPMENT}
    assert sum(m.any_card for m in MISSIONS) == 21
    benefits = Counter(m.benefit for m in MISSIONS if m.benefit)
    assert benefits == {k: 2 for k in (*EQUIPMENT, *REGIONS)}
    assert Counter(m.points for m in MISSIONS) == {2: 7, 3: 14, 4: 16, 5: 12, 6: 8, 7: 3}
    pairs = {frozenset(m.equipment) for m in MISSIONS if len(m.equipment) == 2}
    assert len(pairs) == 15


def test_codes() -> None:
    codes = [c.code for c in CODE_CARDS]
    assert len(set(codes)) == 40 and all(len(set(c)) == 3 for c in codes)
    assert Counter("".join(codes)) == {str(d): 20 for d in range(1, 7)}
    assert Counter(c.back for c in CODE_CARDS) == {
        "REC": 7,
        "CAM": 7,
        "PAS": 7,
        "LCK": 7,
        "DSG": 6,
        "RAD": 6,
    }
    assert CODE_CARDS[6].code == "164" and CODE_CARDS[20].code == "412"
    assert CODE_CARDS[39].code == "652" and CODE_CARDS[39].back == "LCK"


def test_tiles_tokens_characters() -> None:
    assert Counter(CIPHER_TILES) == {v: 2 for v in range(1, 7)}
    assert len(SWAPS) == 18 and (0, 5) in SWAPS and (6, 11) in SWAPS and (0, 7) not in SWAPS
    assert Counter(t.ability for t in SPEC_OPS_TOKENS) == {a: 2 for a in ABILITIES}
    assert [c.id for c in CHARACTERS] == [f"CH{n}" for n in range(1, 7)]
