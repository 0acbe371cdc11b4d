"""A link as a QR code, for a phone's camera: the table's join links (``qrcode``, which
writes SVG with no imaging library)."""

from __future__ import annotations

__all__ = ["qr_svg"]


def qr_svg(text: str) -> str:
    """``text`` as a QR code, one SVG path, sized by its viewBox (the page sets its size)."""
    import qrcode
    from qrcode.image.svg import SvgPathImage

    image = qrcode.make(text, image_factory=SvgPathImage, border=2)
    svg: str = image.to_string(encoding="unicode")
    return svg.replace('width="', 'data-width="', 1).replace('height="', 'data-height="', 1)
