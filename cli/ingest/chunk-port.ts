import type { MessagePort } from "node:worker_threads";
import { z } from "zod";
import type { ChunkSource, LoadedHeader } from "./chunk-scanner.js";
import type { ChunkRecord } from "./load-chunks.js";

/** Chunks scanned between two progress messages of a file task (the batch time limit's unit). */
export const progressChunks = 32;

/** What the main thread asks of a worker holding a file's chunks. */
const holderRequestSchema = z.object({
  kind: z.literal("read"),
  id: z.number(),
  from: z.number().int().min(0),
  to: z.number().int().min(0),
});
type HolderRequest = z.infer<typeof holderRequestSchema>;

/** What a worker sends on a file task's port. */
export type HolderMessage =
  /** Loading finished, scanning starts (arms the batch time limit). */
  | { kind: "loaded"; header: LoadedHeader }
  /** Another batch of chunks was scanned: the task is alive (resets the batch time limit). */
  | { kind: "progress" }
  | { kind: "chunks"; id: number; chunks: ChunkRecord[] };

/**
 * Worker side: keep a loaded file's chunks and answer ranges of them on `port` until the main
 * thread closes it (the chunks are then dropped with the port's listener).
 */
export function serveChunks(port: MessagePort, chunks: readonly ChunkRecord[]): void {
  port.on("message", (message: unknown) => {
    const request = holderRequestSchema.safeParse(message);
    if (!request.success) {
      port.close();
      return;
    }
    const { id, from, to } = request.data;
    port.postMessage({
      kind: "chunks",
      id,
      chunks: chunks.slice(from, to),
    } satisfies HolderMessage);
  });
}

/**
 * Main-thread side: read a held file's chunks through `port`. A read fails once the port closes
 * (the worker holding the file stopped).
 */
export function portChunkSource(port: MessagePort): ChunkSource {
  const waiting = new Map<number, (chunks: ChunkRecord[] | Error) => void>();
  let nextId = 0;
  let closed = false;
  const failAll = (): void => {
    closed = true;
    for (const settle of waiting.values()) {
      settle(new Error("the ingest worker holding the file stopped"));
    }
    waiting.clear();
  };
  port.on("message", (message: HolderMessage) => {
    if (message.kind !== "chunks") return;
    const settle = waiting.get(message.id);
    waiting.delete(message.id);
    settle?.(Array.isArray(message.chunks) ? message.chunks : new Error("bad chunk range"));
  });
  port.on("close", failAll);
  return {
    read(from, to) {
      if (closed) return Promise.reject(new Error("the file's chunks were released"));
      const id = nextId++;
      const reply = new Promise<ChunkRecord[]>((resolve, reject) => {
        waiting.set(id, (chunks) => (chunks instanceof Error ? reject(chunks) : resolve(chunks)));
      });
      port.postMessage({ kind: "read", id, from, to } satisfies HolderRequest);
      return reply;
    },
    release() {
      if (closed) return;
      failAll();
      port.close();
    },
  };
}
