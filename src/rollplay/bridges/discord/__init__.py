"""The Discord bot (``pip install "rollplay[discord]"``, ``rollplay discord``): slash commands
that run lines of the command language at the table, as the linked user, and post each
event where its audience is (docs/discord.md). table.py holds the handlers, which need no
connection to Discord (the tests drive them with fake interactions); bot.py wires them to
discord.py's command tree; delivery.py posts each event where its audience is; scenes.py
holds /pose, /say, /ooc and /scene, and relay.py posts in a scene's channels what its other
surfaces write; embeds.py draws cards as embeds; replies.py sends them; lines.py turns what
a command typed into a line; limits.py rate-limits each user."""
