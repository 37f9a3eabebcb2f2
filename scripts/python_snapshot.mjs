// Python's memory right after Pyodide has started it, gzipped: the game's first visit starts
// from it instead of starting Python (assets/python-boot.mjs).
//
// Why: starting Python is most of a first visit's wait (about 1.6 s of 2.5 s here, several
// seconds on a phone), and its result is the same bytes on every machine: Pyodide's snapshot
// holds Python's memory and no JavaScript object (its list of JavaScript references is empty).
// The copy is made by the vendored Pyodide itself, under Node, with nothing imported and no game
// code in it, so it changes only when Pyodide does. Pyodide refuses a snapshot of any other build.
//
// Usage: node scripts/python_snapshot.mjs OUT.gz   (scripts/vendor.py runs it)
import fs from "node:fs";
import zlib from "node:zlib";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide({ _makeSnapshot: true });
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(process.argv[2], zlib.gzipSync(snapshot, { level: 9 }));
