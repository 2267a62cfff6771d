// `ragguard` from the TypeScript sources, for scripts run by tests: node --import tsx <this file> ...
import { main } from "../../cli/ragguard.js";

main(process.argv).then((code) => {
  process.exitCode = code;
});
