"""Colour helpers: WCAG contrast against white and the charts' dark background, and darker shades of a colour."""


def _channel(c):
    c = c / 255.0
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_color):
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_with_white(hex_color):
    return 1.05 / (luminance(hex_color) + 0.05)


def contrast_with_dark(hex_color):
    """Against the charts' dark background, #111418."""
    return (luminance(hex_color) + 0.05) / (luminance("#111418") + 0.05)


def shade(hex_color, factor):
    """Darken a colour towards black by `factor` (0..1)."""
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (max(0, min(255, round(c * (1 - factor)))) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
