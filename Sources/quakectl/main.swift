import QuakectlCommandLine

QuakectlMain.run()
