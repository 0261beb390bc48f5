#!/usr/bin/env bash
# Prints a Python 3 interpreter that can import matplotlib (the distribution's
# python3-matplotlib lives under /usr/bin/python3, which may not be first on PATH).
for py in "${PYTHON:-}" python3 /usr/bin/python3 /usr/local/bin/python3; do
  [ -n "$py" ] || continue
  if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import matplotlib' >/dev/null 2>&1; then
    command -v "$py"
    exit 0
  fi
done
echo "no python3 with matplotlib found (Debian/Ubuntu: apt-get install python3-matplotlib)" >&2
exit 1
