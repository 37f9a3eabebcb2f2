// Compile the game's modules to Python 3.14 bytecode with the vendored Pyodide, under Node.
//
// Why: Pyodide's Python compiles every imported module from source at each boot (~60-80 ms for
// the game in the page). Bytecode made by the same interpreter skips that. Each .pyc is named as
// its source with .pyc for .py ("sourceless": Python imports it where no .py is), so the built
// game.zip holds each module once; scripts/pyc.mjs says how it is made small.
// scripts/game_zip.py calls this for `make dist` only.
//
// Usage: node scripts/compile_pyc.mjs SOURCES.json > PYC.json
//   SOURCES.json: {"game/x.py": "<source>", ...}
//   PYC.json:     {"version": "3.14.2 …", "files": {"game/x.pyc": "<base64>"}}
import fs from "node:fs";
import { loadPyodide } from "pyodide";
import { COMPILE_PY, ENV } from "./pyc.mjs";

const sources = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide({ env: ENV });
pyodide.runPython(COMPILE_PY);
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const result = pyodide.runPython(`
import base64, json, sys

compiled = {}
for name, text in SOURCES.items():
    compiled[name[:-3] + ".pyc"] = base64.b64encode(compile_pyc(text.encode("utf-8"), name, signatures=False)).decode()
json.dumps({"version": sys.version, "files": compiled})
`);
process.stdout.write(result);
