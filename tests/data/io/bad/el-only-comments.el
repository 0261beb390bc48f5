# nothing
# here
