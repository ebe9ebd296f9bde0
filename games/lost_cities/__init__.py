"""Lost Cities (Reiner Knizia): the rules engine, bots and board templates."""
