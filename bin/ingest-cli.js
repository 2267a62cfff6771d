#!/usr/bin/env node
import { main } from "../dist/cli/ingest-cli.js";

main(process.argv).then((code) => {
  process.exitCode = code;
});
