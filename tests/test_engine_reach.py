"""Drawing and running matches read the sims' public queries, not their engines: outside
game/sim and game/rules nothing reaches into `sim.round` (the mall's rulebook) or `sim.game`
(the table's). Those who may know more than a player ask for it by name, and only they:
the speedrun referee and the route-running demo pilot hold an `OmniscientView`, the table's
pre-rendering asks for `next_deal_unseen()`, a screenshot set-up `stage_bid()`, and stage
directions that act on the rulebook (`play_out_round`) live in game/sim/mall_stage.py."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REACH = re.compile(r"\bsim\.(round|game)\b|\.round\.")

# Who may use each all-knowing query outside game/sim (a bot or a HUD never may).
ENTITLED = {
    "OmniscientView": {"game/speedrun/courses.py", "game/speedrun/demo.py"},
    "next_deal_unseen": {"game/scenes/table/draw.py"},
    "stage_bid": {"devkit/shots/table.py"},
}


def _game_files():
    """Every module outside the engines' own packages (the screenshot stagings in devkit too)."""
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "devkit").rglob("*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(("game/sim/", "game/rules/")):
            yield rel, path


def reaches() -> dict[str, int]:
    out = {}
    for rel, path in _game_files():
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.strip().startswith("#")]
        count = sum(len(REACH.findall(line)) for line in lines)
        if count:
            out[rel] = count
    return out


def test_nothing_reaches_into_the_engines():
    assert reaches() == {}, "read these through the sim's public queries or a seat's view"


def test_only_the_entitled_ask_the_all_knowing_queries():
    for name, allowed in ENTITLED.items():
        users = {rel for rel, path in _game_files() if name in path.read_text(encoding="utf-8")}
        assert users <= allowed, f"{name} used by {users - allowed}"
        assert all(name in (ROOT / rel).read_text(encoding="utf-8") for rel in allowed)   # the list is live


def test_the_pattern_sees_a_reach():
    assert REACH.findall("x = self.sim.game.players[0]") and REACH.findall("rnd = sim.round")
    assert not REACH.findall("sim.round_number()") and not REACH.findall("sim.rounds")


def test_the_table_answers_in_public():
    from game.driver.table_headless import run_table
    from game.match import MatchSpec, SeatSpec
    seats = tuple(SeatSpec(i, f"Bot{i}", "bot", "normal") for i in range(3))
    sim, _ = run_table(MatchSpec("checkout", seats, mode="standard", rounds=4, seed=2))
    game = sim.game
    assert sim.scores() == game.scores() and sim.winners() == game.winners()
    assert sim.round_number() == game.round and sim.rules is game.rules
    for seat in range(3):
        assert sim.tokens(seat) == game.players[seat].tokens
        assert sim.products_won(seat) == game.players[seat].products
        assert sim.bargains_bought(seat) == game.players[seat].bargains
        assert sim.bid_made(seat) is game.bid_made(seat)
        sim.products_won(seat).append("x")           # a copy: the engine is not changed
    assert all("x" not in p.products for p in game.players)


def test_a_public_seat_shows_no_tumbling_face_and_no_bid():
    from game.match import MatchSpec, SeatSpec
    from game.sim.table import TableSim
    seats = tuple(SeatSpec(i, f"P{i}", "human", "normal") for i in range(2))
    sim = TableSim(MatchSpec("checkout", seats, mode="standard", rounds=4, seed=3))
    sim.game.roll(0)
    sim.seats[0].land_tick = sim.tick + 30                 # the dice are in the air
    seen = sim.public_seat(0)
    assert sim.game.players[0].hand and set(seen.hand) == {0} and len(seen.hand) == len(sim.game.players[0].hand)
    assert seen.fits == 0
    sim.seats[0].land_tick = sim.tick                      # landed: the faces show
    assert list(sim.public_seat(0).hand) == sim.game.players[0].hand
    assert "bid" not in sim.public_seat(0)._fields
