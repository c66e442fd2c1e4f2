"""Who may do what, and who someone is: actors, the one authorization module (authz), users
and their roles in games (members), passwords, sessions and API tokens (accounts,
passwords), invite links (invites), and chat accounts and channels (links)."""
