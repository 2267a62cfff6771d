import { BadRequestError } from "../errors.js";
import type {
  CallContext,
  JsonObject,
  ProviderAdapter,
  UpstreamResult,
} from "../providers/types.js";

type JsonMethod = (body: JsonObject, ctx: CallContext) => Promise<UpstreamResult>;
type FormMethod = (form: FormData, ctx: CallContext) => Promise<UpstreamResult>;

function unsupported(adapter: ProviderAdapter, kind: string): BadRequestError {
  return new BadRequestError(`Provider ${adapter.name} does not serve ${kind} requests`);
}

/** The adapter's method for a JSON route kind, or a 400 saying the provider lacks it. */
export function jsonMethod(
  adapter: ProviderAdapter,
  kind: "chat" | "completion" | "embedding" | "messages",
): JsonMethod {
  const method = adapter[kind];
  if (method === undefined) throw unsupported(adapter, kind);
  return method.bind(adapter);
}

/** The adapter's transcription method, or a 400. */
export function formMethod(adapter: ProviderAdapter): FormMethod {
  const method = adapter.transcription;
  if (method === undefined) throw unsupported(adapter, "transcription");
  return method.bind(adapter);
}
