// Compile the game's modules to Python 3.14 bytecode with the vendored Pyodide, under Node.
//
// Why: Pyodide's Python compiles every imported module from source at each boot (~60-80 ms for
// the game in the page). Bytecode made by the same interpreter skips that. The .pyc files are
// "unchecked-hash" ones: Python trusts them without comparing source timestamps, which an
// unpacked archive does not keep. scripts/game_zip.py calls this for `make dist` only.
//
// Usage: node scripts/compile_pyc.mjs SOURCES.json > PYC.json
//   SOURCES.json: {"game/x.py": "<source>", ...}
//   PYC.json:     {"version": "3.14.2 …", "files": {"game/__pycache__/x.cpython-314.pyc": "<base64>"}}
import fs from "node:fs";
import { loadPyodide } from "pyodide";

const sources = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide();
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const result = pyodide.runPython(`
import base64, importlib.util, json, os, py_compile, sys

compiled = {}
for name, text in SOURCES.items():
    path = "/tmp/src/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    cache = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=cache, dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(cache, "rb") as handle:
        compiled[os.path.relpath(cache, "/tmp/src")] = base64.b64encode(handle.read()).decode()
json.dumps({"version": sys.version, "files": compiled})
`);
process.stdout.write(result);
