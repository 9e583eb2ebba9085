"""The Sold Out! catalogue loads, and every kind of bad catalogue is a clear CatalogueError."""
import re

import pytest

from game.rules.soldout.catalogue import DEFAULT_PATH, GARMENTS, PATTERNS, CatalogueError, load_catalogue

TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def test_catalogue_shape():
    cat = load_catalogue()
    assert len(cat.items) == 85
    assert sorted({i.garment for i in cat.items.values()}) == sorted(GARMENTS)
    assert {i.pattern for i in cat.items.values()} <= set(PATTERNS)
    assert len(cat.objectives_with_bags(1)) == 15 and len(cat.objectives_with_bags(2)) == 10
    pictured = [i for o in cat.objectives.values() for i in o.items]
    assert len(pictured) == len(set(pictured)) == 60
    assert cat.pile_sizes == (10, 10, 10, 10, 9, 9, 9, 9, 9)
    assert cat.name("tshirt-red-stripes") == "Red striped T-shirt"
    assert all(c.cb_hex.startswith("#") for c in cat.colours.values())


def test_objective_cards_picture_different_garments():
    cat = load_catalogue()
    for card in cat.objectives.values():
        garments = [cat.items[i].garment for i in card.items]
        assert len(set(garments)) == len(garments), card.id


def test_variants_are_confusable_but_never_by_colour_alone():
    cat = load_catalogue()
    for garment in GARMENTS:
        variants = [i for i in cat.items.values() if i.garment == garment]
        same_colour = any(a.colour == b.colour and a.pattern != b.pattern
                          for a in variants for b in variants)
        same_pattern = any(a.pattern == b.pattern and a.colour != b.colour
                           for a in variants for b in variants)
        assert same_colour and same_pattern, garment


def _bad(tmp_path, text):
    path = tmp_path / "catalogue.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogueError) as info:
        load_catalogue(path)
    assert str(path) in str(info.value)
    return str(info.value)


def test_duplicate_item_id(tmp_path):
    text = TEXT.replace('id = "tshirt-red-stripes"', 'id = "tshirt-red-plain"', 1)
    assert "item 'tshirt-red-plain': duplicate id" in _bad(tmp_path, text)


def test_unknown_item_on_objective(tmp_path):
    text = TEXT.replace('items = ["tshirt-red-plain",', 'items = ["tshirt-gold-plain",', 1)
    assert "objective 'two-01': unknown item 'tshirt-gold-plain'" in _bad(tmp_path, text)


def test_item_on_two_objectives(tmp_path):
    text = TEXT.replace('"sneakers-navy-stripes", "boots-orange-checks"', '"sneakers-navy-stripes", "tshirt-red-plain"')
    assert "item 'tshirt-red-plain' is already on objective 'two-01'" in _bad(tmp_path, text)


def test_wrong_counts(tmp_path):
    assert "[counts] says 84" in _bad(tmp_path, TEXT.replace("items = 85", "items = 84", 1))
    assert "1 bag(s), [counts] says 16" in _bad(tmp_path, TEXT.replace("one_bag_cards = 15", "one_bag_cards = 16"))
    text = TEXT.replace('items = ["sneakers-navy-stripes", "boots-orange-checks"]', 'items = ["sneakers-navy-stripes"]')
    assert "objective 'one-01' pictures 1 items" in _bad(tmp_path, text)
    text = TEXT.replace("pile_sizes = [10, 10, 10, 10, 9", "pile_sizes = [10, 10, 10, 10, 10")
    assert "pile_sizes" in _bad(tmp_path, text)


def test_bad_colour_pattern_garment(tmp_path):
    text = TEXT.replace('colour = "red"\npattern = "stripes"', 'colour = "gold"\npattern = "stripes"', 1)
    assert "unknown colour 'gold'" in _bad(tmp_path, text)
    text = TEXT.replace('pattern = "stripes"', 'pattern = "paisley"', 1)
    assert "unknown pattern 'paisley'" in _bad(tmp_path, text)
    text = TEXT.replace('garment = "tshirt"', 'garment = "kilt"', 1)
    assert "unknown garment 'kilt'" in _bad(tmp_path, text)
    text = TEXT.replace('[[garment]]\nid = "tie"', '[[garment]]\nid = "kilt"', 1)
    assert "garment 'kilt': not one of" in _bad(tmp_path, text)
    text = TEXT.replace('hex = "#D62828"', 'hex = "red"', 1)
    assert "colour 'red': 'hex' must be a colour" in _bad(tmp_path, text)


def test_colour_blind_rule(tmp_path):
    # tshirt-pink-stripes becomes white-striped: white and red? no -- white and pink share 'pale'.
    text = re.sub(r'id = "tshirt-red-stripes"\ngarment = "tshirt"\ncolour = "red"',
                  'id = "tshirt-white-stripes"\ngarment = "tshirt"\ncolour = "white"', TEXT, count=1)
    text = text.replace('"tshirt-red-stripes"', '"tshirt-white-stripes"')
    text = text.replace('name = "Red striped T-shirt"', 'name = "White striped T-shirt"')
    message = _bad(tmp_path, text)
    assert "cvd_group 'pale'" in message and "tshirt-pink-stripes" in message


def test_same_look_twice(tmp_path):
    text = TEXT.replace('id = "tshirt-red-stripes"\ngarment = "tshirt"\ncolour = "red"\npattern = "stripes"',
                        'id = "tshirt-red-stripes"\ngarment = "tshirt"\ncolour = "red"\npattern = "plain"', 1)
    assert "looks exactly like item 'tshirt-red-plain'" in _bad(tmp_path, text)


def test_unreadable_file(tmp_path):
    assert "not valid TOML" in _bad(tmp_path, "this is = = not toml")
    with pytest.raises(CatalogueError, match="cannot read"):
        load_catalogue(tmp_path / "missing.toml")
