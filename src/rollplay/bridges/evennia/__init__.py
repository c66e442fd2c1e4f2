"""rollplay on an Evennia MUSH: ``+roll``, ``+sheet``, ``+luck``, ``+xp``, ``+combat`` and
friends as a command set a game adds to its characters (docs/evennia.md).

The MUSH is one more surface of the table: it writes through the same service, into the same
database as the web server (settings ``ROLLPLAY_DB`` and ``ROLLPLAY_GAME``), so a roll made
here lands in the game's log and on the web page's live feed, and the service's permissions
and audiences decide who sees what. A room can host a scene (``scenes``, ``scene_commands``):
its pose, say and emit are the scene's, and ``relay`` shows there what the scene's other
surfaces write.

The modules that need Evennia (``commands``, ``scene_commands``, ``cmdset``, ``audiences``)
import it themselves: import them only once Evennia is initialised (from a game's typeclasses
or command sets)."""
