import { performance } from "node:perf_hooks";
import { ScanAbortedError, ScanQueueFullError, ScanTimeoutError } from "./errors.js";
import { batchControl, type ScanBatchInput, type ScanBatchOutput } from "./scan-batch.js";
import { scanFailureError } from "./scan-failure.js";
import type { ScanTaskInput, ScanTaskResult } from "./scan-task.js";

/** What one scan returns: the sanitized text and the validity and score maps. */
export type ScanOutcome = Omit<ScanTaskResult, "ok">;

/** The abort hook piscina reads on a task: aborting a running task terminates its worker. */
export interface TaskAbortSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Runs one batch on some worker; `signal` aborting terminates that worker. */
export type RunBatch = (input: ScanBatchInput, signal: TaskAbortSignal) => Promise<ScanBatchOutput>;

/**
 * The scans not yet answered of each caller's signal, behind one 'abort' listener per signal: a
 * connection's signal serves every request it sends, and adding and removing an EventTarget
 * listener for each scan cost more than the rest of its bookkeeping.
 */
class SignalWatch {
  private readonly scans = new WeakMap<AbortSignal, Set<PendingScan>>();

  constructor(private readonly onAbort: (scan: PendingScan) => void) {}

  add(signal: AbortSignal, scan: PendingScan): void {
    const known = this.scans.get(signal);
    if (known !== undefined) {
      known.add(scan);
      return;
    }
    const scans = new Set([scan]);
    this.scans.set(signal, scans);
    signal.addEventListener(
      "abort",
      () => {
        for (const waiting of scans) this.onAbort(waiting);
      },
      { once: true },
    );
  }

  delete(signal: AbortSignal, scan: PendingScan): void {
    this.scans.get(signal)?.delete(scan);
  }
}

/** One scan from the caller's call until it is answered. */
class PendingScan {
  /** The caller has its answer (result, error, time-out or cancellation). */
  answered = false;
  /** Its time has passed; a worker must not run it (or must be stopped if it is running it). */
  expired = false;
  /** Waiting in the queue (not yet in a batch). */
  queued = true;
  /** The batch it was last sent in, and its place there (for a cancellation while it runs). */
  batch: Batch | undefined = undefined;
  index = -1;
  constructor(
    readonly input: ScanTaskInput,
    readonly limitMs: number,
    /** When its time runs out (`performance.now()` ms); waiting counts. */
    public deadline: number,
    private readonly resolveFn: (outcome: ScanOutcome) => void,
    private readonly rejectFn: (error: unknown) => void,
    private readonly signal: AbortSignal | undefined,
    private readonly watch: SignalWatch,
  ) {
    if (signal !== undefined) watch.add(signal, this);
  }

  resolve(outcome: ScanOutcome): void {
    if (this.answer()) this.resolveFn(outcome);
  }

  reject(error: unknown): void {
    if (this.answer()) this.rejectFn(error);
  }

  private answer(): boolean {
    if (this.answered) return false;
    this.answered = true;
    if (this.signal !== undefined) this.watch.delete(this.signal, this);
    return true;
  }
}

/** A batch on its way to or in a worker: its scans, shared control array, and time-limit timer. */
class Batch implements TaskAbortSignal {
  aborted = false;
  /** The item the worker was running at the last check (-1: none yet). */
  lastRunning = -1;
  /** Items taken back from this batch (flagged before the worker reached them) and requeued. */
  readonly withdrawn: boolean[] = [];
  private listener: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly scans: PendingScan[],
    readonly control: Int32Array,
    private readonly stallMs: number,
  ) {}

  addEventListener(_type: "abort", listener: () => void): void {
    this.listener = listener;
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    if (this.listener === listener) this.listener = undefined;
  }

  /**
   * Run `check` when the first scan from `from` on (the worker has finished those before it) that
   * has not expired runs out of time, or after `stallMs` if scans wait behind the one running.
   * Deadlines grow along the batch (it is in queue order).
   */
  arm(from: number, check: () => void): void {
    const start = Math.max(0, from);
    for (let index = start; index < this.scans.length; index++) {
      const scan = this.scans[index]!;
      if (scan.expired) continue;
      let delay = Math.max(0, scan.deadline - performance.now());
      if (start < this.scans.length - 1) delay = Math.min(delay, this.stallMs);
      this.timer = setTimeout(check, delay);
      return;
    }
  }

  /** Terminate the worker (piscina rejects the task). */
  abort(): void {
    this.aborted = true;
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }

  clear(): void {
    clearTimeout(this.timer);
    this.listener = undefined;
  }
}

