"""Relative Space (the escape-pod card game): the rules engine, bots and board templates."""
