"""What a player downloads: the wheel (pip/pipx, built from the sdist) and the standalone build.

Marked `dist`: these build and install the game (a fresh venv, PyInstaller), so they need the
network and the `.[dist]` extra and take a few minutes. The README's test command leaves them
out; .ci/run runs them with `python -m pytest -m dist`.
"""
import json
import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.dist

MATCHES = [
    ["--headless", "--json", "--game", "soldout", "--mode", "rush", "--bots", "2", "--seed", "1"],
    ["--headless", "--json", "--game", "soldout", "--mode", "memory", "--bots", "3", "--seed", "2"],
    ["--headless", "--json", "--game", "soldout", "--mode", "tidy", "--bots", "4", "--teams", "--seed", "3"],
    ["--headless", "--json", "--game", "checkout", "--bots", "3", "--seed", "4"],
]


def run(command: list[str], cwd: Path, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def pixels(path: Path) -> bytes:
    import pygame
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def with_devkit(tmp_path: Path) -> dict[str, str]:
    """An environment in which an installed game finds a copy of the checkout's devkit/ (the screenshot
    scenes), and nothing else of the checkout: the game itself is still the installed one."""
    import shutil
    tools = tmp_path / "devkit-only"
    if not tools.exists():
        shutil.copytree(ROOT / "devkit", tools / "devkit", ignore=shutil.ignore_patterns("__pycache__"))
    return {**os.environ, "PYTHONPATH": str(tools)}


def plays(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Each game and mode plays to its JSON; a screenshot is a PNG; errors carry the command's name."""
    for argv in MATCHES:
        done = run(command + argv, cwd)
        assert done.returncode == 0, (argv, done.stderr)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result["winners"] and result["state_hash"], argv
    shot, here = cwd / "shot.png", cwd / "checkout.png"
    done = subprocess.run(command + ["--screenshot", str(shot), "--scene", "mall", "--seed", "1"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and shot.read_bytes()[:4] == b"\x89PNG", done.stderr
    run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(here), "--scene", "mall", "--seed", "1"], cwd)
    assert pixels(shot) == pixels(here), "the same data read the same way draws the same picture"
    done = run(command + ["--headless", "--level", "boutique", "--bots", "2", "--seed", "1", "--json"], cwd)
    assert done.returncode == 0, done.stderr
    done = run(command + ["--bots", "3"], cwd)
    assert done.returncode == 2 and done.stderr.splitlines()[-1].startswith("soldout-checkout: error: ")


# ---------------------------------------------------------------- the wheel, via the sdist
@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """`python -m build`: the sdist first, then the wheel built from that sdist."""
    out = tmp_path_factory.mktemp("built")
    done = run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], ROOT, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return next(out.glob("*.whl"))


def test_the_wheel_holds_every_asset_and_level_but_no_test_fixture(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [p.relative_to(ROOT).as_posix() for folder in ("assets", "levels") for p in (ROOT / folder).rglob("*")
               if p.is_file() and "broken" not in p.parts and "__pycache__" not in p.parts]
    assert shipped and [p for p in shipped if f"game/_data/{p}" not in names] == []
    assert not any("broken" in n for n in names)


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed non-editable into a fresh venv, as pipx does; returns its command."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    done = run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], env_dir, timeout=600)
    assert done.returncode == 0, done.stderr
    return bin_dir / "soldout-checkout"


def test_the_wheel_is_the_game_alone_with_its_project_metadata(wheel):
    """No top-level devkit (developer tooling runs from a checkout); URLs, classifiers, keywords; a GUI
    entry point (no console window on Windows) beside the command; `python -m game`."""
    names = zipfile.ZipFile(wheel).namelist()
    assert sorted({n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}) == ["game"]
    assert "game/__main__.py" in names
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode("utf-8")
    assert {"Homepage", "Source", "Issues"} <= set(re.findall(r"^Project-URL: (\w+), https://", meta, re.M))
    assert "Classifier: Topic :: Games/Entertainment" in meta and "Keywords: " in meta
    points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode("utf-8")
    assert "[gui_scripts]\nsoldout-checkout-gui = game.app:gui_main" in points


def test_the_installed_game_starts_with_python_m_and_keeps_developer_tools_to_a_checkout(installed, tmp_path):
    python = installed.parent / "python"
    done = run([str(python), "-m", "game", "--version"], tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("Sold Out! / Check Out! "), done.stderr
    for argv in (["-m", "game", "--screenshot", "x.png", "--scene", "mall"], ["-m", "game.bench"]):
        done = run([str(python), *argv], tmp_path)
        assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "checkout" in done.stderr, argv


def test_the_installed_command_plays_from_another_folder(installed, tmp_path):
    plays([str(installed)], tmp_path, with_devkit(tmp_path))
    done = run([str(installed), "--tournament", "--game", "checkout", "--matches", "1", "--seed", "1"], tmp_path)
    assert done.returncode == 0 and "expert" in done.stdout, done.stderr


def test_the_installed_command_takes_every_screenshot_scene(installed, tmp_path):
    """With the checkout's devkit/ on its path, the installed game's data draws every scene."""
    from game.scenes import registry
    for scene in registry.screenshot_names():
        shot = tmp_path / f"{scene}.png"
        done = subprocess.run([str(installed), "--screenshot", str(shot), "--scene", scene, "--seed", "1"],
                              cwd=tmp_path, env=with_devkit(tmp_path), capture_output=True, text=True, timeout=300)
        assert done.returncode == 0 and done.stderr == "" and shot.is_file(), (scene, done.stderr)


def test_the_installed_command_opens_the_window_quietly(installed, tmp_path):
    """Under the dummy video driver the title screen draws its first frame, and not a word on stderr."""
    env = {**os.environ, "SOLDOUT_FIRST_FRAME_ONLY": "1"}
    done = subprocess.run([str(installed)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("FIRST "), done.stderr
    assert done.stderr == ""


def test_the_installed_command_reads_a_level_path_typed_relative_to_here(installed, tmp_path):
    level = ROOT / "levels" / "broken" / "no_table.tmx"
    (tmp_path / "mine.tmx").write_bytes(level.read_bytes())
    done = run([str(installed), "--check-level", "mine.tmx"], tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("soldout-checkout: error: mine.tmx: ") and done.stdout == ""


def test_the_readme_quotes_the_wheels_size(wheel):
    quoted = re.search(r"\| Wheel \(`pipx install \.`\) \| ([\d.]+) MB wheel \|", (ROOT / "README.md").read_text(
        encoding="utf-8"))
    assert quoted and abs(float(quoted[1]) - wheel.stat().st_size / 1e6) <= 0.15, wheel.stat().st_size


def test_the_wheel_carries_the_licences(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    licences = {n.split(".dist-info/licenses/", 1)[1] for n in names if ".dist-info/licenses/" in n}
    assert licences == {"LICENSE", "assets/LICENSES.md"}
    assert "game/_data/assets/LICENSES.md" in names
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in zipfile.ZipFile(wheel).read(meta).decode("utf-8")


# ---------------------------------------------------------------- the standalone build
FOLDER_LIMIT = 43_000_000   # bytes: the unzipped standalone folder (it was 86 MB with every Babel locale;
                            # 41.4 MB with SQLite for the records database, the WebSocket link and the themes)
ZIP_LIMIT = 21_000_000      # bytes: the zip a player downloads (it was 34 MB; 20.4 MB as above)


@pytest.fixture(scope="module")
def frozen_zip(tmp_path_factory) -> Path:
    """tools/build_dist.py; the zip it made (the folder beside it moved away: only the zip is used)."""
    dist = tmp_path_factory.mktemp("dist")
    done = run([sys.executable, str(ROOT / "tools" / "build_dist.py"), "--dist", str(dist)], ROOT, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    for folder in dist.iterdir():   # nothing but the unzipped folder may be needed
        if folder.is_dir():
            folder.rename(folder.with_name(folder.name + ".moved-away"))
    return next(dist.glob("*.zip"))


@pytest.fixture(scope="module")
def frozen(frozen_zip, tmp_path_factory) -> Path:
    """The standalone zip unpacked somewhere else; its command."""
    unzipped = tmp_path_factory.mktemp("unzipped")
    with zipfile.ZipFile(frozen_zip) as zipped:
        zipped.extractall(unzipped)
    binary = unzipped / "soldout-checkout" / ("soldout-checkout.exe" if os.name == "nt" else "soldout-checkout")
    binary.chmod(0o755)   # zip files do not keep the executable bit
    return binary


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def test_the_standalone_build_is_small(frozen, frozen_zip):
    folder, archive = folder_bytes(frozen.parent), frozen_zip.stat().st_size
    assert folder <= FOLDER_LIMIT, f"the unzipped folder is {folder / 1e6:.1f} MB"
    assert archive <= ZIP_LIMIT, f"the zip is {archive / 1e6:.1f} MB"


def test_the_readme_quotes_the_standalone_sizes_this_build_has(frozen, frozen_zip):
    """The README's figures are for Linux x86-64: checked where the build is that platform's."""
    import platform
    if not (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")):
        pytest.skip("the README quotes the Linux x86-64 build")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quoted = re.search(r"\| Standalone folder \(Linux x86-64\) \| (\d+) MB folder, (\d+) MB zip \|", readme)
    assert quoted, "the README's install table lost its standalone row"
    folder, archive = folder_bytes(frozen.parent) / 1e6, frozen_zip.stat().st_size / 1e6
    assert abs(int(quoted[1]) - folder) <= 2 and abs(int(quoted[2]) - archive) <= 2, (folder, archive)


def test_the_standalone_build_carries_the_licences(frozen):
    top = frozen.parent
    assert (top / "LICENSE").read_text(encoding="utf-8") == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert (top / "LICENSES.md").read_text(encoding="utf-8") == (ROOT / "assets" / "LICENSES.md").read_text(
        encoding="utf-8")
    assert {p.stem for p in (top / "licenses").iterdir()} >= {"pygame-ce", "pytmx", "platformdirs", "babel"}


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_the_standalone_build_speaks_every_language_with_its_trimmed_locale_data(frozen, tmp_path, lang):
    """Numbers, ordinals and dates come from Babel's data, of which only the game's languages ship."""
    for scene in ("results_final", "speedrun", "speedrun_attempts"):
        shot = tmp_path / f"{scene}.png"
        done = run([str(frozen), "--screenshot", str(shot), "--scene", scene, "--lang", lang], tmp_path)
        assert done.returncode == 0 and done.stderr == "" and shot.is_file(), (scene, done.stderr)


def test_the_standalone_build_plays_from_another_folder(frozen, tmp_path):
    plays([str(frozen)], tmp_path)
    env = {**os.environ, "SOLDOUT_FIRST_FRAME_ONLY": "1"}
    done = subprocess.run([str(frozen)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("FIRST ") and done.stderr == "", done.stderr


def test_the_standalone_build_checks_levels(frozen, tmp_path):
    level = (ROOT / "levels" / "mall.tmx").read_text(encoding="utf-8")
    (tmp_path / "mine.tmx").write_text(level, encoding="utf-8")
    done = run([str(frozen), "--check-level", "mine.tmx"], tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("ok: "), done.stderr  # alone, it finds mall.tsx
    (tmp_path / "odd.tmx").write_text(level.replace('source="mall.tsx"', 'source="odd.tsx"'), encoding="utf-8")
    done = run([str(frozen), "--check-level", "odd.tmx"], tmp_path)
    assert done.returncode == 2 and "tileset" in done.stderr   # a tileset found nowhere: said so
    mine = tmp_path / "own"     # a level folder of the player's own: level, tileset and image together
    mine.mkdir()
    (mine / "mall.png").write_bytes((ROOT / "assets" / "tiles" / "mall.png").read_bytes())
    tileset = (ROOT / "levels" / "mall.tsx").read_text(encoding="utf-8")
    (mine / "mall.tsx").write_text(tileset.replace("../assets/tiles/mall.png", "mall.png"), encoding="utf-8")
    (mine / "mall.tmx").write_bytes((ROOT / "levels" / "mall.tmx").read_bytes())
    done = run([str(frozen), "--check-level", str(mine / "mall.tmx")], tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("ok: "), done.stderr
