import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { trainPromptInjection } from "./train/prompt-injection/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));

async function trainPromptInjectionCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      data: { type: "string", default: join(root, "..", "shared", "data") },
      out: {
        type: "string",
        default: join(root, "src/detectors/prompt-injection/weights/prompt-injection.json"),
      },
      validation: { type: "string", default: join(root, ".ragguard/train/prompt-injection") },
      seed: { type: "string", default: "1337" },
      epochs: { type: "string", default: "3" },
      l2: { type: "string", default: "1e-6" },
      "max-fpr": { type: "string", default: "0.015" },
      "skip-loso": { type: "boolean", default: false },
      "char-ngrams": { type: "string", default: "3,4" },
    },
  });
  await trainPromptInjection({
    dataRoot: values.data,
    nodeModules: join(root, "node_modules"),
    weightsPath: values.out,
    validationDir: values.validation,
    seed: Number(values.seed),
    epochs: Number(values.epochs),
    l2: Number(values.l2),
    maxFpr: Number(values["max-fpr"]),
    skipLoso: values["skip-loso"],
    charNgrams: values["char-ngrams"].split(",").map(Number),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}

/** Trainers by subcommand; each is seeded and reads `--data` (default ../shared/data). */
const trainers: Record<string, (argv: readonly string[]) => Promise<void>> = {
  "prompt-injection": (argv) => trainPromptInjectionCommand(argv),
  toxicity: async (argv) => {
    const { runToxicityTraining } = await import("./train/toxicity.js");
    runToxicityTraining(argv);
  },
};

const [name, ...rest] = process.argv.slice(2);
const trainer = name === undefined ? undefined : trainers[name];
if (trainer) {
  await trainer(rest);
} else {
  process.stderr.write(
    `usage: npm run train -- <${Object.keys(trainers).join("|")}> [--data <dir>] [--seed <n>]\n` +
      "       npm run train -- toxicity [--extra <dir>] [--copy-sources <git mirrors>] [--skip-folds]\n",
  );
  process.exitCode = 2;
}
