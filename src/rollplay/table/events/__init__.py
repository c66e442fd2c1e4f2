"""The events every change writes, and how they are read: who sees which part of an event
(audiences), the live feed, the roll log and its export (log), and what a live feed reads
(watching)."""
