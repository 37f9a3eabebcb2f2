// Compile the game's modules to Python 3.14 bytecode with the vendored Pyodide, under Node.
//
// Why: Pyodide's Python compiles every imported module from source at each boot (~60-80 ms for
// the game in the page). Bytecode made by the same interpreter skips that. Each .pyc is named as
// its source with .pyc for .py ("sourceless": Python imports it where no .py is), so the built
// game.zip holds each module once. They are "unchecked-hash" files: Python trusts them without
// a source to compare against. They are made small: no column positions (PYTHONNODEBUGRANGES:
// tracebacks still name the line) and no docstrings or asserts (optimize=2, as `python -OO`; the
// game reads no docstring and asserts nothing a player relies on): 290 KB where they would be 400. scripts/game_zip.py calls this for
// `make dist` only.
//
// Usage: node scripts/compile_pyc.mjs SOURCES.json > PYC.json
//   SOURCES.json: {"game/x.py": "<source>", ...}
//   PYC.json:     {"version": "3.14.2 …", "files": {"game/x.pyc": "<base64>"}}
import fs from "node:fs";
import { loadPyodide } from "pyodide";

const sources = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide({ env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const result = pyodide.runPython(`
import base64, importlib._bootstrap_external as external, importlib.util, json, sys

compiled = {}
for name, text in SOURCES.items():
    source = text.encode("utf-8")
    code = compile(source, name, "exec", dont_inherit=True, optimize=2)
    data = external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    compiled[name[:-3] + ".pyc"] = base64.b64encode(bytes(data)).decode()
json.dumps({"version": sys.version, "files": compiled})
`);
process.stdout.write(result);
