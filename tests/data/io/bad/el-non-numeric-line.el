0 1
foo bar