export interface ScanQueueOptions {
  runBatch: RunBatch;
  /** Batches in flight at once (one per worker thread). */
  threads: number;
  /** Scans allowed to wait; one more is refused with {@link ScanQueueFullError}. */
  maxQueue: number;
  /** Most scans sent to a worker in one message. */
  maxBatch: number;
  /**
   * When one scan has run this long, the scans waiting behind it in its batch go back to the queue
   * for another worker; a scan whose caller cancelled it and that still runs this long after has
   * its worker terminated (default 500 ms).
   */
  stallMs?: number;
}

/**
 * The pool's scheduler: scans wait in one FIFO queue, and whenever a worker is free the scans
 * waiting go to it in one batch (up to `maxBatch`, split evenly between the workers). Each scan
 * keeps its own time limit, waiting included: one that runs out while it waits is answered with
 * {@link ScanTimeoutError} and skipped; one that runs out while its worker is running it gets the
 * same answer, the worker is terminated (piscina starts another) and the scans of the batch not
 * answered yet go back to the head of the queue. A caller that cancels is answered at once; a scan
 * still waiting is dropped, one in a batch is skipped, and one still running `stallMs` later has
 * its worker terminated (a client that hangs up on a costly scan does not keep a worker busy).
 */
export class ScanQueue {
  private waiting: PendingScan[] = [];
  private head = 0;
  /** Scans waiting that have not been answered. */
  private live = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly watch = new SignalWatch((scan) => this.cancel(scan));

  constructor(private readonly options: ScanQueueOptions) {}

  /** Scans waiting for a worker. */
  get size(): number {
    return this.live;
  }

  /** No scan is waiting or in a worker, and the queue is open. */
  get idle(): boolean {
    return this.inFlight === 0 && this.live === 0 && !this.closed;
  }

  scan(input: ScanTaskInput, limitMs: number, signal?: AbortSignal): Promise<ScanOutcome> {
    if (this.closed) return Promise.reject(new ScanAbortedError("The scan pool is closed."));
    if (this.live >= this.options.maxQueue) {
      return Promise.reject(new ScanQueueFullError(this.options.maxQueue));
    }
    if (signal?.aborted) return Promise.reject(new ScanAbortedError("The scan was cancelled."));
    return new Promise<ScanOutcome>((resolve, reject) => {
      const deadline = performance.now() + limitMs;
      const scan = new PendingScan(input, limitMs, deadline, resolve, reject, signal, this.watch);
      this.waiting.push(scan);
      this.live += 1;
      this.dispatch();
      if (this.live > 0 && this.timer === undefined) this.armQueueTimer();
    });
  }

  /**
   * The caller has gone: answer it now; drop the scan if it is still waiting, skip it if its
   * batch has not reached it, and stop its worker if it still runs `stallMs` from now.
   */
  cancel(scan: PendingScan): void {
    if (scan.answered) return;
    if (scan.queued) {
      scan.queued = false;
      this.live -= 1;
    } else if (scan.batch !== undefined && !scan.expired) {
      const { batch, index } = scan;
      scan.expired = true;
      Atomics.store(batch.control, batchControl.skip(index), 1);
      setTimeout(() => {
        if (Atomics.load(batch.control, batchControl.running) === index) batch.abort();
      }, this.options.stallMs ?? 500).unref();
    }
    scan.reject(new ScanAbortedError("The scan was cancelled."));
  }

  /** Refuse new scans and answer every waiting one with {@link ScanAbortedError}. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const scan of this.takeWaiting(Number.POSITIVE_INFINITY)) {
      scan.reject(new ScanAbortedError("The scan pool is closed."));
    }
  }

  private takeWaiting(count: number): PendingScan[] {
    const taken: PendingScan[] = [];
    while (taken.length < count && this.head < this.waiting.length) {
      const scan = this.waiting[this.head]!;
      this.head += 1;
      if (!scan.queued) continue;
      scan.queued = false;
      this.live -= 1;
      taken.push(scan);
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
    return taken;
  }

  /** Put scans back at the head of the queue (their deadlines are the earliest). */
  private requeue(scans: PendingScan[]): void {
    if (scans.length === 0) return;
    for (const scan of scans) scan.queued = true;
    this.waiting = [...scans, ...this.waiting.slice(this.head)];
    this.head = 0;
    this.live += scans.length;
    clearTimeout(this.timer);
    this.armQueueTimer();
  }

  private dispatch(): void {
    const { threads, maxBatch } = this.options;
    while (!this.closed && this.inFlight < threads && this.live > 0) {
      const scans = this.takeWaiting(Math.min(maxBatch, Math.ceil(this.live / threads)));
      if (scans.length === 0) break;
      this.send(scans);
    }
  }

