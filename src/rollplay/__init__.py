"""rollplay: rules engine and table tools for skill-based roleplaying games.

Systems are imported on demand (``from rollplay import fs3``), so a command that rolls FS3
dice never pays for the others.
"""

__version__ = "0.1.0"
