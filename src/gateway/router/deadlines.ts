/**
 * One entry of a {@link DeadlineList}: the entry is its own list node (no node object and no
 * `Timeout` per entry, so nothing per call outlives the call in the timer lists).
 */
export interface Timed {
  /** `performance.now()` at which `expire` runs. */
  deadlineAt: number;
  prevTimed: Timed | undefined;
  nextTimed: Timed | undefined;
  timedList: DeadlineList | undefined;
  expire(): void;
}

/**
 * Entries that all wait the same `ms`, so their deadlines come in the order they were added: a
 * doubly linked list (O(1) add and remove) under one timer armed for the oldest. A removed head
 * does not re-arm it: the timer fires early, finds a later head and re-arms for that one.
 */
export class DeadlineList {
  private head: Timed | undefined;
  private tail: Timed | undefined;
  private armed = false;
  private readonly fire = () => this.expireDue();

  constructor(readonly ms: number) {}

  /** Run `entry.expire()` `ms` from now, unless it is removed first. */
  add(entry: Timed): void {
    if (entry.timedList !== undefined) entry.timedList.remove(entry);
    entry.deadlineAt = performance.now() + this.ms;
    entry.timedList = this;
    entry.prevTimed = this.tail;
    entry.nextTimed = undefined;
    if (this.tail === undefined) this.head = entry;
    else this.tail.nextTimed = entry;
    this.tail = entry;
    // A pending timer was armed for an earlier deadline than this one: it re-arms when it fires.
    if (!this.armed) this.arm(this.ms);
  }

  remove(entry: Timed): void {
    if (entry.timedList !== this) return;
    const { prevTimed, nextTimed } = entry;
    if (prevTimed === undefined) this.head = nextTimed;
    else prevTimed.nextTimed = nextTimed;
    if (nextTimed === undefined) this.tail = prevTimed;
    else nextTimed.prevTimed = prevTimed;
    entry.prevTimed = undefined;
    entry.nextTimed = undefined;
    entry.timedList = undefined;
  }

  /** Entries waiting (for tests). */
  get size(): number {
    let count = 0;
    for (let entry = this.head; entry !== undefined; entry = entry.nextTimed) count++;
    return count;
  }

  private arm(delay: number): void {
    this.armed = true;
    // Unref'd: a pending deadline alone does not keep the process alive (its request does).
    setTimeout(this.fire, Math.max(1, Math.ceil(delay))).unref();
  }

  private expireDue(): void {
    this.armed = false;
    const now = performance.now();
    try {
      for (let entry = this.head; entry !== undefined && entry.deadlineAt <= now; ) {
        this.remove(entry);
        entry.expire();
        entry = this.head;
      }
    } finally {
      // Also after an `expire` that threw: the later entries still get their timer.
      if (this.head !== undefined && !this.armed) this.arm(this.head.deadlineAt - now);
    }
  }
}

const lists = new Map<number, DeadlineList>();

/** The shared list of entries waiting `ms` (one per distinct timeout in the config). */
export function deadlineList(ms: number): DeadlineList {
  let list = lists.get(ms);
  if (list === undefined) {
    list = new DeadlineList(ms);
    lists.set(ms, list);
  }
  return list;
}
