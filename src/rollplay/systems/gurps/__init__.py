"""GURPS 4th edition success rolls: 3d6 roll-under, criticals, margins, defaults, odds."""
