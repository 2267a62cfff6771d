import type { InlineScanner } from "./inline-scan.js";
import type { CancelSignal, ScanOutcome, ScanQueue } from "./scan-queue.js";
import type { ScanTaskInput } from "./scan-task.js";

/** How many scans each path has run (answered or not) since the pool started. */
export interface ScanPathCounts {
  /** On the calling thread. */
  inline: number;
  /** Handed to the worker threads. */
  worker: number;
}

export interface InlineDispatchOptions {
  queue: ScanQueue;
  inline: InlineScanner;
  /** Longest prompt scanned inline. */
  maxChars: number;
  /** Each scan's time limit. */
  timeoutMs: number;
  /** Counted here, read by the pool's owner. */
  counts: ScanPathCounts;
}

/** A scan held to the end of the event loop's turn, to see whether another one arrives. */
interface HeldScan {
  input: ScanTaskInput;
  signal: CancelSignal | undefined;
  resolve: (outcome: ScanOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Decides, scan by scan, between the calling thread and the workers. A short prompt that finds
 * the pool idle is held until the turn's I/O callbacks have run (`setImmediate`): if no other scan
 * was asked for meanwhile, it runs inline; if one was, requests are arriving together and both go
 * to the workers, so the event loop is never blocked while another request waits to be read.
 * While any scan is waiting or running (in a worker or inline), new scans go to the workers.
 */
export class InlineDispatch {
  private held: HeldScan | undefined;

  constructor(private readonly options: InlineDispatchOptions) {}

  scan(input: ScanTaskInput, signal: CancelSignal | undefined): Promise<ScanOutcome> {
    const held = this.held;
    if (held !== undefined) {
      this.held = undefined;
      this.toWorkers(held.input, held.signal).then(held.resolve, held.reject);
    } else if (this.mayRunInline(input)) {
      return new Promise<ScanOutcome>((resolve, reject) => {
        this.held = { input, signal, resolve, reject };
        setImmediate(this.release);
      });
    }
    return this.toWorkers(input, signal);
  }

  private mayRunInline(input: ScanTaskInput): boolean {
    const { inline, maxChars, queue } = this.options;
    return inline.free && input.text.length <= maxChars && queue.idle;
  }

  /** The turn is over: run the held scan inline if it is still alone and the pool still idle. */
  private readonly release = (): void => {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    const { inline, counts, timeoutMs } = this.options;
    let outcome: Promise<ScanOutcome>;
    if (this.mayRunInline(held.input)) {
      counts.inline += 1;
      outcome = inline.scan(held.input, timeoutMs, held.signal);
    } else {
      outcome = this.toWorkers(held.input, held.signal);
    }
    outcome.then(held.resolve, held.reject);
  };

  private toWorkers(input: ScanTaskInput, signal: CancelSignal | undefined): Promise<ScanOutcome> {
    this.options.counts.worker += 1;
    return this.options.queue.scan(input, this.options.timeoutMs, signal);
  }
}
