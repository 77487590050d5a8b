"""The HTML report's overview plot, as inline SVG (no script, no external resource).

A plot has to show something. When some items' pass^k curves differ from a perfect 1.0, those items are drawn
(pass^k against k, the least reliable first, at most ``MAX_CURVES``) with the mean over all items; a line per item
of a green suite would be a stack of flat lines at 1. When every item passed every trial, the page shows instead
how the items spread on the key metrics that vary between them (a histogram per metric: turn efficiency, user
effort, ...), and names the metrics that are the same for every item.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ._html_parts import esc, is_number

MAX_CURVES = 12
_BINS = 10
_COLOURS = 6  # CSS classes s0..s5


def _curve(group: Mapping[str, Any]) -> list[tuple[int, float]]:
    return sorted((int(k), float(v)) for k, v in (group.get("pass_hat_k") or {}).items() if is_number(v))


def _axes(width: int, height: int, left: int, bottom: int, x_labels: Sequence[tuple[float, str]],
          y_labels: Sequence[tuple[float, str]], x_title: str, y_title: str) -> list[str]:
    """Grid, ticks and titles; label positions are in pixels."""
    top, right = 12, 14
    parts = []
    for y, text in y_labels:
        parts.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}"/>'
                     f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{esc(text)}</text>')
    for x, text in x_labels:
        parts.append(f'<text x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle">{esc(text)}</text>')
    plot_h = height - top - bottom
    parts.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{top}" y2="{height - bottom}"/>'
                 f'<line class="axis" x1="{left}" x2="{width - right}" y1="{height - bottom}" y2="{height - bottom}"/>'
                 f'<text x="{(left + width - right) / 2:.1f}" y="{height - 6}" text-anchor="middle">'
                 f"{esc(x_title)}</text>"
                 f'<text x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">{esc(y_title)}</text>')
    return parts


def curves(items: Sequence[Mapping[str, Any]]) -> str:
    """pass^k against k for the items whose curve is not a flat 1.0, and the mean over all items; "" if none."""
    differing = [g for g in items if any(v < 1.0 for _, v in _curve(g))]
    if not differing:
        return ""
    differing.sort(key=lambda g: ([v for _, v in _curve(g)][:1] or [1.0], str(g.get("key"))))
    shown = differing[:MAX_CURVES]
    depth = max(k for g in items for k, _ in _curve(g) or [(1, 0.0)])
    width, height, left, bottom, top, right = 460, 250, 46, 42, 12, 14
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(k: int) -> float:
        return left + (plot_w / 2 if depth == 1 else (k - 1) * plot_w / (depth - 1))

    def y(v: float) -> float:
        return top + (1 - min(max(v, 0.0), 1.0)) * plot_h

    step = max(1, math.ceil(depth / 10))
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="pass^k against k for {len(shown)} items">',
             *_axes(width, height, left, bottom, [(x(k), str(k)) for k in range(1, depth + 1, step)],
                    [(y(v), f"{v:g}") for v in (0, 0.25, 0.5, 0.75, 1)], "k", "pass^k")]
    mean = {k: sum(c[k] for c in (dict(_curve(g)) for g in items) if k in c) /
            max(1, sum(k in dict(_curve(g)) for g in items)) for k in range(1, depth + 1)}
    # named by file, test and case: the case alone repeats across tests
    series = [(str(g.get("key") or g.get("case")).rpartition("/")[2], _curve(g), f"s{i % _COLOURS}")
              for i, g in enumerate(shown)]
    series.append((f"mean over all {len(items)} items (those with at least k trials)", sorted(mean.items()), "s-all"))
    for label, points, cls in series:
        coords = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in points)
        parts.append(f'<g><title>{esc(label)}</title><polyline class="{cls}" points="{coords}"/>')
        parts.extend(f'<circle class="{cls}" cx="{x(k):.1f}" cy="{y(v):.1f}" r="{3 if cls == "s-all" else 2.5}">'
                     f"<title>{esc(label)}: pass^{k} = {v:.3f}</title></circle>" for k, v in points)
        parts.append("</g>")
    parts.append("</svg>")
    keys = "".join(f'<li><svg width="18" height="8"><line class="{cls}" x1="0" x2="18" y1="4" y2="4" '
                   f'stroke-width="3"/></svg>{esc(label)}</li>' for label, _, cls in series)
    more = f"<p class=\"stats\">and {len(differing) - len(shown)} more items below 1.0</p>" \
        if len(differing) > len(shown) else ""
    caption = (f"<figcaption>pass^k against k for the {len(shown)} least reliable of the {len(differing)} items "
               f"that are not at 1.0, and the mean over all items.</figcaption>")
    return f'<figure class="plot">{caption}{"".join(parts)}<ul class="legend">{keys}</ul>{more}</figure>'


def _histogram(name: str, values: Sequence[float]) -> str:
    low, high = min(values), max(values)
    if low >= 0 and high <= 1:
        low, high = 0.0, 1.0
    span = (high - low) or 1.0
    counts = [0] * _BINS
    for v in values:
        counts[min(_BINS - 1, int((v - low) / span * _BINS))] += 1
    width, height, left, bottom, top = 270, 160, 40, 38, 12
    plot_w, plot_h = width - left - 10, height - top - bottom
    tallest = max(counts)
    bar = plot_w / _BINS
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(name)} over items">',
             *_axes(width, height, left, bottom, [(left, f"{low:.2g}"), (left + plot_w, f"{high:.2g}")],
                    [(top + plot_h, "0"), (top, str(tallest))], name, "items")]
    for i, count in enumerate(counts):
        h = plot_h * count / tallest
        lo, hi = low + i * span / _BINS, low + (i + 1) * span / _BINS
        parts.append(f'<rect class="bar" x="{left + i * bar + 1:.1f}" y="{top + plot_h - h:.1f}" '
                     f'width="{bar - 2:.1f}" height="{h:.1f}"><title>{count} items with {esc(name)} in '
                     f"[{lo:.2f}, {hi:.2f}{']' if i == _BINS - 1 else ')'}</title></rect>")
    parts.append("</svg>")
    return "".join(parts)


def distributions(items: Sequence[Mapping[str, Any]], metrics: Mapping[str, str]) -> str:
    """A histogram over items for each metric (name: label) and pass^1 that varies between items; the constant ones
    named."""
    columns: dict[str, list[float]] = {"pass^1": [v for g in items for k, v in _curve(g) if k == 1]}
    for m, label in metrics.items():
        columns[label] = [float(v) for g in items if is_number(v := (g.get("metrics") or {}).get(m))]
    varying = {m: vs for m, vs in columns.items() if vs and max(vs) - min(vs) > 1e-9}
    constant = [f"{m} {vs[0]:.2f}" for m, vs in columns.items() if vs and m not in varying]
    figures = "".join(f'<figure class="plot">{_histogram(m, vs)}</figure>' for m, vs in varying.items())
    note = f"<p>The same for every item: {esc(', '.join(constant))}.</p>" if constant else ""
    if not figures:
        return note
    return (f"<p>Every trial of every item passed. How the {len(items)} items spread on the metrics that vary "
            f"between them (bars count items):</p><div class=\"group\">{figures}</div>{note}")
