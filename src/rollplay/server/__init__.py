"""The online table's server: a JSON API and live events over the table service (docs/api.md)."""
