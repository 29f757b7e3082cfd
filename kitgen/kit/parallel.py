"""A kit's documents rendered side by side: the last (the host key, when it is a file of
its own) in a worker process while this one renders the kit (:func:`kitgen.cores.side_by_side`).

The worker is forked before this process sets up any fonts, and sets up its own renderer:
same stylesheet, fonts and settings, so its PDF is byte for byte the one this process
would render (a test compares them); the figures are in docs/performance.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kitgen.cores import side_by_side
from kitgen.kit.layout import Layout
from kitgen.kit.parts.part import Chunk
from kitgen.kit.render import DocumentInfo, KitRenderer

Document = tuple[DocumentInfo, Sequence[Chunk]]


def render_documents(
    layout: Layout, documents: Sequence[Document], rendered: Callable[[], object] = lambda: None
) -> list[bytes]:
    """Return the PDF of each of ``documents`` in order, rendered in ``layout``;
    ``rendered()`` is called after each chunk.

    Raises what :meth:`KitRenderer.render` raises, for the first document that fails.
    """
    if len(documents) < 2:
        with KitRenderer(layout) as renderer:
            return [renderer.render(chunks, info, rendered) for info, chunks in documents]
    *here, (last_info, last_chunks) = documents

    def render_here() -> list[bytes]:
        with KitRenderer(layout) as renderer:  # set up after the fork: no font threads in the worker
            return [renderer.render(chunks, info, rendered) for info, chunks in here]

    def render_last() -> bytes:
        with KitRenderer(layout) as renderer:
            return renderer.render(last_chunks, last_info)

    pdfs, last = side_by_side(render_here, render_last)
    for _ in last_chunks:
        rendered()
    return [*pdfs, last]
