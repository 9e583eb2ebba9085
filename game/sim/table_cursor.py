"""Where the cursor targets of the dice table sit, and how a push moves a cursor.

Targets (products, bargains, dice) lie in rows; each row is centred, so a
target's place is (x2, row) with x2 its centre in half-column units. The scene
draws cards at these same places, so a push on the stick moves the cursor to
the card that is really there on screen.
"""
from __future__ import annotations

Place = tuple[int, int]  # (x2: centre in half columns, row)


def product_columns(count: int) -> int:
    """Columns for `count` products: one row up to 5, two up to 12, then rows of at most 8."""
    if count <= 5:
        return max(1, count)
    rows = 2 if count <= 12 else -(-count // 8)
    return -(-count // rows)


def rows_of(count: int, columns: int) -> list[int]:
    """How many targets each row holds."""
    full, rest = divmod(count, columns)
    return [columns] * full + ([rest] if rest else [])


def grid(products: int, dice: int = 0) -> list[Place]:
    """Places of `products` product targets then (bonus solo) a row of `dice` dice targets."""
    columns = product_columns(products)
    counts = rows_of(products, columns) + ([dice] if dice else [])
    width = max(counts) if counts else 1
    places: list[Place] = []
    for row, count in enumerate(counts):
        offset = width - count  # centring: half a column per missing target on each side
        places.extend((offset + 2 * i, row) for i in range(count))
    return places


def move(places: list[Place], index: int, dx: int, dy: int) -> int:
    """The target one step from `index` in direction (dx, dy) (each -1, 0 or 1); same index at an edge."""
    if not places:
        return 0
    index = min(max(index, 0), len(places) - 1)
    x2, row = places[index]
    if dy:
        candidates = [i for i, (_, r) in enumerate(places) if r == row + dy]
        if candidates:
            return min(candidates, key=lambda i: (abs(places[i][0] - x2), places[i][0]))
        return index
    if dx:
        same = [i for i, (x, r) in enumerate(places) if r == row and (x - x2) * dx > 0]
        if same:
            return min(same, key=lambda i: abs(places[i][0] - x2))
    return index
