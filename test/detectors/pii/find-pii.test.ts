import { beforeAll, describe, expect, it } from "vitest";
import {
  isValidBase58Address,
  isValidBech32Address,
} from "../../../src/detectors/pii/crypto-address.js";
import { piiEntityTypes } from "../../../src/detectors/pii/entity-types.js";
import {
  findPii,
  loadPiiResources,
  type PiiResources,
  resolveOverlaps,
} from "../../../src/detectors/pii/find-pii.js";

let resources: PiiResources;
beforeAll(async () => {
  resources = await loadPiiResources();
});

const found = (text: string, threshold = 0.5) =>
  findPii(text, piiEntityTypes, resources, threshold).map(({ type, text: value }) => [type, value]);

describe("findPii", () => {
  it("finds people in prose and skips capitalised non-names", () => {
    expect(found("Yesterday Sarah Connor met the Acme Corp board in Berlin.")).toEqual([
      ["PERSON", "Sarah Connor"],
    ]);
    expect(found("Please review the Quarterly Business Review deck before Monday.")).toEqual([]);
  });

  it("uses titles, cues and name lists", () => {
    expect(found("Mr. Ford is 50 years old.")).toEqual([["PERSON", "Ford"]]);
    // Titles after a sentence end, a period or a tab (the word before a capital is read then).
    expect(
      found("The form was signed. Dr. Okafor agreed, and Capt.  Hollis left.\nGen. Wexley stayed."),
    ).toEqual([
      ["PERSON", "Okafor"],
      ["PERSON", "Hollis"],
      ["PERSON", "Wexley"],
    ]);
    expect(found("Ask the Senator. Vance said no. Via Rep.\tKowalski.")).toEqual([
      ["PERSON", "Vance"],
      ["PERSON", "Kowalski"],
    ]);
    expect(found("Her maiden name is McCathie")).toEqual([["PERSON", "McCathie"]]);
    expect(found("They invited Malon, Mark and Kaylee.")).toEqual([
      ["PERSON", "Malon"],
      ["PERSON", "Mark"],
      ["PERSON", "Kaylee"],
    ]);
  });

  it("finds single names from the name list and from cues around them", () => {
    expect(found("Why was Radoslava late again?")).toEqual([["PERSON", "Radoslava"]]);
    expect(found("Wojciechowski laughed at the joke.")).toEqual([["PERSON", "Wojciechowski"]]);
    expect(found('"Fine," says Brzęczyszczykiewicz.')).toEqual([["PERSON", "Brzęczyszczykiewicz"]]);
    expect(found("Our neighbours named her Mark")).toEqual([["PERSON", "Mark"]]);
    expect(found("The band hired the assistant to Szymanska.")).toEqual([["PERSON", "Szymanska"]]);
    expect(found("Sorry for the delay. Kaveri, could you send the forms?")).toEqual([
      ["PERSON", "Kaveri"],
    ]);
    expect(found("What is your last name? Wojtaszek")).toEqual([["PERSON", "Wojtaszek"]]);
    expect(found("Ask Mr. Park or Ms. Hall at 27 President St.")).toEqual([
      ["PERSON", "Park"],
      ["PERSON", "Hall"],
    ]);
  });

  it("reads initials, apostrophes, e-mail addresses and lists of surnames", () => {
    expect(found("Please ask J. Smith or Mary O'Brien before you've left.")).toEqual([
      ["PERSON", "J. Smith"],
      ["PERSON", "Mary O'Brien"],
    ]);
    expect(found("Write to orla.quennell@example.com; Quennell replies within a day.")).toEqual([
      ["EMAIL_ADDRESS", "orla.quennell@example.com"],
      ["PERSON", "Quennell"],
    ]);
    expect(found("To: Payroll <payroll@example.com>")).toEqual([
      ["EMAIL_ADDRESS", "payroll@example.com"],
    ]);
    expect(found("Okafor and Mensah designed the bridge in 1998.")).toEqual([
      ["PERSON", "Okafor"],
      ["PERSON", "Mensah"],
    ]);
    expect(found("Frequently asked questions")).toEqual([]);
    expect(
      found("Please add Randy Tkachuk as a beneficiary; see the Page Structure guide."),
    ).toEqual([["PERSON", "Randy Tkachuk"]]);
    expect(found("Hi, my name is john smith and I need help. Call me maybe tomorrow.")).toEqual([
      ["PERSON", "john smith"],
    ]);
    expect(found("my name is wiremu")).toEqual([["PERSON", "wiremu"]]);
    expect(found("I am happy. I'm sure.")).toEqual([]);
    const transcript = findPii(
      "Oksana: I can take the night shift.\nName: Ann Weller",
      ["PERSON"],
      resources,
    ).map(({ text, score }) => [text, score >= 0.85]);
    expect(transcript).toEqual([
      ["Oksana", true],
      ["Name", false],
      ["Ann Weller", true],
    ]);
  });

  it("leaves streets, saints and places named after people alone", () => {
    expect(found("Send it to 15 rue Victor Hugo, or to Via Nazario Sauro 112.")).toEqual([]);
    expect(found("She moved here from Saint Lucia; the office is on St Ulric.")).toEqual([]);
    expect(found("The Princess Royal arrived at Wilson & Company this morning.")).toEqual([]);
  });

  it("finds phone numbers in international and national formats", () => {
    expect(found("Call +49 30 901820 or (415) 555-2671, fax 020 7946 0958.")).toEqual([
      ["PHONE_NUMBER", "+49 30 901820"],
      ["PHONE_NUMBER", "(415) 555-2671"],
      ["PHONE_NUMBER", "020 7946 0958"],
    ]);
  });

  it("does not take dates, year ranges, part numbers or networks for PII", () => {
    expect(found("Released 2024-03-10 12:00 as v1.2.3; order id 4257006241.")).toEqual([]);
    expect(
      found("Measurements for 2019-2023 per AMM 24-31-00-000-801, PO 55120 / 14 pallets."),
    ).toEqual([]);
    expect(found('cidr_block = "10.20.0.0/16", ingress from 0.0.0.0')).toEqual([]);
    expect(found("The review is due in August; Soggy August ruined the tomatoes.")).toEqual([]);
  });

  it("finds IBANs printed in groups or compact, in any case", () => {
    expect(found("IBAN DE89 3704 0044 0532 0130 00 please, or gb82west12345698765432.")).toEqual([
      ["IBAN_CODE", "DE89 3704 0044 0532 0130 00"],
      ["IBAN_CODE", "gb82west12345698765432"],
    ]);
  });

  it("finds URLs with and without a scheme, and e-mails before domains", () => {
    expect(
      found("See https://example.com/a?b=1, www.example.org and docs.example.io; mail a@b.io."),
    ).toEqual([
      ["URL", "https://example.com/a?b=1"],
      ["URL", "www.example.org"],
      ["URL", "docs.example.io"],
      ["EMAIL_ADDRESS", "a@b.io"],
    ]);
  });

  it("validates crypto addresses", () => {
    expect(isValidBase58Address("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).toBe(true);
    expect(isValidBase58Address("1BoatSLRHtKNngkdXEeobR76b53LETtpyU")).toBe(false);
    expect(isValidBech32Address("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(true);
    expect(isValidBech32Address("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx")).toBe(false);
    expect(found("eth 0x52908400098527886E0F7030069857D2E4169EE7 ok")).toEqual([
      ["CRYPTO", "0x52908400098527886E0F7030069857D2E4169EE7"],
    ]);
  });

  it("keeps the best of overlapping matches", () => {
    const kept = resolveOverlaps([
      { type: "URL", start: 0, end: 10, text: "x", score: 0.6 },
      { type: "EMAIL_ADDRESS", start: 0, end: 12, text: "y", score: 1 },
      { type: "PERSON", start: 20, end: 25, text: "z", score: 0.7 },
    ]);
    expect(kept.map((match) => match.type)).toEqual(["EMAIL_ADDRESS", "PERSON"]);
  });

  it("stays linear on long adversarial runs (no catastrophic backtracking)", () => {
    const runs = [
      "a.".repeat(10_000),
      "1-".repeat(10_000),
      `${"x.".repeat(10_000)}@`,
      `${"a ".repeat(10_000)}[at]`,
    ];
    for (const text of runs) expect(findPii(text, piiEntityTypes, resources, 0.5)).toEqual([]);
  });

  it("finds nothing in ordinary technical prose", () => {
    const texts = [
      "We migrated from Jenkins to GitHub Actions and moved logs from Elasticsearch to Grafana Loki.",
      "Set the replica count to 3 in values.yaml, then run helm upgrade. Spring Boot 3.2 requires Java 17.",
      "Version 2.14.3 was released with build 20240312.1 and checksum 7f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c.",
      "Check the dashboards before the release on Monday, May 4. He asked for the IBAN.",
      "Act as a Health Recovery and Weight Loss Specialist in Coach Mode; the Assistant Response follows.",
    ];
    for (const text of texts) expect(found(text)).toEqual([]);
  });
});
