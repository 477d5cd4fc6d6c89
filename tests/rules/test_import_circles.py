"""No import circles in the engine: every module of `rules/` is read with `ast`, imports inside
functions (and under `if TYPE_CHECKING:`) counted like the module-level ones, and the graph must have
no strongly connected component of more than one module.

`tests/import_graph.py` knows nothing of the engine: the site's rooms are checked the same way
(tests/site/test_rooms.py).
"""

from __future__ import annotations

from tests.import_graph import ROOT, circles, graph


def _show(circle: list[str], edges: dict[str, set[str]]) -> str:
    inside = set(circle)
    return "\n".join(f"  {m} -> {', '.join(sorted(edges[m] & inside))}" for m in circle)


def test_the_engine_has_no_import_circle():
    found = circles(["rules"], ROOT)
    edges = graph(["rules"], ROOT)
    assert not found, "import circles in rules/:\n" + "\n\n".join(_show(c, edges) for c in found)


def test_the_finder_sees_a_circle_through_a_function_level_import(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from pkg.a import A\n")
    (package / "a.py").write_text("A = 1\n\ndef f():\n    from .sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("from pkg import A\n")
    (package / "c.py").write_text("import pkg.sub.b\n")
    assert circles(["pkg"], tmp_path) == [["pkg", "pkg.a", "pkg.sub.b"]]


def test_the_finder_counts_from_package_import_name_as_an_edge_to_the_name_s_module(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("if True:\n    from pkg.a import x\n")
    assert circles(["pkg"], tmp_path) == [["pkg.a", "pkg.b"]]
    (package / "b.py").write_text("x = 1\n")
    assert circles(["pkg"], tmp_path) == []
