#!/usr/bin/env python3
"""Generate Tally's bundled example data; the generator itself is the example_data package.

    python3 data/generate_example.py > data/example.sql
    python3 data/generate_example.py --logos static/images/logos
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from example_data.main import main  # noqa: E402  (needs the path above)

if __name__ == "__main__":
    sys.exit(main())
