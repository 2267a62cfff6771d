import type { Faker } from "@faker-js/faker";
import type { PiiEntityType } from "../detectors/pii/entity-types.js";

/** Entity types plus `CUSTOM` (hidden names). */
export type RedactedType = PiiEntityType | "CUSTOM";

/** How to make a realistic fake for each type; the original decides the shape where it varies. */
const fakeMakers: Record<RedactedType, (faker: Faker, original: string) => string> = {
  PERSON: (faker) => faker.person.fullName(),
  CUSTOM: (faker) => faker.person.fullName(),
  EMAIL_ADDRESS: (faker) => faker.internet.email().toLowerCase(),
  PHONE_NUMBER: (faker) => faker.phone.number({ style: "international" }),
  CREDIT_CARD: (faker) => faker.finance.creditCardNumber(),
  IBAN_CODE: (faker) => faker.finance.iban({ formatted: false }),
  IP_ADDRESS: (faker, original) =>
    original.includes(":") ? faker.internet.ipv6() : faker.internet.ipv4(),
  CRYPTO: (faker, original) =>
    original.startsWith("0x") ? faker.finance.ethereumAddress() : faker.finance.bitcoinAddress(),
  // Area numbers 900-999 are never issued, so a fake can never be someone's SSN.
  US_SSN: (faker) =>
    `9${faker.string.numeric(2)}-${faker.string.numeric(2)}-${faker.string.numeric(4)}`,
  UUID: (faker) => faker.string.uuid(),
  URL: (faker) => faker.internet.url(),
};

function hashSeed(value: string): number {
  let hash = 2166136261;
  for (let index = 0; index < value.length; index++) {
    hash = Math.imul(hash ^ value.charCodeAt(index), 16777619);
  }
  return hash >>> 0;
}

/**
 * A realistic fake for `original`, deterministic per (original, attempt): the faker is reseeded
 * right before each use, so sharing one instance leaks nothing between calls.
 */
export function makeFakeValue(
  faker: Faker,
  type: RedactedType,
  original: string,
  attempt: number,
): string {
  faker.seed(hashSeed(`${type}\u0000${original}\u0000${attempt}`));
  return fakeMakers[type](faker, original);
}

function memoize<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    return pending;
  };
}

/** Load @faker-js/faker (about 0.2 s) once, on the first `useFaker` scan. */
export const loadFaker: () => Promise<Faker> = memoize(async () => {
  const { Faker: FakerClass, en, base } = await import("@faker-js/faker");
  return new FakerClass({ locale: [en, base] });
});
