"""Playing the game: games (games), characters and their sheets (characters, names), luck
and experience (points), and rolls: a roll's sides made ready (sides), rolls, contests and
teamwork (rolling), NPC rolls (npc), exact odds before a roll (odds), and points spent
after one (after)."""
