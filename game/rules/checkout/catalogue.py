"""The Check Out! catalogue: products, bargains and the rule numbers, read from
assets/checkout/*.toml and validated so a bad file is one clear message that
names the file and the entry."""
from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from game import asset

CATEGORIES = ("drink", "food", "snack")
CONDITIONS = ("drink", "food", "snack", "last")
DEFAULT_DIR = asset("checkout")

_RULE_INTS = (
    "players_min", "players_max", "dice_per_player", "change_tokens",
    "products_per_player", "normal_rounds", "bonus_tokens_per_round",
    "bonus_bid_max", "bonus_extra_products", "set_bonus",
)


class CatalogueError(Exception):
    """The catalogue files are missing, malformed or break a catalogue rule."""


@dataclass(frozen=True, slots=True)
class Product:
    id: str
    name: str
    category: str          # "drink" | "food" | "snack"
    faces: tuple[int, ...]  # sorted, 1 to 3 faces from 1..6
    stars: int


@dataclass(frozen=True, slots=True)
class Bargain:
    id: str
    name: str
    price: int
    stars: int
    promo_price: int | None = None
    condition: str | None = None  # "drink" | "food" | "snack" | "last"


@dataclass(frozen=True, slots=True)
class StarTable:
    base: dict[int, int]   # faces shown -> base stars
    pair: int              # extra stars for each face shown exactly twice
    triple: int            # extra stars for each face shown three times

    def stars_for(self, faces: tuple[int, ...]) -> int:
        counts = Counter(faces).values()
        return (self.base[len(faces)] + self.pair * sum(1 for c in counts if c == 2)
                + self.triple * sum(1 for c in counts if c == 3))


@dataclass(frozen=True, slots=True)
class RuleNumbers:
    players_min: int
    players_max: int
    dice_per_player: int
    change_tokens: int
    products_per_player: int
    normal_rounds: int
    bonus_tokens_per_round: int
    bonus_bid_max: int
    bonus_extra_products: int
    set_bonus: int
    products_per_category: int
    bargain_count: int
    stars: StarTable


@dataclass(frozen=True, slots=True)
class Catalogue:
    products: dict[str, Product]   # in file order
    bargains: dict[str, Bargain]   # in file order
    rules: RuleNumbers


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """Load and validate the catalogue folder (default assets/checkout/)."""
    folder = Path(path) if path is not None else DEFAULT_DIR
    rules = _load_rules(folder / "rules.toml")
    products = _load_products(folder / "products.toml", rules)
    bargains = _load_bargains(folder / "bargains.toml", rules)
    return Catalogue(products, bargains, rules)