  private send(scans: PendingScan[]): void {
    const control = new Int32Array(
      new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * batchControl.size(scans.length)),
    );
    control[batchControl.running] = -1;
    const batch = new Batch(scans, control, this.options.stallMs ?? 500);
    for (const [index, scan] of scans.entries()) {
      scan.batch = batch;
      scan.index = index;
    }
    const items = scans.map((scan) => scan.input);
    this.inFlight += 1;
    batch.arm(0, () => this.checkBatch(batch));
    this.options.runBatch({ items, control }, batch).then(
      (outputs) => this.settle(batch, outputs),
      (error: unknown) => this.fail(batch, error),
    );
  }

  /**
   * A scan of `batch` not yet finished ran out of time: answer it and flag it to be skipped; if the
   * worker is running it, terminate the worker. Flag first, then read what the worker runs (see
   * {@link batchControl}).
   */
  private checkBatch(batch: Batch): void {
    const now = performance.now();
    const { scans, control } = batch;
    const from = Math.max(0, Atomics.load(control, batchControl.running));
    for (let index = from; index < scans.length; index++) {
      const scan = scans[index]!;
      if (scan.expired || scan.deadline > now) continue;
      scan.expired = true;
      Atomics.store(control, batchControl.skip(index), 1);
      scan.reject(new ScanTimeoutError(scan.limitMs));
    }
    const running = Atomics.load(control, batchControl.running);
    if (running >= 0 && running < scans.length && scans[running]!.expired) {
      batch.abort();
      return;
    }
    if (running >= 0 && running === batch.lastRunning) this.withdrawWaiting(batch, running);
    batch.lastRunning = running;
    batch.arm(running, () => this.checkBatch(batch));
  }

  /**
   * The worker has been on one scan since the last check: flag the scans behind it, then take
   * back those the worker has certainly not reached, for another worker. One it reached in the
   * meantime either runs or comes back skipped (see {@link ScanQueue.settle}).
   */
  private withdrawWaiting(batch: Batch, running: number): void {
    const { scans, control, withdrawn } = batch;
    for (let index = running + 1; index < scans.length; index++) {
      if (!scans[index]!.expired) Atomics.store(control, batchControl.skip(index), 1);
    }
    const reached = Atomics.load(control, batchControl.running);
    const back: PendingScan[] = [];
    for (let index = reached + 1; index < scans.length; index++) {
      const scan = scans[index]!;
      if (scan.expired || withdrawn[index]) continue;
      withdrawn[index] = true;
      if (!scan.answered) back.push(scan);
    }
    this.requeue(back);
    this.dispatch();
  }

  private settle(batch: Batch, outputs: ScanBatchOutput): void {
    batch.clear();
    const again: PendingScan[] = [];
    for (const [index, scan] of batch.scans.entries()) {
      const output = outputs[index];
      if (scan.answered || batch.withdrawn[index]) continue;
      if (output === null || output === undefined) {
        // Flagged by withdrawWaiting just as the worker reached it: run it elsewhere.
        if (!scan.expired) again.push(scan);
        continue;
      }
      if (output.ok) {
        const { ok: _ok, ...outcome } = output;
        scan.resolve(outcome);
      } else {
        scan.reject(scanFailureError(output));
      }
    }
    this.requeue(again);
    this.finish();
  }

  private fail(batch: Batch, error: unknown): void {
    batch.clear();
    if (batch.aborted && !this.closed) {
      // The worker was stopped on a scan that ran out of time; the others run again. Those it had
      // finished (their answers went down with it) get a new time limit for the rerun.
      const stuck = Atomics.load(batch.control, batchControl.running);
      const again = batch.scans.filter(
        (scan, index) => !scan.answered && !scan.expired && !batch.withdrawn[index],
      );
      const restart = performance.now();
      for (const [index, scan] of batch.scans.entries()) {
        if (index < stuck) scan.deadline = Math.max(scan.deadline, restart + scan.limitMs);
      }
      this.requeue(again);
    } else {
      const reason = this.closed ? new ScanAbortedError("The scan pool is closed.") : error;
      for (const scan of batch.scans) scan.reject(reason);
    }
    this.finish();
  }

  private finish(): void {
    this.inFlight -= 1;
    this.dispatch();
  }

  /** Answer scans that ran out of time while waiting; runs at the head's deadline. */
  private armQueueTimer(): void {
    let first: PendingScan | undefined;
    for (let index = this.head; index < this.waiting.length && first === undefined; index++) {
      if (this.waiting[index]!.queued) first = this.waiting[index];
    }
    if (first === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        const now = performance.now();
        while (this.head < this.waiting.length) {
          const scan = this.waiting[this.head]!;
          if (scan.queued && scan.deadline > now) break;
          this.head += 1;
          if (!scan.queued) continue;
          scan.queued = false;
          scan.expired = true;
          this.live -= 1;
          scan.reject(new ScanTimeoutError(scan.limitMs));
        }
        if (this.live > 0) this.armQueueTimer();
      },
      Math.max(0, first.deadline - performance.now()),
    );
  }
}
