"""The README stays true where a test can tell: its quick-start commands, its command-line options
and scenes, and the figures it quotes against the code that makes them so. (The standalone and
wheel sizes it quotes are checked by the `dist` tests, which build them.)"""
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def section(title: str) -> str:
    """The text of a `## title` section, up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", README, re.S | re.M)
    assert match, f"the README lost its '{title}' section"
    return match[1]


def code_blocks(text: str) -> list[str]:
    return re.findall(r"^```\n(.*?)^```", text, re.S | re.M)


# ---------------------------------------------------------------- quick start
def test_the_quick_start_commands_are_the_two_the_project_supports():
    play, test = code_blocks(section("Quick start"))[:2]
    assert play.strip() == ("python3 -m venv .venv && .venv/bin/python -m pip install -e . && "
                            ".venv/bin/python main.py")
    assert test.strip() == ("python3 -m venv .venv && .venv/bin/python -m pip install -e '.[test]' && "
                            ".venv/bin/python -m pytest")
    assert (ROOT / "main.py").is_file()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "\n.venv/bin/python -m pytest\n" in ci          # CI runs exactly the README's test command


def test_every_extra_the_readme_names_exists():
    extras = set(PYPROJECT["project"]["optional-dependencies"])
    named = set(re.findall(r"'\.\[([\w,]+)\]'", README))
    assert named and {extra for group in named for extra in group.split(",")} <= extras


def test_the_python_version_the_readme_asks_for_is_the_packages():
    wanted = re.search(r"You need Python (\d+\.\d+) or newer", README)
    assert wanted and PYPROJECT["project"]["requires-python"] == f">={wanted[1]}"


# ---------------------------------------------------------------- the command line
def test_the_command_line_section_names_every_option_and_only_real_ones():
    from game.app.cli import build_parser
    options = {flag for action in build_parser()._actions for flag in action.option_strings if flag.startswith("--")}
    text = section("Command line")
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    assert sorted(options - named) == [], "document these options in the README's Command line section"
    assert sorted(named - options) == [], "the README names options the game does not have"


def test_the_screenshot_scenes_the_readme_names_exist():
    from game.scenes import registry
    text = section("Command line")
    listed = text[text.index("Screenshot scenes"):]
    named = set(re.findall(r"`([a-z0-9_]+)`", listed))
    assert named and sorted(named - set(registry.screenshot_names())) == []


def test_the_readme_says_errors_are_one_line_as_the_game_prints_them():
    text = section("Command line")
    assert "`main.py: error: ...`" in text and "exit code 2" in text and "141" in text


# ---------------------------------------------------------------- figures quoted
def _catalogue():
    from game.rules.soldout.catalogue import load_catalogue
    return load_catalogue()


def _broken_levels() -> int:
    return len(list((ROOT / "levels" / "broken").glob("*.tmx"))) + \
        len(list((ROOT / "tests" / "data" / "bad" / "levels").glob("*.tmx")))


def _constants():
    from game.core.transition import FADE_SECONDS
    from game.files.level_files import MAX_IMAGE_SIDE, MAX_SIDE, MAX_TMX_BYTES, TILE_SIZES
    from game.files.levels import MIN_CHAIRS, MIN_PILE_SPOTS, MIN_SPAWNS
    from game.render.text import TEXT_MIN_PX
    from game.scenes.menus.title import ATTRACT_AFTER_TICKS
    from game.speedrun.attempts import KEEP_LAST
    from game.speedrun.categories import SEED_LETTERS, load_categories
    from game.speedrun.livesplit_link import DEFAULT_PORT
    sets = {len(c.set_seeds) for c in load_categories().values()}
    return {
        r"(\d+) clothing cards lie in (\d+) piles": (len(_catalogue().items), len(_catalogue().pile_sizes)),
        r"Leave the title screen alone for (\d+) seconds": (ATTRACT_AFTER_TICKS // 60,),
        r"set seeds \(A-([A-Z])\)": (SEED_LETTERS[max(sets) - 1],),
        r"at least (\d+) `pile_spot`s": (MIN_PILE_SPOTS,),
        r"(\d+)\n?\s*`chair`s": (MIN_CHAIRS,),
        r"(\d+) `spawn`s": (MIN_SPAWNS,),
        r"tiles are square, (\d+) to (\d+) px": TILE_SIZES,
        r"the map at most (\d+)x\d+ tiles\s+and (\d+)x\d+ px": (MAX_SIDE, MAX_IMAGE_SIDE),
        r"a level file at most (\d+) MB": (MAX_TMX_BYTES >> 20,),
        r"fades through black in ([\d.]+) s": (FADE_SECONDS,),
        r"(\d+) broken levels": (_broken_levels(),),
        r"\), and is at least (\d+) px": (TEXT_MIN_PX,),
        r"The replays of the last (\d+) attempts": (KEEP_LAST,),
        r"Start TCP\s+Server\* \(port (\d+);": (DEFAULT_PORT,),
    }


@pytest.mark.parametrize("pattern", list(_constants()))
def test_a_figure_the_readme_quotes_is_the_codes(pattern):
    found = re.search(pattern, README)
    assert found, f"the README no longer says /{pattern}/: update this test with it"
    quoted = tuple(float(g) if "." in g else (g if g.isalpha() else int(g)) for g in found.groups())
    assert quoted == tuple(_constants()[pattern])


def test_the_size_limits_the_readme_quotes_are_the_dist_tests():
    from tests import test_dist
    found = re.search(r"under (\d+) MB and its zip under\s+(\d+) MB", README)
    assert found and (int(found[1]) * 10**6, int(found[2]) * 10**6) == (test_dist.FOLDER_LIMIT, test_dist.ZIP_LIMIT)
