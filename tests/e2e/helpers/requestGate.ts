/**
 * The requests of the data core's sync that change data on the server: a create (`/full` or
 * plain), an update (PUT), a delete, a photo upload and a photo delete. Searches, area downloads
 * and reads are not among them.
 */
export function isChangeRequest(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (method === 'PUT') return /^\/api\/(Features|Records)\/\d+\/\d+\/\d+$/.test(path);
  if (method === 'DELETE') return /^\/api\/Records\/\d+\/attachment\/\d+$/.test(path);
  if (method !== 'POST') return false;
  return (
    /^\/api\/(Features|Records)\/\d+\/\d+(\/full)?$/.test(path) ||
    /^\/api\/(Features|Records)\/\d+\/delete$/.test(path) ||
    /^\/api\/Records\/\d+\/attachment$/.test(path)
  );
}

/**
 * A gate on some of a proxy's requests, so that a test can stop a sync at a known point: it lets
 * a given number through, then holds the next ones (fully received, not yet sent on) until the
 * test releases them. A held request always reaches the server when released, in the order it
 * arrived and one at a time, even if its client has gone away meanwhile (a reload, a time-out):
 * as a request whose answer was lost on the way back.
 */
export class RequestGate {
  /** How many more requests may pass before the gate holds them; Infinity when open. */
  private budget = Infinity;
  private releasing = false;
  private readonly queue: Array<() => Promise<void>> = [];
  /** Requests that went through the gate without waiting. */
  passed = 0;
  /** Requests that were held, in all. */
  heldTotal = 0;

  /** Requests waiting at the gate now. */
  get held(): number {
    return this.queue.length;
  }

  /** Lets `n` more requests through, then holds the rest (0: holds from the next one). */
  holdAfter(n: number): void {
    this.budget = n;
  }

  /** Takes one request's place: true when it may go on now (it counts as passed), false when it must wait. */
  admit(): boolean {
    if (this.releasing || this.budget <= 0) return false;
    this.budget--;
    this.passed++;
    return true;
  }

  /** Keeps a request that `admit` refused; `send` forwards it. Sent at once if the gate opened meanwhile. */
  hold(send: () => Promise<void>): void {
    if (!this.releasing && this.budget > 0) {
      this.budget--;
      this.passed++;
      void send();
      return;
    }
    this.heldTotal++;
    this.queue.push(send);
  }

  /**
   * Sends the held requests one at a time (and any that arrive meanwhile), each after the answer
   * to the one before, then lets `next` more through (Infinity: the gate stays open).
   */
  async release(next = Infinity): Promise<void> {
    this.releasing = true;
    try {
      for (let send = this.queue.shift(); send; send = this.queue.shift()) await send();
    } finally {
      this.releasing = false;
      this.budget = next;
    }
  }
}
