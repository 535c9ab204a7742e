"""pybabel extraction methods for what Babel cannot read itself (esign/i18n/babel.cfg):

- `tornado`: Tornado templates, whose messages are written `{{ _("...") }}` (or `_('...')`), and
  `ngettext("...", "...", n)` for one with plural forms, with literal strings; placeholders are
  `{name}`, filled by `.format()` after translation.
- `constants`: the string constants named by the `names` option of a Python module (texts the
  domain defines and the page translates at display time, such as the consent disclosure).
"""
from __future__ import annotations

import ast
import re

CALL = re.compile(r"""_\(\s*(?P<q>["'])(?P<text>(?:\\.|(?!(?P=q)).)*?)(?P=q)\s*[,)]""", re.S)


STRING = r"""(?P<q{n}>["'])(?P<text{n}>(?:\\.|(?!(?P=q{n})).)*?)(?P=q{n})"""
PLURAL = re.compile(r"ngettext\(\s*" + STRING.format(n=1) + r"\s*,\s*" + STRING.format(n=2) + r"\s*,", re.S)


def _literal(match: re.Match, n: str = "") -> str:
    return ast.literal_eval(match.group("q" + n) + match.group("text" + n) + match.group("q" + n))


def extract_tornado(fileobj, keywords, comment_tags, options):
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in CALL.finditer(source):
        yield source.count("\n", 0, match.start()) + 1, "_", _literal(match), []
    for match in PLURAL.finditer(source):  # `ngettext("one", "several", n)`: a message with plural forms
        yield source.count("\n", 0, match.start()) + 1, "ngettext", (_literal(match, "1"), _literal(match, "2")), []


def extract_constants(fileobj, keywords, comment_tags, options):
    names = set(options.get("names", "").split())
    tree = ast.parse(fileobj.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in names for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                yield node.lineno, "_", value, []
