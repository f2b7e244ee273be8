"""The layout's promises, checked on the source: production code uses no test-scene
renderer, the daemon's shared modules know no game by name, and images enter only through
the one reader that checks their size from the header."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "tableref"
SYNTH = "tableref.vision.synth"
# the simulated table is the one production user of the renderer (device/sim/__init__.py)
MAY_USE_SYNTH = ("vision/synth/", "device/sim/")
GAME_NAMES = ("halli", "nimalia", "nelly")
DAEMON = ROOT / "device" / "daemon"
TABLE_OF_GAMES = "games"  # the one module that names the games (games.py)


def _shared_modules() -> list[str]:
    """Every module of the daemon that is not a game's own (`<game>_*.py`) nor the table of
    games: a new shared module is checked without being listed here."""
    return sorted(p.stem for p in DAEMON.glob("*.py") if p.stem != "__init__"
                  and p.stem != TABLE_OF_GAMES
                  and not p.stem.startswith(tuple(g + "_" for g in GAME_NAMES)))


def _imports(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


def test_no_production_module_imports_the_test_scene_renderer() -> None:
    users = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(MAY_USE_SYNTH):
            continue
        if any(m == SYNTH or m.startswith(SYNTH + ".") for m in _imports(ast.parse(
                path.read_text()))):
            users.append(rel)
    assert users == []


def _code_names(tree: ast.AST) -> list[str]:
    """Identifiers and string constants, docstrings left out."""
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)
                  and isinstance(n.value, ast.Constant)}
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, ast.alias):
            out.append(node.name)
    return out


def test_the_daemons_shared_modules_know_no_game_by_name() -> None:
    shared = _shared_modules()
    assert {"app", "session", "speech", "snapshot", "settings", "service"} <= set(shared)
    found = {}
    for name in shared:
        tree = ast.parse((DAEMON / f"{name}.py").read_text())
        named = [x for x in _code_names(tree) if any(g in x.lower() for g in GAME_NAMES)]
        if named:
            found[name] = named
    assert found == {}


# the one reader (vision/images.py); the renderers decode only what they encoded themselves
MAY_DECODE = ("vision/images.py", "vision/synth/")
DECODERS = ("imread", "imdecode", "imreadmulti")


def test_images_enter_only_through_the_reader_that_checks_their_header() -> None:
    """cv2.imread or Image.open anywhere else would let a decompression bomb or a lying
    header through (tableref halli referee once did)."""
    users = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(MAY_DECODE):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and (node.attr in DECODERS or (
                    node.attr == "open" and isinstance(node.value, ast.Name)
                    and node.value.id == "Image")):
                users.append(f"{rel}:{node.lineno} {node.attr}")
    assert users == []
