"""Developer tooling kept out of the game package: the screenshot scenes (devkit.shots) that
`--screenshot --scene NAME` draws. It sits above the game (it builds scenes and stages them)
and the game never imports it by name in code: the scene registry loads it by its package
name when a screenshot is asked for."""
