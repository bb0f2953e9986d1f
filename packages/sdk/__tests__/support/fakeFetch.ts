/** A recorded call of the fake fetch. */
export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

/** JSON response helper. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * A fetch that records every call and answers through `handler` (failure injection: throw a TypeError for a torn
 * connection, never resolve for a hang, answer 500...). A hanging call rejects when its signal aborts, like fetch.
 */
export function fakeFetch(handler: FakeHandler = () => json({})) {
  const calls: FakeCall[] = [];
  const fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FakeCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
      signal: init.signal,
    };
    calls.push(call);
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason));
      Promise.resolve()
        .then(() => handler(call))
        .then(resolve, reject);
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A response whose body stream breaks while being read (torn connection). */
export function tornResponse(): Response {
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
      controller.error(new TypeError('terminated'));
    },
  });
  return new Response(stream, { status: 200 });
}

/** A promise that never settles (a server that hangs). */
export const hang = () => new Promise<Response>(() => {});
