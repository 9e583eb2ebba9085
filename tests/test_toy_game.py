"""A game is one object: this file writes a third game, Buzzer!, registers it here and nowhere
else, and plays it headless (with a recording played back), in the window from the lobby (its
record told to the stats once), in the title's attract loop, as a replay in the window, in a bot
tournament and in the warm-up.

Buzzer!: for two seconds (four in its long mode) every seat presses A as often as it can; each
press is a point. Its options are its own dataclass, named by its modes on the command line, in
the lobby and in a replay's header."""
import hashlib
import io
import json
import random
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import pygame
import pytest

from game.driver.match_driver import MatchDriver, recorder
from game.driver.replay import Replay
from game.match import games
from game.match.commands import IDLE, Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.match.tally import Tally
from game.scenes import registry
from game.scenes.match_report import for_match
from game.core.scene import Scene

LENGTH = 120   # ticks
LENGTHS = {"short": LENGTH, "long": 2 * LENGTH}


@dataclass(frozen=True, slots=True)
class BuzzerOptions:
    mode: str = "short"
    teams: bool = False


class BuzzerSim:
    """The Simulation protocol (game/sim/protocol.py) in a dozen lines."""

    def __init__(self, spec: MatchSpec) -> None:
        self.tick, self.points, self.events = 0, {s.seat: 0 for s in spec.seats}, []
        self.length = LENGTHS[spec.options.mode]

    @property
    def phase(self) -> str:
        return "over" if self.tick >= self.length else "playing"

    def step(self, commands: dict[int, Command]) -> None:
        if self.phase == "playing":
            for seat, command in commands.items():
                self.points[seat] += bool(command.pressed & Button.A)
            self.tick += 1

    def state_hash(self) -> str:
        return hashlib.sha256(repr((self.tick, sorted(self.points.items()))).encode()).hexdigest()


def bot(seed: int):
    rng = random.Random(seed)
    return lambda sim: Command(pressed=Button.A) if rng.random() < 0.4 else IDLE


def driven(spec: MatchSpec, replay: Replay | None = None, record: bool = False, people=()) -> MatchDriver:
    sim = BuzzerSim(spec)
    driver = MatchDriver(sim, [s.seat for s in spec.seats], recorder(spec) if record else None,
                         playback=replay.ticks() if replay is not None else None)
    for s in spec.seats:
        if replay is None and s.seat not in people:
            driver.seat(s.seat, bot(spec.seed * 10 + s.seat))
    return driver


def result(spec: MatchSpec, sim: BuzzerSim) -> dict[str, Any]:
    best = max(sim.points.values())
    return {"game": spec.game, "mode": spec.options.mode, "seed": spec.seed, "ticks": sim.tick,
            "players": [{"seat": s.seat, "team": None, "bot": s.kind == "bot", "score": sim.points[s.seat]}
                        for s in spec.seats],
            "winners": [seat for seat, points in sim.points.items() if points == best], "state_hash": sim.state_hash()}


class Runner:
    @staticmethod
    def play_match(spec: MatchSpec, record: Path | str | None = None) -> dict[str, Any]:
        driver = driven(spec, record=record is not None)
        while driver.sim.phase == "playing":
            driver.step()
        if record is not None:
            driver.save(record)
        return result(spec, driver.sim)

    @staticmethod
    def play_replay(replay: Replay) -> dict[str, Any]:
        spec = replay.match_spec()
        driver = driven(spec, replay)
        while driver.sim.phase == "playing" and not driver.played_out():
            driver.step()
        return result(spec, driver.sim)


class BuzzerTally(Tally[BuzzerSim]):
    """What a Buzzer! match counts for the records: its points (each press a grab, too)."""

    def observe(self, world: BuzzerSim) -> None:
        for seat, points in world.points.items():
            self.facts[seat].grabs = points

    def scores(self, world: BuzzerSim) -> dict[int, int]:
        return dict(world.points)


