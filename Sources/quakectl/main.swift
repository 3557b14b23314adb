// quakectl: the control CLI of quakesd (built in the quakectl issue).
print("quakectl is not built yet")
