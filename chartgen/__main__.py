import sys

from chartgen.cli import main

sys.exit(main())
