import { z } from "zod";

/** The splitter's options: kept apart from the splitter so that ingest workers need no LangChain. */
export const splitterOptionsSchema = z
  .object({
    /** Maximum characters per chunk (the spec's retrieval pattern uses 1000). */
    chunkSize: z.number().int().positive().default(1000),
    /** Characters shared by neighbouring chunks (the spec's pattern uses 0). */
    chunkOverlap: z.number().int().min(0).default(0),
  })
  .strict()
  .refine((value) => value.chunkOverlap < value.chunkSize, {
    message: "chunkOverlap must be smaller than chunkSize",
    path: ["chunkOverlap"],
  });

export type SplitterOptions = z.input<typeof splitterOptionsSchema>;
