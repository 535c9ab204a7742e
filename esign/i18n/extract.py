"""pybabel extraction methods for what Babel cannot read itself (esign/i18n/babel.cfg):

- `tornado`: Tornado templates, whose messages are written `{{ _("...") }}` (or `_('...')`) with
  literal strings; placeholders are `{name}`, filled by `.format()` after translation.
- `constants`: the string constants named by the `names` option of a Python module (texts the
  domain defines and the page translates at display time, such as the consent disclosure).
"""
from __future__ import annotations

import ast
import re

CALL = re.compile(r"""_\(\s*(?P<q>["'])(?P<text>(?:\\.|(?!(?P=q)).)*?)(?P=q)\s*[,)]""", re.S)


def extract_tornado(fileobj, keywords, comment_tags, options):
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in CALL.finditer(source):
        text = ast.literal_eval(match.group("q") + match.group("text") + match.group("q"))
        yield source.count("\n", 0, match.start()) + 1, "_", text, []


def extract_constants(fileobj, keywords, comment_tags, options):
    names = set(options.get("names", "").split())
    tree = ast.parse(fileobj.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                yield node.lineno, "_", value, []
