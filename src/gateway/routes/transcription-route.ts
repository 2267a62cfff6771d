import type { FastifyInstance } from "fastify";
import { BadRequestError } from "../errors.js";
import type { JsonObject } from "../providers/types.js";
import type { GatewayDeps } from "../server/deps.js";
import { runModelCall } from "../server/model-call.js";
import { formMethod } from "./adapter-method.js";
import { withV1 } from "./paths.js";

async function readForm(body: unknown, contentType: string | undefined): Promise<FormData> {
  if (!(body instanceof Buffer) || contentType === undefined) {
    throw new BadRequestError(
      "/audio/transcriptions: send multipart/form-data with file and model",
    );
  }
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new BadRequestError("/audio/transcriptions: the multipart body cannot be parsed");
  }
}

/**
 * The form's fields other than the audio `file`, as text. A field sent as a file part (a
 * `prompt` uploaded as `prompt.txt`) is read as text too, so the hooks see it (and the guard
 * scans it) like any other field.
 */
async function textFields(form: FormData): Promise<JsonObject> {
  const fields: JsonObject = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name !== "file") fields[name] = await value.text();
  }
  return fields;
}

function fileName(blob: Blob): string {
  return blob instanceof File ? blob.name : "audio";
}

/**
 * `POST /audio/transcriptions` (+ `/audio/transcription`): the multipart form goes upstream as
 * received, with `model` replaced by the deployment's model id and text fields as the hooks left
 * them.
 */
export function registerTranscriptionRoute(app: FastifyInstance, deps: GatewayDeps): void {
  for (const url of withV1("/audio/transcriptions", "/audio/transcription")) {
    app.post(url, async (request, reply) => {
      const form = await readForm(request.body, request.headers["content-type"]);
      const fields = await textFields(form);
      if (typeof fields.model !== "string" || fields.model === "") {
        throw new BadRequestError(`${url}: the form needs a model field`);
      }
      if (!(form.get("file") instanceof Blob)) {
        throw new BadRequestError(`${url}: the form needs a file field`);
      }
      await runModelCall(deps, request, reply, {
        route: "transcription",
        format: "openai",
        model: fields.model,
        body: fields,
        attempt: (finalFields) => (adapter, ctx) => {
          const upstream = new FormData();
          const audio = form.get("file");
          if (audio instanceof Blob) upstream.append("file", audio, fileName(audio));
          for (const [name, value] of Object.entries(finalFields)) {
            if (name !== "model" && name !== "metadata") upstream.append(name, String(value));
          }
          upstream.set("model", ctx.deployment.modelId);
          return formMethod(adapter)(upstream, ctx);
        },
      });
    });
  }
}
