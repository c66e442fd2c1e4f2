"""Pure rules: no I/O, no clock, no global randomness. See ../shared/DESIGN.md."""
