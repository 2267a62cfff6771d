import type LinkifyIt from "linkify-it";

/** Load `linkify-it` once per caller and return a URL finder: every http(s) link in a text, bare domains included. */
export async function loadUrlFinder(): Promise<(text: string) => URL[]> {
  const { default: Linkify } = (await import("linkify-it")) as { default: typeof LinkifyIt };
  const linkify = new Linkify();
  return (text) => {
    const urls: URL[] = [];
    for (const match of linkify.match(text) ?? []) {
      if (match.schema !== "" && match.schema !== "http:" && match.schema !== "https:") continue;
      try {
        urls.push(new URL(match.url));
      } catch {
        // linkify found something URL-like that WHATWG's parser refuses: not a link to check.
      }
    }
    return urls;
  };
}
