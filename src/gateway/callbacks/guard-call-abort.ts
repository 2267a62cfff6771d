import { type Abortable, unwatchAbort, watchAbort } from "../http/index.js";
import { deadlineList } from "../router/deadlines.js";
import { TimedAbort } from "../router/timed-abort.js";

/**
 * The abort of one guard API call: aborted when the gateway's client goes away (`client`) or when
 * `timeoutMs` passes (`timedOut`). A plain object handed to the HTTP client (see `TimedAbort`);
 * the timeout is an entry in the shared list of its length. Call {@link GuardCallAbort.done} once
 * the answer is read.
 */
export class GuardCallAbort extends TimedAbort {
  private readonly onClientAbort: (() => void) | undefined;

  constructor(
    timeoutMs: number,
    private readonly client?: Abortable,
  ) {
    super();
    if (client?.aborted) {
      this.abort(client.reason);
      return;
    }
    deadlineList(timeoutMs).add(this);
    if (client !== undefined) {
      this.onClientAbort = () => this.abort(client.reason);
      watchAbort(client, this.onClientAbort);
    }
  }

  protected timeoutReason(): Error {
    return new Error("guard API timeout");
  }

  /** The call is over (answered or failed): stop the timeout and stop watching the client. */
  done(): void {
    this.clearDeadline();
    if (this.client !== undefined && this.onClientAbort !== undefined) {
      unwatchAbort(this.client, this.onClientAbort);
    }
  }

  protected override settle(): void {
    this.done();
  }
}
