from rollplay.cli.app import main

main()
