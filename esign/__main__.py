from esign.cli import main

main()
