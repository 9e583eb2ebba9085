"""The Sold Out! catalogue: clothing items, colours, patterns and objective cards.

The data lives in assets/soldout/catalogue.toml. `load_catalogue` reads and
validates it; anything wrong is a `CatalogueError` whose message names the file
and the entry, so a bad edit is found at start, not mid-round.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from game import asset

DEFAULT_PATH = asset("soldout", "catalogue.toml")

GARMENTS = ("tshirt", "sweater", "hoodie", "jacket", "dress", "skirt", "trousers", "shorts", "cap",
            "beanie", "scarf", "gloves", "socks", "sneakers", "boots", "handbag", "tie")
PATTERNS = ("plain", "stripes", "dots", "checks", "zigzag", "stars")


class CatalogueError(Exception):
    """A catalogue file that cannot be used; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Colour:
    id: str
    name: str
    hex: str
    cb_hex: str      # colour-blind-safe substitute, used in colour-blind mode
    cvd_group: str   # colours a colour-blind player may confuse share a group


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    garment: str
    colour: str
    pattern: str
    name: str        # player-readable, e.g. "Red striped T-shirt"


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    bags: int
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Everything printed on the cards, plus the deal's numbers."""

    items: dict[str, Item]            # in file order
    objectives: dict[str, Objective]  # in file order
    colours: dict[str, Colour]
    garment_names: dict[str, str]
    pattern_adjectives: dict[str, str]
    pile_sizes: tuple[int, ...]
    extra_dressers: int
    path: str = ""

    @property
    def item_ids(self) -> list[str]:
        return list(self.items)

    def objectives_with_bags(self, bags: int) -> list[str]:
        return [o.id for o in self.objectives.values() if o.bags == bags]

    def name(self, item_id: str) -> str:
        return self.items[item_id].name


