/**
 * A request's cancellation that costs nothing until it is used. Node's AbortController costs
 * ~5 µs to make and its EventTarget listeners a few more — more than the rest of a tool call's
 * bookkeeping — while almost no call is ever cancelled. Handlers are a plain list; a real
 * AbortSignal is made only when something asks for one (a retry's sleep, an OAuth token fetch).
 */
export class Cancellation {
  private handlers: Array<(() => void) | null> | null = null;
  private controller: AbortController | null = null;
  cancelled = false;

  /** A cancellation that follows `signal` (for callers that hold an AbortController). */
  static from(signal: AbortSignal): Cancellation {
    const c = new Cancellation();
    if (signal.aborted) c.cancel();
    else signal.addEventListener('abort', () => c.cancel(), { once: true });
    return c;
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.controller?.abort();
    const handlers = this.handlers;
    this.handlers = null;
    if (handlers) for (const handler of handlers) handler?.();
  }

  /** Runs `handler` on cancellation (at once if already cancelled); the result removes it. */
  onCancel(handler: () => void): () => void {
    if (this.cancelled) {
      handler();
      return noop;
    }
    this.handlers ??= [];
    const list = this.handlers;
    const index = list.push(handler) - 1;
    return () => {
      if (this.handlers === list) list[index] = null;
    };
  }

  /** An AbortSignal that aborts with this cancellation, made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort();
    }
    return this.controller.signal;
  }
}

function noop(): void {}
