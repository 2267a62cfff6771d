import { beforeAll, describe, expect, it } from "vitest";
import { cardBrand, scoreCard } from "../../../src/detectors/pii/card-brands.js";
import { piiEntityTypes } from "../../../src/detectors/pii/entity-types.js";
import {
  findPii,
  loadPiiResources,
  type PiiResources,
} from "../../../src/detectors/pii/find-pii.js";
import {
  findPhoneNumbers,
  type ParsePhoneNumber,
  parseBudget,
} from "../../../src/detectors/pii/phone.js";

let resources: PiiResources;
beforeAll(async () => {
  resources = await loadPiiResources();
});

const found = (text: string) =>
  findPii(text, piiEntityTypes, resources, 0.5)
    .filter((match) => match.type !== "PERSON")
    .map(({ type, text: value }) => [type, value]);

/** Append the Luhn check digit (computed here, independently of the code under test). */
function withLuhn(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = Number(body[body.length - 1 - index]);
    sum += index % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe("IP addresses", () => {
  it("finds hosts in logs and prose, IPv4 and IPv6", () => {
    expect(found("Failed login from 203.0.113.45 at 02:14 (user admin)")).toEqual([
      ["IP_ADDRESS", "203.0.113.45"],
    ]);
    expect(found("Client IP: 10.0.0.5, gateway fe80::1%eth0 and 2001:db8::8a2e:370:7334")).toEqual([
      ["IP_ADDRESS", "10.0.0.5"],
      ["IP_ADDRESS", "fe80::1%eth0"],
      ["IP_ADDRESS", "2001:db8::8a2e:370:7334"],
    ]);
  });

  it("leaves versions, firmware, section numbers and invalid octets alone", () => {
    for (const text of [
      "Upgrade to v10.2.3.4 before Friday.",
      "The device runs firmware 2.1.0.7 since the recall.",
      "Firmware version is now 4.12.0.3 on all units.",
      "Release 1.4.2.9 fixes the crash; build 22.1.3.4-beta is next.",
      "See section 2.1.3.4 of the contract.",
      "Installed package 3.10.2.1rc2 from the mirror.",
      "Octets 300.1.2.3 and 10.0.0.256 are not addresses, nor is 192.168.1.1/24 a host.",
      "MAC 00:1A:2B:3C:4D:5E and time 12:30:45 are not IPv6.",
    ]) {
      expect(found(text), text).toEqual([]);
    }
  });

  it("is not fooled by an address written right after a version word it does not belong to", () => {
    // The attacker hides an address after "version"-like words further back: a network word wins.
    expect(found("Version 2 of the runbook: ssh to host 10.20.30.40 first.")).toEqual([
      ["IP_ADDRESS", "10.20.30.40"],
    ]);
  });
});

describe("payment cards", () => {
  const cards: Record<string, string> = {
    Visa: withLuhn("411111111111111"),
    "Visa 13": withLuhn("422222222222"),
    Mastercard: withLuhn("222100000000000"),
    "American Express": withLuhn("37828224631000"),
    Maestro: withLuhn("675964982643845"),
    "Maestro 12": withLuhn("50180000000"),
    "Maestro 19": withLuhn("639000000000000000"),
    JCB: withLuhn("353011133330000"),
    UnionPay: withLuhn("621234567890126"),
    "Diners Club": withLuhn("3056930902590"),
  };

  it("knows every network's ranges and lengths, 12 to 19 digits", () => {
    for (const [label, number] of Object.entries(cards)) {
      expect(cardBrand(number), label).toBe(label.replace(/ \d+$/, ""));
    }
    expect(cardBrand(withLuhn("41111111111111111"))).toBeUndefined(); // Visa has no 18 digits
    expect(cardBrand(withLuhn("3782822463100"))).toBeUndefined(); // Amex is 15 digits
  });

  it("finds Luhn-valid cards of every length, spaced or not", () => {
    for (const number of Object.values(cards)) {
      const spaced = number.replace(/(\d{4})(?=\d)/g, "$1 ");
      expect(found(`Paid with card ${number}.`)).toEqual([["CREDIT_CARD", number]]);
      expect(found(`Karte: ${spaced} gültig bis 09/29`)).toEqual([["CREDIT_CARD", spaced]]);
    }
  });

  it("finds a card between other numbers, not swallowed by them", () => {
    const visa = cards.Visa!;
    const spaced = visa.replace(/(\d{4})(?=\d)/g, "$1 ");
    expect(found(`rows 42 ${visa} 42 done`)).toEqual([["CREDIT_CARD", visa]]);
    expect(found(`qty 12 ${spaced} 7`)).toEqual([["CREDIT_CARD", spaced]]);
  });

  it("rejects a wrong check digit and a twelve-digit number with no card word", () => {
    const bad = cards.Maestro!.slice(0, -1) + ((Number(cards.Maestro!.at(-1)) + 1) % 10);
    expect(found(`Paid with card ${bad}.`)).toEqual([]);
    expect(scoreCard(cards["Maestro 12"]!, "Reference ")).toBeLessThan(0.5);
    expect(scoreCard(cards["Maestro 12"]!, "Maestro card ")).toBeGreaterThanOrEqual(0.5);
  });
});

describe("US social security numbers", () => {
  it("types an unlabelled SSN in a CSV row as US_SSN, not PHONE_NUMBER", () => {
    expect(found("1042,Dana Whitfield,536-22-8841,Tucson,AZ")).toEqual([["US_SSN", "536-22-8841"]]);
  });

  it("applies the area, group and serial rules", () => {
    for (const ssn of ["000-12-3456", "666-12-3456", "912-34-5678", "536-00-8841", "536-22-0000"]) {
      expect(found(`SSN: ${ssn}`), ssn).toEqual([]);
    }
    expect(found("SSN: 536228841")).toEqual([["US_SSN", "536228841"]]);
  });
});

describe("phone numbers", () => {
  it("finds national and international formats", () => {
    for (const phone of [
      "+44 20 7946 0958",
      "(415) 555-0132",
      "415.555.0132",
      "06 12 34 56 78",
      "+33 6 12 34 56 78",
      "030 901820",
      "+49 30 901820",
      "0049 30 901820",
      "+91 98765 43210",
      "+61 2 9374 4000",
      "+55 11 98765-4321",
      "+1-212-555-0175 ext. 12",
    ]) {
      expect(found(`Please call me on ${phone} tomorrow.`), phone).toEqual([
        ["PHONE_NUMBER", phone],
      ]);
    }
  });

  it("leaves catalogue, lot, order, stop and house numbers alone", () => {
    for (const text of [
      "Order catalogue no. 4471 2290 33 from the spring range.",
      "Lot 2023 4456 7890 expired in March.",
      "Take the bus to stop 40512 8872 and walk.",
      "Your order number is 2061 5547 32.",
      "Artikelnummer 4012 3345 678 ist ausverkauft.",
      "Numéro de commande : 06 12 44 58 31",
      "Ship to Hauptstraße 12 10115 Berlin.",
      "She lives at 221 3456 Main Street.",
      "Invoice 0207 9460 958 is overdue.",
    ]) {
      expect(found(text), text).toEqual([]);
    }
  });

  it("still finds a phone written after a reference number", () => {
    expect(found("Order 4471 2290 33 shipped; call 020 7946 0958 with questions.")).toEqual([
      ["PHONE_NUMBER", "020 7946 0958"],
    ]);
  });

  it("costs a bounded number of parses, linear in the text length", () => {
    const digits = (n: number, seed: number) =>
      Array.from({ length: n }, (_, i) => String((seed * 7 + i * 13) % 10)).join("");
    for (const length of [1_000, 8_000, 32_000]) {
      let text = "";
      for (let i = 0; text.length < length; i++)
        text += `${digits(3, i)}-${digits(3, i + 1)}-${digits(4, i + 2)} `;
      let calls = 0;
      const counting: ParsePhoneNumber = (value, region) => {
        calls += 1;
        return resources.parsePhone(value, region);
      };
      findPhoneNumbers(text, counting);
      // Each candidate may try every default region once the budget is nearly spent.
      expect(calls).toBeLessThanOrEqual(parseBudget(text.length) + 8);
      expect(parseBudget(text.length)).toBeLessThanOrEqual(8 + text.length / 250);
    }
  });
});