def _need(entry: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = entry.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise CatalogueError(f"{where}: '{key}' must be a {kind.__name__}, got {value!r}")
    return value


def _table_list(data: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise CatalogueError(f"{where}: missing [[{key}]] tables")
    return value


def _unique_ids(entries: list[dict[str, Any]], kind: str, where: str) -> list[str]:
    ids: list[str] = []
    for n, entry in enumerate(entries, 1):
        ident = _need(entry, "id", str, f"{where}: {kind} #{n}")
        if ident in ids:
            raise CatalogueError(f"{where}: {kind} '{ident}': duplicate id")
        ids.append(ident)
    return ids


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """Read and validate a catalogue file (default: assets/soldout/catalogue.toml)."""
    file = Path(path) if path is not None else DEFAULT_PATH
    where = str(file)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"{where}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{where}: not valid TOML: {exc}") from None
    counts = data.get("counts")
    store = data.get("store")
    if not isinstance(counts, dict) or not isinstance(store, dict):
        raise CatalogueError(f"{where}: needs [counts] and [store] tables")
    count = {k: _need(counts, k, int, f"{where}: [counts]") for k in (
        "items", "garments", "variants_per_garment", "one_bag_cards", "one_bag_items",
        "two_bag_cards", "two_bag_items")}
    garments = _read_garments(data, where)
    patterns = _read_patterns(data, where)
    colours = _read_colours(data, where)
    items = _read_items(data, where, garments, patterns, colours)
    objectives = _read_objectives(data, where, items)
    _check_counts(where, count, garments, items, objectives)
    _check_cvd(where, items, colours)
    sizes = store.get("pile_sizes")
    if not isinstance(sizes, list) or not all(isinstance(s, int) and s > 0 for s in sizes) \
            or sum(sizes) != len(items):
        raise CatalogueError(f"{where}: [store] pile_sizes must be positive whole numbers adding up to "
                             f"{len(items)}, got {sizes!r}")
    extra = _need(store, "extra_dressers", int, f"{where}: [store]")
    if extra < 0:
        raise CatalogueError(f"{where}: [store] extra_dressers must be 0 or more")
    return Catalogue(items=items, objectives=objectives, colours=colours, garment_names=garments,
                     pattern_adjectives=patterns, pile_sizes=tuple(sizes), extra_dressers=extra,
                     path=where)


def _read_garments(data: dict[str, Any], where: str) -> dict[str, str]:
    return _read_words(data, "garment", GARMENTS, "name", where)


def _read_patterns(data: dict[str, Any], where: str) -> dict[str, str]:
    return _read_words(data, "pattern", PATTERNS, "adjective", where)


def _read_words(data: dict[str, Any], table: str, known: Sequence[str], field: str, where: str) -> dict[str, str]:
    """[[table]] entries, each one of the `known` ids, with the word (`field`) the game says for it."""
    entries = _table_list(data, table, where)
    ids = _unique_ids(entries, table, where)
    out: dict[str, str] = {}
    for ident, entry in zip(ids, entries):
        if ident not in known:
            raise CatalogueError(f"{where}: {table} '{ident}': not one of {', '.join(known)}")
        out[ident] = _need(entry, field, str, f"{where}: {table} '{ident}'")
    return out


def _hex(value: object, what: str) -> str:
    if not (isinstance(value, str) and len(value) == 7 and value[0] == "#"
            and all(c in "0123456789abcdefABCDEF" for c in value[1:])):
        raise CatalogueError(f"{what} must be a colour like \"#A1B2C3\", got {value!r}")
    return value


def _read_colours(data: dict[str, Any], where: str) -> dict[str, Colour]:
    entries = _table_list(data, "colour", where)
    ids = _unique_ids(entries, "colour", where)
    out = {}
    for ident, entry in zip(ids, entries):
        at = f"{where}: colour '{ident}'"
        out[ident] = Colour(ident, _need(entry, "name", str, at), _hex(entry.get("hex"), f"{at}: 'hex'"),
                            _hex(entry.get("cb_hex"), f"{at}: 'cb_hex'"),
                            _need(entry, "cvd_group", str, at))
    return out


def _read_items(data: dict[str, Any], where: str, garments: dict[str, Any], patterns: dict[str, Any], colours: dict[str, Any]) -> dict[str, Item]:
    entries = _table_list(data, "item", where)
    ids = _unique_ids(entries, "item", where)
    out: dict[str, Item] = {}
    looks: dict[tuple[Any, ...], str] = {}
    names: dict[str, str] = {}
    for ident, entry in zip(ids, entries):
        at = f"{where}: item '{ident}'"
        garment = _need(entry, "garment", str, at)
        colour = _need(entry, "colour", str, at)
        pattern = _need(entry, "pattern", str, at)
        name = _need(entry, "name", str, at)
        if garment not in garments:
            raise CatalogueError(f"{at}: unknown garment '{garment}'")
        if colour not in colours:
            raise CatalogueError(f"{at}: unknown colour '{colour}'")
        if pattern not in patterns:
            raise CatalogueError(f"{at}: unknown pattern '{pattern}'")
        look = (garment, colour, pattern)
        if look in looks:
            raise CatalogueError(f"{at}: looks exactly like item '{looks[look]}' "
                                 "(same garment, colour and pattern)")
        if not name.strip() or name in names:
            raise CatalogueError(f"{at}: name {name!r} is empty or already used by '{names.get(name)}'")
        looks[look] = ident
        names[name] = ident
        out[ident] = Item(ident, garment, colour, pattern, name)
    return out


def _read_objectives(data: dict[str, Any], where: str, items: dict[str, Item]) -> dict[str, Objective]:
    entries = _table_list(data, "objective", where)
    ids = _unique_ids(entries, "objective", where)
    out: dict[str, Objective] = {}
    pictured: dict[str, str] = {}
    for ident, entry in zip(ids, entries):
        at = f"{where}: objective '{ident}'"
        bags = _need(entry, "bags", int, at)
        its = entry.get("items")
        if not isinstance(its, list) or not all(isinstance(i, str) for i in its) or not its:
            raise CatalogueError(f"{at}: 'items' must be a list of item ids")
        for item in its:
            if item not in items:
                raise CatalogueError(f"{at}: unknown item '{item}'")
            if item in pictured:
                raise CatalogueError(f"{at}: item '{item}' is already on objective '{pictured[item]}'")
            pictured[item] = ident
        out[ident] = Objective(ident, bags, tuple(its))
    return out


def _check_counts(where: str, count: dict[str, Any], garments: dict[str, Any], items: dict[str, Any], objectives: dict[str, Any]) -> None:
    if len(items) != count["items"]:
        raise CatalogueError(f"{where}: {len(items)} items, [counts] says {count['items']}")
    if len(garments) != count["garments"]:
        raise CatalogueError(f"{where}: {len(garments)} garments, [counts] says {count['garments']}")
    for garment in garments:
        n = sum(1 for i in items.values() if i.garment == garment)
        if n != count["variants_per_garment"]:
            raise CatalogueError(f"{where}: garment '{garment}' has {n} items, "
                                 f"[counts] says {count['variants_per_garment']}")
    for bags, word in ((1, "one"), (2, "two")):
        cards = [o for o in objectives.values() if o.bags == bags]
        if len(cards) != count[f"{word}_bag_cards"]:
            raise CatalogueError(f"{where}: {len(cards)} objective cards with {bags} bag(s), "
                                 f"[counts] says {count[f'{word}_bag_cards']}")
        for card in cards:
            if len(card.items) != count[f"{word}_bag_items"]:
                raise CatalogueError(f"{where}: objective '{card.id}' pictures {len(card.items)} items, "
                                     f"a {bags}-bag card pictures {count[f'{word}_bag_items']}")
    odd = [o.id for o in objectives.values() if o.bags not in (1, 2)]
    if odd:
        raise CatalogueError(f"{where}: objective '{odd[0]}': bags must be 1 or 2")


def _check_cvd(where: str, items: dict[str, Item], colours: dict[str, Colour]) -> None:
    """Two variants of one garment with one pattern must differ by more than a CVD-confusable colour."""
    seen: dict[tuple[str, str, str], str] = {}
    for item in items.values():
        key = (item.garment, item.pattern, colours[item.colour].cvd_group)
        if key in seen:
            raise CatalogueError(
                f"{where}: item '{item.id}': same garment and pattern as '{seen[key]}' and a colour "
                f"of the same cvd_group '{key[2]}' (a colour-blind player could not tell them apart)")
        seen[key] = item.id
