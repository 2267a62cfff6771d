import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Training data for the toxicity model that is not in `../shared/data`: public training splits
 * from GitHub, each pinned to a commit, with its licence. `npm run train -- toxicity-sources
 * --mirrors <dir>` copies them out of local git mirrors (`<dir>/<owner>+<name>/repo`) into the
 * extra data folder the trainer reads (`.ragguard/toxicity-sources`, not committed).
 * Test and evaluation splits are never listed here.
 */
export interface ExternalSource {
  /** Name used in the validation tables. */
  name: string;
  /** ISO 639-1 language of the texts. */
  language: string;
  repo: string;
  commit: string;
  /** Path of the training file in the repository. */
  path: string;
  licence: string;
  /** What is taken and how it is labelled. */
  use: string;
}

export const externalSources: readonly ExternalSource[] = [
  {
    name: "paradetox-en",
    language: "en",
    repo: "s-nlp/paradetox",
    commit: "d97b17d0813539cf05c74f9cdb5e66372704ca57",
    path: "paradetox/paradetox.tsv",
    licence:
      "CC0-1.0 (repository LICENSE); texts from Jigsaw Wikipedia talk pages, Reddit, Twitter",
    use: "toxic sentence = 1, each crowd-written neutral paraphrase = 0",
  },
  {
    name: "paradetox-en-unrewritable",
    language: "en",
    repo: "s-nlp/paradetox",
    commit: "d97b17d0813539cf05c74f9cdb5e66372704ca57",
    path: "paradetox/paradetox_cannot_rewrite.tsv",
    licence: "CC0-1.0 (repository LICENSE)",
    use: 'rows judged {"toxic_content": true} = 1, {"not_toxic": true} = 0, others dropped',
  },
  {
    name: "ru-paradetox",
    language: "ru",
    repo: "s-nlp/russe_detox_2022",
    commit: "a2f79da9f0c11de5c6c0f55a62899db1eff426ff",
    path: "data/input/train.tsv",
    licence: "OpenRAIL++ (dataset card of s-nlp/ru_paradetox; no licence file in the repository)",
    use: "train split only: toxic comment = 1, each neutral paraphrase = 0",
  },
  {
    name: "germeval2018",
    language: "de",
    repo: "uds-lsv/GermEval-2018-Data",
    commit: "9877472d39523effd54cd079b4c61157ed141508",
    path: "germeval2018.training.txt",
    licence: "CC-BY-4.0",
    use: "training split only: OFFENSE = 1, OTHER = 0",
  },
  {
    name: "told-br",
    language: "pt",
    repo: "JAugusto97/ToLD-Br",
    commit: "7804082d06a42b791c456b37a8a80ed9b731198c",
    path: "ToLD-BR.csv",
    licence: "CC-BY-SA-4.0",
    use: "2+ of 3 annotators on any category = 1, no annotator on any = 0, the rest dropped",
  },
  {
    name: "kocohub-korean",
    language: "ko",
    repo: "kocohub/korean-hate-speech",
    commit: "f8d05dce2b22007bb149e5139c0060c68ad8f94b",
    path: "labeled/train.tsv",
    licence: "CC-BY-SA-4.0",
    use: "train split only: hate or offensive = 1, none = 0",
  },
  {
    name: "cold-zh",
    language: "zh",
    repo: "thu-coai/COLDataset",
    commit: "a0c55a945497ab58e94aef491180e1cf88ffb864",
    path: "COLDataset/train.csv",
    licence: "Apache-2.0",
    use: "train split only: label 1 = offensive",
  },
  {
    name: "inspection-ja",
    language: "ja",
    repo: "inspection-ai/japanese-toxic-dataset",
    commit: "e26fbd26b26e831f56e529c05a3f4f6cc5b697b0",
    path: "data/subset.csv",
    licence: "Apache-2.0",
    use: "Toxic + Very Toxic votes > Not Toxic votes = 1, Not Toxic majority = 0",
  },
];

/** Local file of one source inside the extra data folder. */
export function externalFile(extraDir: string, source: ExternalSource): string {
  return join(extraDir, source.name, source.path.split("/").pop() ?? source.path);
}

/** Copy every source out of its git mirror at the pinned commit. */
export function copyExternalSources(mirrors: string, extraDir: string): void {
  for (const source of externalSources) {
    const gitDir = join(mirrors, source.repo.replace("/", "+"), "repo");
    if (!existsSync(gitDir)) {
      console.log(`skip ${source.name}: no mirror at ${gitDir}`);
      continue;
    }
    const bytes = execFileSync("git", ["-C", gitDir, "show", `${source.commit}:${source.path}`], {
      maxBuffer: 64 << 20,
    });
    const target = externalFile(extraDir, source);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`${source.name}: ${bytes.length} bytes -> ${target}`);
  }
}
