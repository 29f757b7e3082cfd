"""The one place that leans on what a library does not promise: each module here names the
library version its contract was checked on (a test checks it again) and has a plain path
that gives the same result when the contract does not hold.

- :mod:`kitgen.engine.libraries`: WeasyPrint's C libraries found from one read of the
  linker cache while WeasyPrint imports (a swap of :func:`ctypes.util.find_library` for
  the import only); the plain path is the stock look-up.
- :mod:`kitgen.engine.fonts`: the folder of a font configuration's copies of the fonts
  (``FontConfiguration._folder``); the plain path lets WeasyPrint remove it.
- :mod:`kitgen.engine.pages`: a laid-out page's box tree (``Page._page_box``), where stamp
  sites are read; the plain path lays out every table whole.
- :mod:`kitgen.engine.pdf`: pypdf's reader made to parse each object of a filled kit from
  a window of its own (its ``stream``, ``xref`` and ``resolved_objects``); the plain path
  is pypdf's public reader within the same budget of bytes parsed.
"""

WEASYPRINT_CHECKED = "70.0"  # the WeasyPrint version the engine's contracts were checked on
