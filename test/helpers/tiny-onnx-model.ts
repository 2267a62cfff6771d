import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

// A minimal protobuf writer: enough of ONNX's ModelProto to describe a bag-of-embeddings
// text classifier (Gather -> masked mean -> MatMul -> Add), so tests never download a model.

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

const key = (field: number, wire: number): number[] => varint((field << 3) | wire);
const int = (field: number, value: number): Field =>
  Uint8Array.from([...key(field, 0), ...varint(value)]);
function bytes(field: number, payload: Uint8Array | string): Field {
  const data = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
  return Uint8Array.from([...key(field, 2), ...varint(data.length), ...data]);
}
function message(...fields: Field[]): Uint8Array {
  const total = fields.reduce((sum, f) => sum + f.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const f of fields) {
    out.set(f, offset);
    offset += f.length;
  }
  return out;
}

const FLOAT = 1;
const INT64 = 7;

function tensor(name: string, dims: number[], type: number, raw: Uint8Array): Field {
  return message(...dims.map((d) => int(1, d)), int(2, type), bytes(8, name), bytes(9, raw));
}
function floatTensor(name: string, dims: number[], values: number[]): Field {
  return tensor(name, dims, FLOAT, new Uint8Array(Float32Array.from(values).buffer));
}
function int64Tensor(name: string, values: number[]): Field {
  return tensor(
    name,
    [values.length],
    INT64,
    new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer),
  );
}
function valueInfo(name: string, type: number, dims: Array<number | string>): Field {
  const dimFields = dims.map((d) => bytes(1, typeof d === "number" ? int(1, d) : bytes(2, d)));
  const shape = message(...dimFields);
  const tensorType = message(int(1, type), bytes(2, shape));
  return message(bytes(1, name), bytes(2, message(bytes(1, tensorType))));
}
function node(op: string, inputs: string[], outputs: string[], attrs: Field[] = []): Field {
  return message(
    ...inputs.map((i) => bytes(1, i)),
    ...outputs.map((o) => bytes(2, o)),
    bytes(3, `${op}_${outputs[0]}`),
    bytes(4, op),
    ...attrs.map((a) => bytes(5, a)),
  );
}
const intAttr = (name: string, value: number): Field =>
  message(bytes(1, name), int(3, value), int(20, 2));

export interface TinyModelSpec {
  /** Vocabulary; index = token id. Must contain [PAD], [UNK], [CLS], [SEP]. */
  vocab: string[];
  /** Class labels, e.g. ["SAFE", "INJECTION"]. */
  labels: string[];
  /** Embedding per token (vocab.length x dim). */
  embeddings: number[][];
  /** Classifier weights (dim x labels.length) and bias (labels.length). */
  weights: number[][];
  bias: number[];
  problemType?: "single_label_classification" | "multi_label_classification";
}

/** Encode the ONNX model bytes for `spec`. */
export function encodeTinyModel(spec: TinyModelSpec): Uint8Array {
  const dim = spec.embeddings[0]?.length ?? 0;
  const classes = spec.labels.length;
  const graph = message(
    bytes(1, node("Gather", ["emb", "input_ids"], ["tok"])),
    bytes(1, node("Cast", ["attention_mask"], ["mask_f"], [intAttr("to", FLOAT)])),
    bytes(1, node("Unsqueeze", ["mask_f", "axis2"], ["mask_e"])),
    bytes(1, node("Mul", ["tok", "mask_e"], ["masked"])),
    bytes(1, node("ReduceSum", ["masked", "axis1"], ["summed"], [intAttr("keepdims", 0)])),
    bytes(1, node("ReduceSum", ["mask_e", "axis1"], ["count"], [intAttr("keepdims", 0)])),
    bytes(1, node("Div", ["summed", "count"], ["mean"])),
    bytes(1, node("MatMul", ["mean", "w"], ["proj"])),
    bytes(1, node("Add", ["proj", "b"], ["logits"])),
    bytes(2, "tiny"),
    bytes(5, floatTensor("emb", [spec.vocab.length, dim], spec.embeddings.flat())),
    bytes(5, floatTensor("w", [dim, classes], spec.weights.flat())),
    bytes(5, floatTensor("b", [classes], spec.bias)),
    bytes(5, int64Tensor("axis1", [1])),
    bytes(5, int64Tensor("axis2", [2])),
    bytes(11, valueInfo("input_ids", INT64, ["batch", "sequence"])),
    bytes(11, valueInfo("attention_mask", INT64, ["batch", "sequence"])),
    bytes(12, valueInfo("logits", FLOAT, ["batch", classes])),
  );
  return message(
    int(1, 7),
    bytes(2, "ragguard-tests"),
    bytes(7, graph),
    bytes(8, message(bytes(1, ""), int(2, 13))),
  );
}

/** Write a complete local model folder (config, tokenizer, onnx/model.onnx) for `spec`. */
export async function writeTinyModel(dir: string, spec: TinyModelSpec): Promise<void> {
  await mkdir(join(dir, "onnx"), { recursive: true });
  const id2label = Object.fromEntries(spec.labels.map((label, i) => [String(i), label]));
  const label2id = Object.fromEntries(spec.labels.map((label, i) => [label, i]));
  const config = {
    model_type: "bert",
    architectures: ["BertForSequenceClassification"],
    id2label,
    label2id,
    problem_type: spec.problemType ?? "single_label_classification",
  };
  const vocab = Object.fromEntries(spec.vocab.map((token, i) => [token, i]));
  const tokenizer = {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: ["[PAD]", "[UNK]", "[CLS]", "[SEP]"].map((content) => ({
      id: vocab[content],
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: {
        "[CLS]": { id: "[CLS]", ids: [vocab["[CLS]"]], tokens: ["[CLS]"] },
        "[SEP]": { id: "[SEP]", ids: [vocab["[SEP]"]], tokens: ["[SEP]"] },
      },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab,
    },
  };
  const tokenizerConfig = {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: 512,
    pad_token: "[PAD]",
    unk_token: "[UNK]",
    cls_token: "[CLS]",
    sep_token: "[SEP]",
  };
  await writeFile(join(dir, "config.json"), JSON.stringify(config, null, 2));
  await writeFile(join(dir, "tokenizer.json"), JSON.stringify(tokenizer));
  await writeFile(join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfig, null, 2));
  await writeFile(join(dir, "onnx", "model.onnx"), encodeTinyModel(spec));
}

/**
 * A two-class model where the words in `positiveWords` push towards label 1: the embedding of a
 * positive word is [0, 1], of any other word [1, 0], of special tokens [0, 0]; logits = mean embedding x identity x 4.
 */
export function keywordModelSpec(
  positiveWords: string[],
  otherWords: string[],
  labels: [string, string] = ["SAFE", "INJECTION"],
): TinyModelSpec {
  const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", ...otherWords, ...positiveWords];
  const special = new Set(["[PAD]", "[UNK]", "[CLS]", "[SEP]"]);
  const embeddings = vocab.map((token) =>
    special.has(token) ? [0, 0] : positiveWords.includes(token) ? [0, 1] : [1, 0],
  );
  return {
    vocab,
    labels,
    embeddings,
    weights: [
      [4, 0],
      [0, 4],
    ],
    bias: [0, 0],
  };
}
