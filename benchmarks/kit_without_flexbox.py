"""A prototype, not kitgen's code: ``kitgen kit ...`` rendered without CSS flexbox.

``python benchmarks/kit_without_flexbox.py kit --roster FILE -o OUT.pdf`` runs the kit
command as the console script would, with one more stylesheet on every WeasyPrint
document (moonshot.NO_FLEX_CSS) that turns the kit's flexbox rows into blocks, inline
blocks and floats; the pages look the same. benchmarks/run.py times it beside the real
command to show what dropping flexbox from kit.css would buy.
"""

import sys

from moonshot import without_flexbox

if __name__ == "__main__":
    from kitgen.cli import app

    without_flexbox(lambda: app(args=sys.argv[1:], prog_name="kitgen"))()
