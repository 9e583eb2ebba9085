"""The Check Out! catalogue loads, matches the rulings, and every bad file is a clear error."""
import shutil
from collections import Counter

import pytest

from game.rules.checkout.catalogue import DEFAULT_DIR, CatalogueError, load_catalogue


def test_shipped_catalogue_matches_the_rulings():
    cat = load_catalogue()
    assert len(cat.products) == 60
    assert Counter(p.category for p in cat.products.values()) == {"drink": 20, "food": 20, "snack": 20}
    faces = Counter(len(p.faces) for p in cat.products.values())
    assert faces[2] > faces[1] + faces[3]  # most products show 2 faces
    assert cat.products["hot_dog"].category == "food" and cat.products["hot_dog"].faces == (5, 6)
    nachos = cat.bargains["nachos"]
    assert (nachos.price, nachos.promo_price, nachos.condition) == (2, 1, "drink")
    assert len(cat.bargains) == 24
    with_promo = [b for b in cat.bargains.values() if b.condition]
    assert len(with_promo) > 12 and {b.condition for b in with_promo} == {"drink", "food", "snack", "last"}
    assert (cat.rules.change_tokens, cat.rules.dice_per_player) == (30, 5)
    assert (cat.rules.players_min, cat.rules.players_max) == (2, 6)
    assert len({p.name for p in cat.products.values()}) == 60


def _copy(tmp_path):
    folder = tmp_path / "checkout"
    shutil.copytree(DEFAULT_DIR, folder)
    return folder


def _edit(folder, name, old, new):
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


P = '"Hot Dog",         category = "food",  '
HOT_DOG = P + 'faces = [5, 6],    stars = 5'
NACHOS = 'price = 2, stars = 4, promo_price = 1, condition = "drink"'

BAD = [
    ("products.toml", HOT_DOG, P + 'faces = [5, 6],    stars = 6', "'hot_dog': stars is 6"),
    ("products.toml", HOT_DOG, P + 'faces = [5, 7],    stars = 5', "'hot_dog': 'faces'"),
    ("products.toml", HOT_DOG, P + 'faces = [5, 6, 1, 2], stars = 5', "'hot_dog': 'faces'"),
    ("products.toml", HOT_DOG, P + 'faces = [],    stars = 5', "'hot_dog': 'faces'"),
    ("products.toml", 'category = "food",  faces = [5, 6]', 'category = "meal",  faces = [5, 6]', "'hot_dog': 'category'"),
    ("products.toml", 'id = "burger"', 'id = "hot_dog"', "'hot_dog': id is used twice"),
    ("products.toml", 'name = "Hot Dog",', 'name = "",', "'hot_dog': 'name'"),
    ("products.toml", HOT_DOG, HOT_DOG + ', spicy = true', "'hot_dog': unknown key(s) spicy"),
    ("products.toml", 'category = "food",  faces = [5, 6]', 'category = "drink",  faces = [5, 6]', "21 drink products"),
    ("products.toml", 'products = [', 'product = [', "needs a 'products' list"),
    ("products.toml", 'products = [', 'products = [[', "not valid TOML"),
    ("bargains.toml", NACHOS, 'price = 5, stars = 4, promo_price = 1, condition = "drink"', "'nachos': 'price'"),
    ("bargains.toml", NACHOS, 'price = 2, stars = 4, promo_price = 0, condition = "drink"', "'nachos': 'promo_price' must be 1"),
    ("bargains.toml", NACHOS, 'price = 2, stars = 4, promo_price = 1', "'nachos': 'promo_price' and 'condition' go together"),
    ("bargains.toml", NACHOS, 'price = 2, stars = 4, promo_price = 1, condition = "milk"', "'nachos': 'condition'"),
    ("bargains.toml", NACHOS, 'price = 2, stars = 1, promo_price = 1, condition = "drink"', "'nachos' costs more"),
    ("bargains.toml", 'id = "mug"', 'id = "Mug Cup"', "bargain 'Mug Cup': 'id'"),
    ("rules.toml", 'change_tokens = 30', 'change_tokens = "thirty"', "'change_tokens'"),
    ("rules.toml", 'players_min = 2', 'players_min = 1', "players_min"),
    ("rules.toml", 'bargains = 24', 'bargains = 25', "24 bargains, rules.toml asks for 25"),
    ("rules.toml", 'pair = 1', 'pair = -1', "[stars] 'pair'"),
    ("rules.toml", '"3" = 7', '"3" = 0', '[stars] base."3"'),
]


@pytest.mark.parametrize("name, old, new, message", BAD, ids=[b[3] for b in BAD])
def test_bad_catalogue_is_a_clear_error(tmp_path, name, old, new, message):
    folder = _copy(tmp_path)
    _edit(folder, name, old, new)
    with pytest.raises(CatalogueError) as caught:
        load_catalogue(folder)
    text = str(caught.value)
    assert message in text
    assert name in text  # the error names the file


def test_missing_file_is_named(tmp_path):
    folder = _copy(tmp_path)
    (folder / "bargains.toml").unlink()
    with pytest.raises(CatalogueError, match="bargains.toml: file is missing"):
        load_catalogue(folder)