def _read(file: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogueError(f"{file}: file is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"{file}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{file}: not valid TOML: {exc}") from None


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _load_rules(file: Path) -> RuleNumbers:
    data = _read(file)
    values: dict[str, int] = {}
    for key in _RULE_INTS:
        if not _int(data.get(key)) or data[key] < 0:
            raise CatalogueError(f"{file}: '{key}' must be a whole number of 0 or more")
        values[key] = data[key]
    if not 2 <= values["players_min"] <= values["players_max"]:
        raise CatalogueError(f"{file}: need 2 <= players_min <= players_max")
    if values["dice_per_player"] < 1 or values["normal_rounds"] < 1:
        raise CatalogueError(f"{file}: dice_per_player and normal_rounds must be at least 1")
    cat = data.get("catalogue")
    if not isinstance(cat, dict) or not _int(cat.get("products_per_category")) \
            or not _int(cat.get("bargains")):
        raise CatalogueError(f"{file}: [catalogue] needs whole numbers products_per_category and bargains")
    return RuleNumbers(**values, products_per_category=cat["products_per_category"],
                       bargain_count=cat["bargains"], stars=_star_table(file, data.get("stars")))


def _star_table(file: Path, raw: Any) -> StarTable:
    if not isinstance(raw, dict) or not isinstance(raw.get("base"), dict):
        raise CatalogueError(f"{file}: [stars] needs a 'base' table")
    base: dict[int, int] = {}
    for faces in ("1", "2", "3"):
        value = raw["base"].get(faces)
        if not _int(value) or value < 1:
            raise CatalogueError(f"{file}: [stars] base.\"{faces}\" must be a whole number of 1 or more")
        base[int(faces)] = value
    for key in ("pair", "triple"):
        if not _int(raw.get(key)) or raw[key] < 0:
            raise CatalogueError(f"{file}: [stars] '{key}' must be a whole number of 0 or more")
    return StarTable(base, raw["pair"], raw["triple"])


def _entries(file: Path, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CatalogueError(f"{file}: needs a '{key}' list of tables")
    return entries


def _label(file: Path, kind: str, index: int, entry: dict[str, Any]) -> str:
    ident = entry.get("id")
    return f"{file}: {kind} {ident!r}" if isinstance(ident, str) else f"{file}: {kind} #{index + 1}"


def _common(where: str, entry: dict[str, Any], allowed: set[str], seen: set[str]) -> None:
    extra = sorted(set(entry) - allowed)
    if extra:
        raise CatalogueError(f"{where}: unknown key(s) {', '.join(extra)}")
    ident = entry.get("id")
    if not isinstance(ident, str) or not ident.isidentifier() or not ident.islower():
        raise CatalogueError(f"{where}: 'id' must be a lower-case word like \"hot_dog\"")
    if ident in seen:
        raise CatalogueError(f"{where}: id is used twice")
    seen.add(ident)
    if not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise CatalogueError(f"{where}: 'name' must be a non-empty text")
    if not _int(entry.get("stars")) or entry["stars"] < 0:
        raise CatalogueError(f"{where}: 'stars' must be a whole number of 0 or more")


def _load_products(file: Path, rules: RuleNumbers) -> dict[str, Product]:
    products: dict[str, Product] = {}
    seen: set[str] = set()
    for index, entry in enumerate(_entries(file, _read(file), "products")):
        where = _label(file, "product", index, entry)
        _common(where, entry, {"id", "name", "category", "faces", "stars"}, seen)
        if entry.get("category") not in CATEGORIES:
            raise CatalogueError(f"{where}: 'category' must be one of {', '.join(CATEGORIES)}")
        faces = entry.get("faces")
        if not isinstance(faces, list) or not 1 <= len(faces) <= 3 \
                or not all(_int(f) and 1 <= f <= 6 for f in faces):
            raise CatalogueError(f"{where}: 'faces' must list 1 to 3 die faces from 1 to 6")
        shown = tuple(sorted(faces))
        expected = rules.stars.stars_for(shown)
        if entry["stars"] != expected:
            raise CatalogueError(f"{where}: stars is {entry['stars']} but the star table in "
                                 f"rules.toml gives {expected} for faces {list(shown)}")
        products[entry["id"]] = Product(entry["id"], entry["name"], entry["category"], shown, entry["stars"])
    counts = Counter(p.category for p in products.values())
    for category in CATEGORIES:
        if counts[category] != rules.products_per_category:
            raise CatalogueError(f"{file}: {counts[category]} {category} products, "
                                 f"rules.toml asks for {rules.products_per_category}")
    return products


def _load_bargains(file: Path, rules: RuleNumbers) -> dict[str, Bargain]:
    bargains: dict[str, Bargain] = {}
    seen: set[str] = set()
    for index, entry in enumerate(_entries(file, _read(file), "bargains")):
        where = _label(file, "bargain", index, entry)
        _common(where, entry, {"id", "name", "price", "stars", "promo_price", "condition"}, seen)
        price = entry.get("price")
        if not _int(price) or not 1 <= price <= 4:
            raise CatalogueError(f"{where}: 'price' must be 1 to 4 dice")
        promo, condition = entry.get("promo_price"), entry.get("condition")
        if (promo is None) != (condition is None):
            raise CatalogueError(f"{where}: 'promo_price' and 'condition' go together (both or neither)")
        if condition is not None and condition not in CONDITIONS:
            raise CatalogueError(f"{where}: 'condition' must be one of {', '.join(CONDITIONS)}")
        if promo is not None and (not _int(promo) or promo != max(0, price - 1)):
            raise CatalogueError(f"{where}: 'promo_price' must be {max(0, price - 1)} (1 less than the price)")
        bargains[entry["id"]] = Bargain(entry["id"], entry["name"], price, entry["stars"], promo, condition)
    if len(bargains) != rules.bargain_count:
        raise CatalogueError(f"{file}: {len(bargains)} bargains, rules.toml asks for {rules.bargain_count}")
    _check_stars_rise(file, list(bargains.values()))
    return bargains


def _check_stars_rise(file: Path, bargains: list[Bargain]) -> None:
    """Every dearer bargain is worth more stars than every cheaper one."""
    for cheap in bargains:
        for dear in bargains:
            if dear.price > cheap.price and dear.stars <= cheap.stars:
                raise CatalogueError(f"{file}: bargain {dear.id!r} costs more than {cheap.id!r} "
                                     f"but has no more stars")
