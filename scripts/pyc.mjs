// How the build compiles Python for the page (scripts/compile_pyc.mjs: the game;
// scripts/stdlib_compile.mjs: the library's part it uses), as Python run by the vendored Pyodide.
//
// The bytecode is made small, since a first visit downloads it over a phone's network:
//   - no docstrings or asserts (optimize=2, as `python -OO`): the game reads no docstring and
//     asserts nothing a player relies on;
//   - no column positions (the interpreter runs with PYTHONNODEBUGRANGES, see ENV);
//   - the game's functions without their annotations (``signatures=False``, the game's modules only):
//     Python 3.14 compiles each annotated function's annotations into a function of their own,
//     which nothing of the game ever calls (no singledispatch, get_type_hints or signature()). A
//     class's annotations stay: dataclasses and NamedTuples read them. A tenth of game.zip.
//   - one line a function: every instruction maps to its function's first line. Tracebacks name
//     the function's line, not the statement's; every frame still has a line number, so nothing
//     that reads one (warnings, logging) meets a missing line. A quarter less to download.
// Each file is an "unchecked-hash" .pyc: Python trusts it without a source to compare against.
export const ENV = { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" };

export const COMPILE_PY = `
import ast as _ast
import importlib._bootstrap_external as _external
import importlib.util as _util

class _NoSignatures(_ast.NodeTransformer):
    """Every function's parameter and return annotations dropped (the code reads none)."""

    def visit_FunctionDef(self, node):
        self.generic_visit(node)
        arguments = node.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                         *(a for a in (arguments.vararg, arguments.kwarg) if a)]:
            argument.annotation = None
        node.returns = None
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

def _one_line_a_function(code):
    """The code with every instruction at code.co_firstlineno (linetable entries of up to 8 code
    units, kind 13 "no columns", line delta 0) and the same for the code objects inside it."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        size = min(units, 8)
        table += bytes((0x80 | (13 << 3) | (size - 1), 0))
        units -= size
    consts = tuple(_one_line_a_function(c) if hasattr(c, "co_code") else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)

def compile_pyc(source: bytes, filename: str, signatures: bool = True) -> bytes:
    tree = _ast.parse(source, filename)
    if not signatures:
        tree = _NoSignatures().visit(tree)
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=2)
    return bytes(_external._code_to_hash_pyc(_one_line_a_function(code), _util.source_hash(source), checked=False))
`;
