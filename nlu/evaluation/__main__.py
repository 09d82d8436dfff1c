import sys

from nlu.evaluation.cli import main

sys.exit(main())
