#!/bin/sh
# `ragguard` from the TypeScript sources, run as a child of this shell (not exec'd), as `npx` runs
# a bin: stopping this shell alone leaves the server running. Used to check that scripts stop the
# whole process group. NODE: the node binary (default: node on PATH).
"${NODE:-node}" --import tsx "$(dirname "$0")/ragguard-bin.ts" "$@"
