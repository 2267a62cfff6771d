// The CLI prints file names the way the HTML report shows them.
export { printable } from "../../src/common/printable.js";
