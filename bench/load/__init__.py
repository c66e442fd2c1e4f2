"""The parts of bench/server_load.py: the server process (server.py), the table and its
people (table.py), SSE viewers (viewers.py), roll posters (rollers.py), what the run shows
(analysis.py) and how it is printed (report.py)."""
