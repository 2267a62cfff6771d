import { createHash } from "node:crypto";

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const bech32Alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const bech32Constant = 1;
const bech32mConstant = 0x2bc830a3;

function sha256(data: Uint8Array): Buffer {
  return createHash("sha256").update(data).digest();
}

/** Decode base58 text into bytes, or undefined on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** A legacy (P2PKH `1…`) or script (P2SH `3…`) bitcoin address with a valid base58check checksum. */
export function isValidBase58Address(text: string): boolean {
  const bytes = decodeBase58(text);
  if (bytes?.length !== 25) return false;
  if (bytes[0] !== 0x00 && bytes[0] !== 0x05) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
  return checksum.every((byte, index) => byte === bytes[21 + index]);
}

function bech32Polymod(values: readonly number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (const [bit, generator] of generators.entries()) {
      if ((top >>> bit) & 1) checksum ^= generator;
    }
  }
  return checksum >>> 0;
}

/** A segwit bitcoin address (`bc1…`, bech32 or bech32m) with a valid checksum. */
export function isValidBech32Address(text: string): boolean {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return false;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf("1");
  const prefix = lower.slice(0, separator);
  const data = lower.slice(separator + 1);
  if (prefix !== "bc" || data.length < 7 || lower.length > 90) return false;
  const values: number[] = [];
  for (const char of data) {
    const value = bech32Alphabet.indexOf(char);
    if (value === -1) return false;
    values.push(value);
  }
  const expanded = [
    ...[...prefix].map((char) => char.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((char) => char.charCodeAt(0) & 31),
    ...values,
  ];
  const polymod = bech32Polymod(expanded);
  return polymod === bech32Constant || polymod === bech32mConstant;
}

/** An Ethereum address: `0x` + 40 hex digits (EIP-55 mixed case is not verified, no keccak here). */
export function isValidEthereumAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text) && !/^0x0{40}$/.test(text);
}
