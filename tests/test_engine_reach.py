"""Drawing and running matches read the sims' public queries, not their engines: outside
game/sim and game/rules nothing new may reach into `sim.round` (the mall's rulebook) or
`sim.game` (the table's). The files below still do, as many times as listed, and may only
go down: move a read behind a query on the sim (or a seat's view) and lower the number."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REACH = re.compile(r"\bsim\.(round|game)\b|\.round\.")

STILL_REACHING = {
    "game/scenes/mall/demo.py": 1,       # the attract demo's pilot knows where every card is
    "game/scenes/mall/results.py": 2,
    "game/scenes/table/scene.py": 1,           # a screenshot set-up that places bids
    "game/scenes/table/draw.py": 1,      # reads the deck's top to render the next cards ahead, unseen
    "game/speedrun/courses.py": 6,       # the Sold Out! course referees the whole round
    "game/speedrun/demo.py": 3,          # the speedrun demo's pilot, like the attract one
}


def reaches() -> dict[str, int]:
    out = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("game/sim/", "game/rules/")):
            continue
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.strip().startswith("#")]
        count = sum(len(REACH.findall(line)) for line in lines)
        if count:
            out[rel] = count
    return out


def test_nothing_new_reaches_into_the_engines():
    grown = {f: n for f, n in reaches().items() if n > STILL_REACHING.get(f, 0)}
    assert not grown, f"read these through the sim's public queries or a seat's view: {grown}"


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
