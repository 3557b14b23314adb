import QuakesdCommandLine

await QuakesdMain.run()
