import sys

from nlu.cli import main

sys.exit(main())
