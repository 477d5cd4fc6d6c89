"""The project's own import graph, read from the source with `ast`, and the circles in it.

Every import counts: at module level, inside functions (where a circle hides from import-linter's
view of what runs first), under TYPE_CHECKING, relative or absolute. `from pkg import name` is an
edge to `pkg` and, when `pkg.name` is a module, to it too. Pure Python: the engine's tests use it
(tests/rules/test_import_circles.py) as the site's do (tests/site/test_rooms.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules(packages: list[str], root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> file, for every `.py` of these packages (migrations left out)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "migrations" in parts or "__pycache__" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement names: `import a.b` -> a.b; `from a import b` -> a and
    a.b (b may be a module or a name of a); relative imports resolved against `module`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        # the package the import is relative to: the module's own for a package's __init__
        parts = module.split(".")
        keep = parts[: len(parts) - node.level + (1 if is_package else 0)]
        base = ".".join(keep + ([base] if base else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def imports(path: Path, module: str, known: dict[str, Path]) -> set[str]:
    """The modules of `known` this module imports, anywhere in its code."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for name in _targets(node, module, is_package):
            # `from pkg import name`, name not a module: the edge is to pkg
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def graph(packages: list[str], root: Path = ROOT) -> dict[str, set[str]]:
    known = modules(packages, root)
    return {module: imports(path, module, known) for module, path in known.items()}


def circles(packages: list[str], root: Path = ROOT) -> list[list[str]]:
    """The import circles among these packages' modules: each strongly connected component of more
    than one module (Tarjan's algorithm, without recursion), its modules sorted."""
    edges = graph(packages, root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found
