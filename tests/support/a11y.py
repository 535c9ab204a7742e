"""axe-core (installed by scripts/node-deps, pinned) run in a page: every WCAG 2.0, 2.1 and 2.2 A/AA
rule (WCAG 2.2's `target-size`, SC 2.5.8, included) and every best-practice rule, no violation allowed."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.browser import new_page

AXE = pathlib.Path(__file__).resolve().parents[2] / ".browser-deps" / "node_modules" / "axe-core" / "axe.min.js"


async def axe(page, state):
    if not AXE.exists():
        pytest.fail("axe-core is missing: run scripts/node-deps (scripts/test does)")
    await page.add_script_tag(path=str(AXE))
    result = await page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                                                              "wcag22aa", "best-practice"]}});
        return r.violations.map(v => v.id + ": " + v.nodes.map(n => n.target.join(" ")).join(", "));
    }""")
    assert result == [], f"{state}: {result}"


async def open_page(browser, link, viewport, locale=None):
    page = await new_page(browser, viewport, bypass_csp=True, **({"locale": locale} if locale else {}))
    await page.goto(link)
    return page
