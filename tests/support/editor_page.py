"""The editor's page in headless Chromium (tests/authoring): waiting for it to load and to save, and
dragging with the mouse."""
from __future__ import annotations


async def loaded(page) -> None:
    """The page opened its session and shows the first page's image (fetched with the secret)."""
    await page.locator("#app[data-loaded=true]").wait_for()
    await page.locator(".sheet img[src^='blob:']").first.wait_for()


async def saved(page) -> None:
    await page.locator("#save-state", has_text="All changes saved").wait_for()


async def drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    await page.mouse.move(*start)
    await page.mouse.down()
    await page.mouse.move(*end, steps=6)
    await page.mouse.up()


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
