"""``python -m trucker``: the same as the ``trucker`` command."""

from trucker.cli.app import main

if __name__ == "__main__":
    main()
