from wordbot.cli import main

main()
