"""The plugin reference, generated from the code that is the contract: every hook of esign.hookspecs and
everything a provider uses from esign.providers.base (the errors, the base classes with their attributes
and methods; the value classes and helpers of esign.providers.values, which base names too), each with
its signature and its docstring.

`docs/plugin-reference.md` is `python -m esign.plugin_reference > docs/plugin-reference.md`
(tests/platform/test_plugin_reference.py fails when it is stale). The contract is written once, in the
docstrings and the `#:` comments of those modules; docs/plugins.md and docs/plugins-identity.md are
the guides around it (packaging, examples, the conformance kit) and link here.
"""
from __future__ import annotations

import dataclasses
import inspect
import re
import sys

from esign import hookspecs
from esign.providers import base, values

# `#: text` comment lines right above `name = ...` or `name: type = ...` (Sphinx's convention)
ATTRIBUTE = re.compile(r"((?:^[ \t]*#:.*\n)+)^[ \t]*([A-Za-z_]\w*)\s*[:=]", re.M)


def attribute_docs(obj) -> dict[str, str]:
    """The `#:` comments of a module's or a class's own attributes, by name."""
    source = inspect.getsource(obj)
    if inspect.isclass(obj):  # only the class's own level, not its methods' bodies
        indent = re.search(r"^([ \t]+)\S", source.split("\n", 1)[1], re.M).group(1)
        source = "\n".join(line for line in source.splitlines() if line.startswith(indent) and
                           not line.startswith(indent + " ") or not line.strip())
        source = "\n".join(line[len(indent):] for line in source.splitlines()) + "\n"
    return {name: " ".join(line.strip()[2:].strip() for line in comment.strip().splitlines())
            for comment, name in ATTRIBUTE.findall(source)}


def doc(obj) -> str:
    return inspect.cleandoc(obj.__doc__ or "")


def signature(fn) -> str:
    """`(key: str, path: str) -> int`: the parameters after `self`, annotations as written."""
    sig = inspect.signature(fn)
    params = []
    for param in list(sig.parameters.values())[1 if "." in fn.__qualname__ else 0:]:
        text = param.name if param.annotation is inspect.Parameter.empty else f"{param.name}: {param.annotation}"
        if param.default is not inspect.Parameter.empty:
            text += f" = {param.default!r}"
        params.append(text)
    answer = "" if sig.return_annotation is inspect.Signature.empty else f" -> {sig.return_annotation}"
    return f"({', '.join(params)}){answer}"


def hooks() -> list:
    return [fn for name, fn in vars(hookspecs).items() if name.startswith("esign_") and inspect.isfunction(fn)]


def provider_classes() -> list[type]:
    return [cls for cls in vars(base).values()
            if inspect.isclass(cls) and cls.__module__ == base.__name__ and issubclass(cls, base.Provider)]


def public_methods(cls) -> list[tuple[str, object]]:
    """The class's own public methods and `__init__`, in source order."""
    return [(name, member) for name, member in vars(cls).items()
            if (name == "__init__" or not name.startswith("_")) and inspect.isfunction(member)]


def own_attributes(cls) -> list[tuple[str, str]]:
    """(name, its line) for the attributes a class declares at its own level, `#:` comments first."""
    comments = attribute_docs(cls)
    rows = []
    for name in [*cls.__dict__.get("__annotations__", {}), *comments]:
        if name in dict(rows) or name.startswith("_") or (name not in vars(cls) and name not in comments):
            continue
        value = vars(cls).get(name, dataclasses.MISSING)
        shown = "" if value is dataclasses.MISSING or callable(value) else f" = {value!r}"
        annotation = cls.__dict__.get("__annotations__", {}).get(name)
        rows.append((name, f"- `{name}{': ' + str(annotation) if annotation else ''}{shown}`"
                           f"{': ' + comments[name] if name in comments else ''}"))
    return rows


def method_section(cls, name: str, fn) -> list[str]:
    marks = []
    if name in getattr(cls, "__abstractmethods__", ()):
        marks.append("abstract")
    marks.append("async generator" if inspect.isasyncgenfunction(fn) else
                 "async" if inspect.iscoroutinefunction(fn) else "sync")
    return [f"#### `{cls.__name__}.{name}{signature(fn)}` ({', '.join(marks)})", "", doc(fn), ""]


def class_section(cls) -> list[str]:
    bases = ", ".join(f"`{b.__name__}`" for b in cls.__bases__ if b is not object)
    lines = [f"### `{cls.__name__}`", "", f"Subclasses {bases}." if bases else "", ""]
    if doc(cls):
        lines += [doc(cls), ""]
    attributes = own_attributes(cls)
    if attributes:
        lines += ["Class attributes:", "", *(line for _, line in attributes), ""]
    for name, fn in public_methods(cls):
        lines += method_section(cls, name, fn)
    return lines


def dataclass_section(cls) -> list[str]:
    comments = attribute_docs(cls)
    lines = [f"### `{cls.__name__}`", "", doc(cls), "", "Fields:", ""]
    for field in dataclasses.fields(cls):
        if field.default is not dataclasses.MISSING:
            default = f" = {field.default!r}"
        elif field.default_factory is not dataclasses.MISSING:
            default = f" = {field.default_factory()!r}"
        else:
            default = ""
        note = f": {comments[field.name]}" if field.name in comments else ""
        lines.append(f"- `{field.name}: {field.type}{default}`{note}")
    return lines + [""]


def markdown() -> str:
    module_comments = {**attribute_docs(base), **attribute_docs(values)}
    lines = ["# Plugin reference", "",
             "Generated from `esign/hookspecs.py`, `esign/providers/base.py` and `esign/providers/values.py` by "
             "`python -m esign.plugin_reference > docs/plugin-reference.md`; do not edit it by hand (a test "
             "fails when it is stale): the docstrings are the contract. [plugins.md](plugins.md) is the guide "
             "(packaging, an example plugin per kind, the conformance kit) and "
             "[plugins-identity.md](plugins-identity.md) what esign does around identity providers.", "",
             "## Hooks", "", doc(hookspecs), ""]
    for fn in hooks():
        lines += [f"### `{fn.__name__}{signature(fn)}`", "", doc(fn), ""]
    lines += ["## The provider contract", "", doc(base), ""]
    for name in ("CONTRACT_VERSION", "IDENTITY_STATUSES"):
        lines += [f"### `{name} = {getattr(base, name)!r}`", "", module_comments[name], ""]  # both named by base
    lines += ["## Errors", ""]
    for name, cls in vars(base).items():
        if inspect.isclass(cls) and issubclass(cls, Exception) and cls.__module__ == base.__name__:
            lines += [f"### `{name}`", "", f"Subclasses `{cls.__bases__[0].__name__}`.", "", doc(cls), ""]
    lines += ["## Values", ""]
    for module in (base, values):
        for cls in vars(module).values():
            if inspect.isclass(cls) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__:
                lines += dataclass_section(cls)
    lines += ["## Helpers", ""]
    for module in (base, values):
        for name, fn in vars(module).items():
            if inspect.isfunction(fn) and fn.__module__ == module.__name__ and not name.startswith("_"):
                lines += [f"### `{name}{signature(fn)}` (sync)", "", doc(fn), ""]
    lines += ["## Base classes", ""]
    for cls in provider_classes():
        lines += class_section(cls)
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"


if __name__ == "__main__":
    sys.stdout.write(markdown())
