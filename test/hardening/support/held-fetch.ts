/**
 * Holds the page's answers so a test decides the order the widget sees them in.
 *
 * Requests still go out at once, in the order the page makes them, and the server answers them in that order;
 * only the handing of each answer to the page waits for {@link HeldFetches.release}. That is what "responses
 * arriving out of order" looks like from the page: the network delivered, the code has not seen it yet.
 */

/** An answer that reached the browser and waits for the test to hand it over. */
export interface HeldAnswer {
  /** The name the test gave the path ("login", "user"…). */
  label: string;
  /** Which request of that label it answers, counting from 1. */
  ordinal: number;
}

interface Entry extends HeldAnswer {
  hand: () => void;
}

export class HeldFetches {
  #held: Entry[] = [];
  #pending = 0;
  #counts = new Map<string, number>();
  #realFetch: typeof window.fetch | null = null;

  /**
   * @param labels - pathname → label of the requests to hold; every other request passes straight through.
   * @param answer - when given, answers the held requests instead of the network, called as each request goes
   *   out (so it sees requests in the order the page made them): a recorded server answer, say.
   */
  constructor(
    private readonly labels: Readonly<Record<string, string>>,
    private readonly answer?: (label: string, init: RequestInit | undefined) => Response,
  ) {}

  /** Replaces `window.fetch` until {@link restore}. */
  install(): void {
    const realFetch = window.fetch;
    this.#realFetch = realFetch;
    window.fetch = (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
      const label = this.labels[path];
      this.#pending += 1;
      if (label !== undefined && this.answer) {
        const response = this.answer(label, init);
        return this.#hold(label, Promise.resolve(response));
      }
      // The whole answer is read here, so "arrived" means arrived (cookies set, body in).
      const network = realFetch(input, init).then(async (response) => {
        const body = await response.arrayBuffer();
        return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
      });
      if (label === undefined) return network.finally(() => void (this.#pending -= 1));
      return this.#hold(label, network);
    };
  }

  #hold(label: string, network: Promise<Response>): Promise<Response> {
    const ordinal = (this.#counts.get(label) ?? 0) + 1;
    this.#counts.set(label, ordinal);
    return new Promise<Response>((resolve, reject) => {
      network.then(
        (response) => this.#arrive({ label, ordinal, hand: () => resolve(response) }),
        (error: unknown) => this.#arrive({ label, ordinal, hand: () => reject(error) }),
      );
    });
  }

  /** Puts the real `fetch` back; answers still held are handed over. */
  restore(): void {
    if (this.#realFetch) window.fetch = this.#realFetch;
    this.#realFetch = null;
    for (const entry of this.#held.splice(0)) entry.hand();
  }

  /** The answers waiting, oldest arrival first. */
  get held(): readonly HeldAnswer[] {
    return this.#held.map(({ label, ordinal }) => ({ label, ordinal }));
  }

  /** Hands one waiting answer (by its index in {@link held}) to the page. */
  release(index: number): HeldAnswer {
    const [entry] = this.#held.splice(index, 1);
    if (!entry) throw new Error(`no held answer ${index}`);
    entry.hand();
    return { label: entry.label, ordinal: entry.ordinal };
  }

  /**
   * Resolves once nothing is on the wire and the page has had a few turns to react (and maybe send more):
   * then the held answers are exactly those the page is waiting for.
   *
   * @param turns - how many quiet tasks in a row count as settled.
   */
  async settle(turns = 3): Promise<void> {
    for (let quiet = 0; quiet < turns; ) {
      await nextTask();
      quiet = this.#pending === 0 ? quiet + 1 : 0;
    }
  }

  #arrive(entry: Entry): void {
    this.#pending -= 1;
    this.#held.push(entry);
  }
}

/** Waits one task, without the timers' clamping (a posted message is a task of its own). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
