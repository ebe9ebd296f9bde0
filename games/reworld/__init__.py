"""Reworld (Kramer & Kiesling): the rules engine, bots and board templates."""