class Buzzer(games.Game):
    key, title, min_seats, fixed_rounds = "buzzer", "Buzzer!", 1, 1
    lobby_rows = frozenset({"mode"})

    def tally(self, spec: MatchSpec) -> BuzzerTally:
        return BuzzerTally(spec)

    def modes(self) -> Sequence[str]:
        return tuple(LENGTHS)

    def options_from(self, fields) -> BuzzerOptions:
        return BuzzerOptions(str(fields.get("mode") or "short"), bool(fields.get("teams", False)))

    def fields(self, options: BuzzerOptions) -> dict[str, Any]:
        return {"mode": options.mode, "rounds": 1, "teams": options.teams}

    def runner(self) -> games.Runner:
        return Runner()

    def demos(self) -> Sequence[games.Demo]:
        return [games.Demo("short", 2)]


class BuzzerScene(Scene):
    name = "buzzer"

    def __init__(self, ctx, spec: MatchSpec, replay: Replay | None = None, demo: bool = False) -> None:
        super().__init__(ctx)
        people = () if demo else [s.seat for s in spec.seats if s.kind == "human"]
        self.driver = driven(spec, replay, people=people)
        self.sim = self.driver.sim
        self.report = for_match(ctx, spec, self.driver, live=not demo and replay is None)

    def update(self, commands: dict[int, Command]) -> None:
        if not self.demo_over():
            self.driver.step(commands)
        elif self.report is not None:
            self.report.over(self.sim)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill((20, 20, 40))
        text = "  ".join(f"{seat + 1}: {points}" for seat, points in sorted(self.sim.points.items()))
        surface.blit(self.ctx.ui.text.render(text, 48, (255, 255, 255)), (100, 300))

    def demo_over(self) -> bool:
        return self.sim.phase == "over"

    def banner_spot(self) -> tuple[int, int] | None:
        return None

    def banner_room(self) -> pygame.Rect | None:
        return None


@pytest.fixture
def buzzer(monkeypatch):
    """Buzzer! registered: the game object, and its scene by the game's key."""
    registry.load_scene_modules()
    games.keys()                      # the built-in games first: Buzzer! is the third in menu order
    game = games.register(Buzzer())
    monkeypatch.setitem(registry._games, "buzzer", lambda ctx, spec: BuzzerScene(ctx, spec))
    monkeypatch.setitem(registry._replay_viewers, "buzzer", lambda ctx, replay: BuzzerScene(ctx, replay.match_spec(), replay))
    monkeypatch.setitem(registry._demos, "buzzer", lambda ctx, spec: BuzzerScene(ctx, spec, demo=True))
    yield game
    games.unregister("buzzer")


def _main(args: list[str]) -> dict[str, Any]:
    from game.app import main
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(args) == 0
    return json.loads(out.getvalue().strip().splitlines()[-1])


def test_it_plays_headless_and_its_recording_plays_back(buzzer, tmp_path):
    path = tmp_path / "buzzer.soco"
    played = _main(["--headless", "--game", "buzzer", "--bots", "3", "--seed", "7", "--json", "--record", str(path)])
    assert played["game"] == "buzzer" and played["ticks"] == LENGTH and len(played["players"]) == 3
    assert sum(p["score"] for p in played["players"]) > 0
    assert _main(["--replay", str(path), "--headless", "--json"]) == played


def test_it_opens_in_the_window_from_the_lobby_and_tells_the_stats_once(buzzer, ctx):
    from game.match.seats import LobbySeat
    from game.scenes.menus.lobby import LobbyScene
    told = []
    ctx.match_listeners.append(told.append)
    lobby = LobbyScene(ctx)
    ctx.stack.push(lobby)
    ctx.stack.apply()
    while lobby.options.game != "buzzer":
        lobby._cycle_game(1)
    assert (lobby._mode_text(), lobby._rounds_text(), lobby._level_text()) == ("short", "1", "-")
    ctx.seats.append(LobbySeat(0, "bot", difficulty="normal", team=0))
    lobby.start()
    ctx.stack.apply()
    scene = ctx.stack.top
    assert isinstance(scene, BuzzerScene)
    for _ in range(LENGTH + 5):
        scene.update({})
    assert scene.demo_over() and scene.sim.tick == LENGTH
    assert len(told) == 1, "one record for one match, however long its end is shown"
    (line,) = told[0].seats
    assert told[0].game == "buzzer" and told[0].ticks == LENGTH and line.place == 1
    assert line.score == scene.sim.points[0] == line.grabs and line.kind == "bot" and line.difficulty == "normal"


