/** A text is acceptable only when every entry of the validity map is true (spec rule 4). */
export function isValid(resultsValid: Readonly<Record<string, boolean>>): boolean {
  return Object.values(resultsValid).every(Boolean);
}

/** Names of the scanners that found the text invalid, ignoring those in `ignore`. */
export function failedScanners(
  resultsValid: Readonly<Record<string, boolean>>,
  ignore: readonly string[] = [],
): string[] {
  return Object.entries(resultsValid)
    .filter(([name, valid]) => !valid && !ignore.includes(baseName(name)) && !ignore.includes(name))
    .map(([name]) => name);
}

/** `Regex#2` -> `Regex`. */
export function baseName(key: string): string {
  const hash = key.indexOf("#");
  return hash === -1 ? key : key.slice(0, hash);
}
