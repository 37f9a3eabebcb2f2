"""The page's HTML as a small tree, so a test asks for "the discard zone's text" instead of
matching substrings of the whole page (the 🔒 in the prompt must not pass for the one on the pile).

>>> root = parse('<div data-zone="stock"><b>3</b> cards</div><p class="x y">hi</p>')
>>> root.find(data_zone="stock").text
'3 cards'
>>> [n.tag for n in root.find_all(class_="y")]
['p']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Optional

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, Optional[str]] = field(default_factory=dict)
    children: list = field(default_factory=list)   # Nodes and str

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    def matches(self, tag: Optional[str], wanted: dict[str, str]) -> bool:
        if tag is not None and self.tag != tag:
            return False
        for name, value in wanted.items():
            if name == "class":
                if value not in (self.attrs.get("class") or "").split():
                    return False
            elif self.attrs.get(name) != value:
                return False
        return True

    def find_all(self, tag: Optional[str] = None, **attrs: str) -> list[Node]:
        """Every descendant with this tag (any, when None) and these attributes, in page order.

        Attribute names are written as keywords: ``data_zone="hand"``, ``class_="card"`` (one class
        among several); a trailing underscore is dropped and the others become dashes."""
        wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
        out = []
        for child in self.children:
            if isinstance(child, Node):
                if child.matches(tag, wanted):
                    out.append(child)
                out.extend(child.find_all(tag, **attrs))
        return out

    def items(self) -> list[Node]:
        """The children of a list, a row or a group of cards: elements only, no stray text."""
        stray = [child for child in self.children if isinstance(child, str) and child.strip()]
        assert not stray, f"text between the items of <{self.tag}>: {stray}"
        return [child for child in self.children if isinstance(child, Node)]

    def find(self, tag: Optional[str] = None, **attrs: str) -> Node:
        """The one element that matches; AssertionError when there are none or several."""
        found = self.find_all(tag, **attrs)
        assert len(found) == 1, f"{len(found)} elements match {tag or '*'} {attrs}"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root
