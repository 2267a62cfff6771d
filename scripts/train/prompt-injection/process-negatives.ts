import type { Random } from "../lib/random.js";
import { sidePart } from "./directive-grammar.js";
import type { Side } from "./writeup-negatives.js";

/**
 * Third-person descriptions of work people do ("The clerk archives every receipt after the
 * audit."): the same subject-verb-object shape as a directive with no addressee, but about
 * people and their routine, so a hard negative for the bare-instruction family. Every 4th item
 * of each list validates.
 */
const subjects = [
  "A reviewer",
  "The clerk",
  "Our accountant",
  "Each nurse",
  "The night shift",
  "A technician",
  "The auditor",
  "The team lead",
  "Warehouse staff",
  "The operator",
  "The editor",
  "A volunteer",
  "The landlord",
  "Support",
  "The librarian",
  "Finance",
];
const verbs = [
  "records",
  "replaces",
  "checks",
  "archives",
  "signs",
  "approves",
  "updates",
  "exports",
  "scans",
  "files",
  "reviews",
  "deletes",
  "sends",
  "collects",
  "labels",
  "counts",
  "copies",
  "rates",
];
const objects = [
  "every invoice",
  "each receipt",
  "all returned items",
  "the audit log",
  "every open ticket",
  "the monthly report",
  "each sample",
  "all expired drafts",
  "every purchase order",
  "the visitor list",
  "each application",
  "the meter readings",
  "every delivery note",
  "the backup tapes",
  "all contracts",
  "the rota",
];
const tails = [
  "after the audit",
  "every Friday afternoon",
  "before the office closes",
  "once a month",
  "in the finance drive",
  "for the head office",
  "as soon as it arrives",
  "with a red stamp",
  "at the start of each shift",
  "before payment is released",
  "and notes the date",
  "by hand",
  "to the finance team",
  "twice a year",
  "in the blue binder",
  "when the quarter ends",
];

/** One to three sentences about who does what, in the third person (a hard negative). */
export function generateProcessSteps(random: Random, side: Side): { text: string; kind: string } {
  const sentence = () =>
    `${random.pick(sidePart(subjects, side))} ${random.pick(sidePart(verbs, side))} ${random.pick(sidePart(objects, side))} ${random.pick(sidePart(tails, side))}.`;
  const count = 1 + random.int(3);
  return {
    text: Array.from({ length: count }, sentence).join(" "),
    kind: "process-steps",
  };
}
