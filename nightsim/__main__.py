from nightsim.cli import main

raise SystemExit(main())
