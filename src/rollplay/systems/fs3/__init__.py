"""FS3 (editions 3.2 and 3.3): ability rolls, opposed rolls, teamwork, luck, exact odds."""
