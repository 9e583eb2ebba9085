"""Packaging: the wheel carries every file the game reads, and game/__init__.py finds them in a
checkout, an installed wheel and a frozen build alike. (.ci/run installs the wheel for real.)"""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import game as data

ROOT = Path(__file__).resolve().parent.parent


def _setuptools_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_code_package_and_data_folder_is_listed_in_pyproject():
    """The package list is explicit (it maps assets/ and levels/ inside game/): a new game/ package or
    a new folder of assets must join it, or the wheel misses it (or setuptools warns at every install)."""
    listed = set(_setuptools_config()["packages"])
    code = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "game").rglob("__init__.py")}
    data = {".".join(("game", "_data", *folder.relative_to(ROOT).parts))
            for top in ("assets", "levels") for folder in [ROOT / top, *(ROOT / top).rglob("*")]
            if folder.is_dir() and not {"broken", "__pycache__"} & set(folder.parts)}
    assert sorted((code | data) - listed) == [], "add these to [tool.setuptools] packages in pyproject.toml"


def test_data_is_read_from_the_repository_in_a_checkout():
    assert data.data_root() == ROOT
    assert (data.assets_dir() / "seats.toml").is_file()
    assert (data.levels_dir() / "boutique.tmx").is_file()


def test_an_installed_layout_wins_over_the_folder_beside_the_package(tmp_path, monkeypatch):
    """A wheel or a frozen build has game/_data/{assets,levels}: that is where the data is read."""
    package = tmp_path / "site-packages" / "game"
    (package / "_data" / "assets").mkdir(parents=True)
    monkeypatch.setattr(data, "package_folder", lambda: package)
    data.data_root.cache_clear()
    try:
        assert data.asset("seats.toml") == package / "_data" / "assets" / "seats.toml"
        assert data.levels_dir() == package / "_data" / "levels"
    finally:
        data.data_root.cache_clear()


def test_no_module_finds_data_through_its_own_file():
    """Only game/__init__.py knows where the data is (package_folder, then data_root's choice between
    the installed layout and the checkout); `Path(__file__).parent.parent / "assets"` breaks installs."""
    offenders = [p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
                 if re.search(r"(?<![\w.])__file__", p.read_text(encoding="utf-8"))]   # its own file, not pygame.__file__
    assert offenders == ["game/__init__.py"]


def test_the_one_licence_list_names_every_folder_of_assets_the_game_ships():
    """assets/LICENSES.md says where every shipped asset comes from: a new folder (fonts/...) needs a row."""
    text = (ROOT / "assets" / "LICENSES.md").read_text(encoding="utf-8")
    named = set(re.findall(r"(?:assets|levels)/[\w/]*", text))
    shipped = [p.relative_to(ROOT) for top in ("assets", "levels") for p in (ROOT / top).rglob("*")
               if p.is_file() and not {"broken", "__pycache__"} & set(p.parts)]
    folders = {p.parent.as_posix() + "/" for p in shipped if p.parent.as_posix() != "assets"}
    assert sorted(f for f in folders if not any(f.startswith(n) for n in named if n.endswith("/"))) == []
    loose = [p.name for p in shipped if p.parent.as_posix() == "assets" and p.name != "LICENSES.md"]
    assert "assets/*.toml" in text and all(name.endswith(".toml") for name in loose), loose


def test_the_code_licence_is_mit_and_packaged():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert config["license"] == "MIT" and set(config["license-files"]) == {"LICENSE", "assets/LICENSES.md"}


def test_developer_tooling_stays_out_of_the_wheel():
    """devkit/ (screenshot scenes, benchmark) runs from a checkout: not a package the wheel installs."""
    assert not [p for p in _setuptools_config()["packages"] if p.split(".")[0] != "game"]


def test_the_project_metadata_names_its_place_in_the_ecosystem():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert {"Homepage", "Source", "Issues"} <= set(config["urls"])
    assert all(url.startswith("https://") for url in config["urls"].values())
    assert "Topic :: Games/Entertainment" in config["classifiers"] and config["keywords"]
    assert config["gui-scripts"] == {"soldout-checkout-gui": "game.app:gui_main"}
    assert config["scripts"] == {"soldout-checkout": "game.app:main"}


def test_no_manual_or_screen_sends_anyone_to_the_projects_unpublished_address():
    """pyproject's project URLs are where the project is to be published; nothing answers there
    yet, so the README, docs/ and the game's own text name no address of the project at all."""
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    own = {re.sub(r"^https://|[#?].*$", "", url).rstrip("/").split("/issues")[0] for url in urls.values()}
    assert own, "pyproject names no project URL"
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "game").rglob("*.py")),
             *sorted((ROOT / "assets").rglob("*.toml")), *sorted((ROOT / "assets").rglob("*.po"))]
    named = [f"{path.relative_to(ROOT)}: {address}" for path in texts
             for address in own if address in path.read_text(encoding="utf-8", errors="replace")]
    assert not named, named


def _run_here(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *argv], cwd=cwd, capture_output=True, text=True, timeout=120)


def test_python_m_game_is_the_game(tmp_path):
    done = _run_here("-m", "game", "--version", cwd=tmp_path)
    assert (done.returncode, done.stdout.strip()) == (0, f"Sold Out! / Check Out! {data.VERSION}"), done.stderr
    done = _run_here("-m", "game", "--bots", "3", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("soldout-checkout: error: "), done.stderr


def test_the_benchmark_and_screenshots_reach_devkit_from_a_checkout_started_anywhere(tmp_path):
    """An editable install maps only game/: devkit/ beside it joins the path when it is asked for."""
    done = _run_here("-m", "game.bench", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "usage:" in done.stdout, done.stderr
    done = _run_here("-m", "game", "--screenshot", str(tmp_path / "t.png"), "--scene", "title", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "t.png").is_file(), done.stderr


def test_without_devkit_the_developer_tools_say_so_in_one_line(monkeypatch, capsys):
    """An installed wheel has no devkit/: --screenshot refuses in one line instead of a traceback."""
    from game import app
    from game.scenes import registry
    monkeypatch.setattr(registry, "screenshots_available", lambda: False)
    assert app.main(["--screenshot", "x.png", "--scene", "mall"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "checkout" in err


def test_the_gui_entry_point_runs_without_standard_streams(monkeypatch):
    """pythonw (the GUI script on Windows) starts the game with sys.stdout and sys.stderr None."""
    from game import app
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["soldout-checkout-gui", "--bots", "3"])
    assert app.gui_main() == 2
