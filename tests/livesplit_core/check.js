// LiveSplit's own code (the official livesplit-core JavaScript bindings) on a splits file the game
// exported, for tests/test_livesplit_files.py. Prints one JSON object on standard output.
//
//   node check.js roundtrip FILE.lss
//     Parse with livesplit-core's .lss parser, run its clean-up (Run::fix_splits, which a reset
//     runs: start + reset without updating the splits), save, parse that again and save again.
//     -> {"before": N, "saved": TEXT, "again": TEXT}
//
//   node check.js drive FILE.lss COMMANDS.txt
//     Load the file into a real Timer comparing against Game Time and apply, one a line, the
//     LiveSplit Server commands the game's link sent (as LiveSplit's CommandServer maps them
//     to the timer). -> {"trace": [[command, phase, game seconds or null], ...], "saved": TEXT}
"use strict";
const fs = require("fs");
const path = require("path");
const ls = require(path.join(__dirname, "node_modules", "livesplit-core"));

const GAME_TIME = 1;
const PHASES = ["NotRunning", "Running", "Ended", "Paused"];

function load(text) {
    const result = ls.Run.parseString(text, "", false);
    if (!result.parsedSuccessfully()) {
        throw new Error("livesplit-core could not parse the splits file");
    }
    return result.unwrap();
}

function historyCount(run) {
    let count = 0;
    for (let i = 0; i < run.len(); i++) {
        const iter = run.segment(i).segmentHistory().iter();
        while (iter.next() !== null) {
            count++;
        }
        iter.dispose();
    }
    return count;
}

function cleanedUp(text) {
    const timer = ls.Timer.new(load(text));
    timer.start();
    timer.reset(false);     // reset_splits -> Run::fix_splits; the splits are not updated
    const saved = timer.saveAsLss();
    timer.dispose();
    return saved;
}

function roundtrip(file) {
    const text = fs.readFileSync(file, "utf8");
    const run = load(text);
    const before = historyCount(run);
    run.dispose();
    const saved = cleanedUp(text);
    return { before: before, saved: saved, again: cleanedUp(saved) };
}

const COMMANDS = {
    starttimer: (timer) => timer.start(),
    split: (timer) => timer.split(),
    unsplit: (timer) => timer.undoSplit(),
    skipsplit: (timer) => timer.skipSplit(),
    reset: (timer) => timer.reset(true),
    pausegametime: (timer) => timer.pauseGameTime(),
    unpausegametime: (timer) => timer.resumeGameTime(),
    setgametime: (timer, arg) => {
        const time = ls.TimeSpan.parse(arg);
        if (time === null) {
            throw new Error("not a time: " + arg);
        }
        timer.setGameTime(time);
        time.dispose();
    },
    getcurrenttimerphase: () => {},
};

function drive(file, commandsFile) {
    const timer = ls.Timer.new(load(fs.readFileSync(file, "utf8")));
    timer.setCurrentTimingMethod(GAME_TIME);
    const trace = [];
    for (const line of fs.readFileSync(commandsFile, "utf8").split("\n")) {
        if (!line) {
            continue;
        }
        const space = line.indexOf(" ");
        const name = space < 0 ? line : line.slice(0, space);
        const act = COMMANDS[name];
        if (act === undefined) {
            throw new Error("not a command the game's link may send: " + line);
        }
        act(timer, space < 0 ? "" : line.slice(space + 1));
        const game = timer.currentTime().gameTime();
        trace.push([line, PHASES[timer.currentPhase()], game === null ? null : game.totalSeconds()]);
    }
    const saved = timer.saveAsLss();
    timer.dispose();
    return { trace: trace, saved: saved };
}

const [mode, ...args] = process.argv.slice(2);
const out = mode === "roundtrip" ? roundtrip(args[0]) : mode === "drive" ? drive(args[0], args[1]) : null;
if (out === null) {
    process.stderr.write("usage: node check.js roundtrip FILE | drive FILE COMMANDS\n");
    process.exit(2);
}
process.stdout.write(JSON.stringify(out) + "\n");
