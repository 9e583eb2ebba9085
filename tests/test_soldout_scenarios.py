"""Every Sold Out! conformance case passes; a broken case is reported by name."""
import io
from pathlib import Path

from game.app.scenarios import load_file, run_files

FILES = sorted(str(p) for p in (Path(__file__).parent / "scenarios").glob("soldout_*.toml"))


def test_all_soldout_scenarios_pass():
    out = io.StringIO()
    code = run_files(FILES, out)
    failing = [line for line in out.getvalue().splitlines() if not line.startswith("ok ")]
    assert code == 0, "\n".join(failing)


def test_enough_cases():
    assert sum(len(load_file(Path(f))[1]) for f in FILES) >= 40


def test_a_wrong_expectation_fails_naming_the_case(tmp_path):
    bad = tmp_path / "soldout_bad.toml"
    bad.write_text('game = "soldout"\n[[case]]\nname = "wrong on purpose"\nmode = "rush"\nplayers = 1\n'
                   'step = [{do = "put_down"}]\nexpect = {scores = [3]}\n', encoding="utf-8")
    out = io.StringIO()
    assert run_files([str(bad)], out) == 1
    text = out.getvalue()
    assert "FAIL soldout_bad.toml::wrong on purpose" in text
    assert "expected ok" in text and "scores is [0], expected [3]" in text


def test_typos_in_a_case_are_failures(tmp_path):
    bad = tmp_path / "soldout_typo.toml"
    bad.write_text('game = "soldout"\n[[case]]\nname = "typo"\nmode = "rush"\nplayers = 1\n'
                   'step = [{do = "pickup", pile = 0}, {do = "flip", expct = "ok"}]\n'
                   'expect = {scroes = [0]}\n', encoding="utf-8")
    out = io.StringIO()
    assert run_files([str(bad)], out) == 1
    text = out.getvalue()
    assert "step 1 (pickup by player 0): unknown action 'pickup'" in text
    assert "step 2 (flip by player 0): unknown step keys: expct" in text
    assert "unknown check 'scroes'" in text


def test_a_step_missing_its_argument_is_a_failure(tmp_path):
    bad = tmp_path / "soldout_arg.toml"
    bad.write_text('game = "soldout"\n[[case]]\nname = "no pile"\nmode = "rush"\n'
                   'step = [{do = "pick_up"}]\n', encoding="utf-8")
    out = io.StringIO()
    assert run_files([str(bad)], out) == 1
    assert "this action needs 'pile'" in out.getvalue()
