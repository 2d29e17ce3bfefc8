"""Colours as a person sees them on the screen: WCAG 2 contrast and hue families.

The checks read the styles Textual actually renders (`rendered`), not the styles the code asks
for: a named terminal colour is resolved by Textual's theme, and `bright_blue` came out light
grey.
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterator
from dataclasses import dataclass

from rich.color import Color as RichColor
from textual.app import App
from textual.geometry import Region

READABLE = 4.5  # WCAG 2 AA, normal text

HUES: dict[str, tuple[float, float]] = {
    # Hue angles (degrees, HSV) that a person names so; red wraps around 0.
    "red": (345.0, 15.0),
    "yellow": (40.0, 65.0),
    "green": (90.0, 150.0),
    "blue": (200.0, 250.0),
    "magenta": (280.0, 320.0),
}
SATURATED = 0.4  # below this a colour reads as a grey, whatever its hue


def luminance(color: RichColor) -> float:
    """WCAG 2 relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = color.get_truecolor()
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(foreground: RichColor, background: RichColor) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def hue_family(color: RichColor) -> str | None:
    """The name of `color`'s hue family, or None for a grey or a colour between families."""
    red, green, blue = (value / 255 for value in color.get_truecolor())
    hue, saturation, _ = colorsys.rgb_to_hsv(red, green, blue)
    if saturation < SATURATED:
        return None
    degrees = hue * 360
    for name, (low, high) in HUES.items():
        inside = low <= degrees <= high if low < high else degrees >= low or degrees <= high
        if inside:
            return name
    return None


@dataclass(frozen=True)
class Painted:
    """Text on the screen with the colours it is painted in (reverse video undone)."""

    text: str
    foreground: RichColor
    background: RichColor
    reverse: bool  # drawn in reverse video: its colour is the background's

    @property
    def ink(self) -> RichColor:
        """The colour that tells the card's colour: the text's, or the background's when the
        text is drawn in reverse."""
        return self.background if self.reverse else self.foreground


def rendered(app: App[None], region: Region) -> Iterator[Painted]:
    """The text segments of the screen that lie wholly within `region`, as painted."""
    strips = app.screen._compositor.render_strips()
    for y in range(region.y, region.bottom):
        x = 0
        for segment in strips[y]:
            end = x + len(segment.text)
            style = segment.style
            if region.x <= x and end <= region.right and segment.text.strip() and style:
                assert style.color is not None and style.bgcolor is not None, segment
                fore, back = style.color, style.bgcolor
                if style.reverse:
                    fore, back = back, fore
                yield Painted(segment.text, fore, back, bool(style.reverse))
            x = end
