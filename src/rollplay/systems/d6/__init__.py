"""The D6 System: die codes with pips, the exploding Wild Die, Character and Fate Points."""
