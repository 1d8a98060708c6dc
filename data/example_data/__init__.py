"""Tally's example-data generator, one module per app; see data/README.md for the layout."""