def test_it_shows_off_in_the_attract_loop(buzzer, ctx):
    from game.scenes import attract
    playlist = attract.demos()
    assert playlist[:3] == [("soldout", "rush", playlist[0][2]), ("checkout", "standard", 4), ("buzzer", "short", 2)]
    loop = attract.AttractScene(ctx)
    loop.index = 1
    loop._next_demo()
    assert isinstance(loop.demo, BuzzerScene)
    surface = pygame.Surface((1280, 720))
    for _ in range(LENGTH):
        loop.update({})
    loop.draw(surface, 0.0)
    assert loop.demo.demo_over() and loop.demo.report is None, "a demo is never counted"


def test_its_replay_plays_in_the_window(buzzer, ctx, tmp_path):
    from game.app.headless import load_replay_file
    path = tmp_path / "buzzer.soco"
    spec = buzzer.spec((SeatSpec(0, "A", "bot"), SeatSpec(1, "B", "bot")), 11)
    played = Runner.play_match(spec, record=path)
    replay = load_replay_file(str(path))
    assert replay.header["schedule"] == ["short"]
    scene = registry.replay_viewer("buzzer")(ctx, replay)
    for _ in range(LENGTH):
        scene.update({})
    assert scene.sim.state_hash() == played["state_hash"]
    assert scene.report is None, "a replay being watched is never counted"


def test_its_bots_play_a_tournament(buzzer):
    from game.app.tournament import game_modes, run_pairing
    assert game_modes("buzzer") == ("short", "long")
    pairing = run_pairing("buzzer", "short", "easy", "hard", 4, seed=3)
    assert pairing.wins + pairing.ties + pairing.losses == 4


def test_its_modes_are_its_own_on_the_command_line_and_in_the_header(buzzer, tmp_path):
    from game.app.cli import UsageError, parse_args
    path = tmp_path / "long.soco"
    played = _main(["--headless", "--game", "buzzer", "--mode", "long", "--bots", "2", "--seed", "5", "--json",
                    "--record", str(path)])
    assert (played["mode"], played["ticks"]) == ("long", 2 * LENGTH)
    assert json.loads(path.read_text().split("\n", 1)[0].split(" ", 2)[2])["mode"] == "long"
    assert _main(["--replay", str(path), "--headless", "--json"]) == played
    with pytest.raises(UsageError, match="--mode must be one of short, long, not 'rush'"):
        parse_args(["--headless", "--game", "buzzer", "--mode", "rush"])
    with pytest.raises(UsageError, match="--mode must be one of rush, memory, tidy, not 'long'"):
        parse_args(["--headless", "--game", "soldout", "--mode", "long"])


def test_the_lobby_keeps_its_options_beside_the_other_games(buzzer, ctx):
    from game.scenes.menus.lobby import LobbyScene
    lobby = LobbyScene(ctx)
    assert lobby.options.game == "soldout"
    lobby._cycle_mode(1)                      # Sold Out!: Rush -> Memory
    while lobby.options.game != "buzzer":
        lobby._cycle_game(1)
    assert lobby.chosen() == BuzzerOptions("short")
    lobby._cycle_mode(1)
    assert lobby._mode_text() == "long" and lobby.chosen() == BuzzerOptions("long")
    lobby._cycle_game(1)                      # round to Sold Out!, which kept its own
    assert lobby.options.game == "soldout" and lobby.mode() == "memory"
    while lobby.options.game != "buzzer":
        lobby._cycle_game(1)
    assert lobby.match_spec().options == BuzzerOptions("long")


def test_it_is_rehearsed_in_the_warm_up(buzzer, ctx, monkeypatch):
    """A game with no rehearsal of its own gets one: its match opened and drawn off screen."""
    from game.scenes import warmup
    queued: dict[str, object] = {}
    warmer = type("Noting", (), {"add": lambda self, name, job: queued.__setitem__(name, job)})()
    warmup.queue_rehearsals(warmer, ctx)
    assert [name for name in queued if name.startswith("buzzer")] == [f"buzzer {n} short" for n in games.LIKELY_SEATS]
    drawn = []
    real_draw = BuzzerScene.draw
    monkeypatch.setattr(BuzzerScene, "draw", lambda self, surface, alpha: drawn.append(self) or real_draw(self, surface, alpha))
    job = queued["buzzer 4 short"]
    while job():
        pass
    assert drawn and len(drawn[0].sim.points) == 4 and not ctx.stack.scenes   # drawn off screen, the game left alone
