// The part of Python's standard library the game uses, compiled to bytecode by the vendored
// Pyodide, under Node: what scripts/stdlib_zip.py packs into stdlib.zip for the page.
//
// Why: Pyodide's python_stdlib.zip holds the whole library as source (2.5 MB, already deflated,
// so a host's gzip cannot shrink it) and Python compiles each module it imports at every start.
// The game imports a few dozen of its ~600 modules. They are found the way Python finds them:
// Pyodide starts (what its own start imports is kept), the game's modules are imported from
// their sources, then the modules named in EXTRA (what PyScript and lazy imports need); every
// module then loaded from the library's zip is kept, as bytecode (scripts/pyc.mjs).
//
// Usage: node scripts/stdlib_compile.mjs REQUEST.json > RESULT.json
//   REQUEST.json: {"sources": {"game/x.py": "<source>", ...}, "modules": ["game.ui.app", ...],
//                  "extra": ["asyncio", ...]}
//   RESULT.json:  {"version": "3.14.2 …", "zip": "/lib/python314.zip",
//                  "files": {"json/__init__.pyc": "<base64>", ...}, "names": ["abc", ...]}
//   "names" lists every module the whole library holds, for the page's fallback (stdlib_rest.py).
import fs from "node:fs";
import { loadPyodide } from "pyodide";
import { COMPILE_PY, ENV } from "./pyc.mjs";

const request = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide({ env: ENV });
pyodide.globals.set("REQUEST", pyodide.toPy(request));
const result = pyodide.runPython(COMPILE_PY + `
import sys
ZIP = next(p for p in sys.path if p.endswith(".zip"))

def from_zip():
    """{module name: member of the zip} for every module loaded from the library's zip."""
    found = {}
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(ZIP + "/"):
            found[name] = origin[len(ZIP) + 1:]
    return found

import importlib, os
for name, text in REQUEST["sources"].items():
    path = "/tmp/site/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
sys.path.insert(0, "/tmp/site")
for name in [*REQUEST["modules"], *REQUEST["extra"]]:
    importlib.import_module(name)
used = from_zip()

import base64, json, zipfile
compiled = {}
with zipfile.ZipFile(ZIP) as library:
    names = sorted({
        member[:-3].replace("/", ".").removesuffix(".__init__")
        for member in library.namelist() if member.endswith(".py")
    })
    for member in sorted(set(used.values())):
        data = compile_pyc(library.read(member), ZIP + "/" + member)
        compiled[member[:-3] + ".pyc"] = base64.b64encode(data).decode()
json.dumps({"version": sys.version, "zip": ZIP, "files": compiled, "names": names})
`);
process.stdout.write(result);
