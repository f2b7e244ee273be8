from tableref.device.cli import main

raise SystemExit(main())
