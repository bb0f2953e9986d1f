// Requests Node itself used to answer before the API saw them, now in the contract's shape `{ status, code,
// message }` (DESIGN 2): an HTTP/1.1 request without Host (Node: an empty 400) and CONNECT (Node: the connection
// closed without a word). Raw sockets against a listening API, as a scanner or a misconfigured proxy sends them.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from '../src/startApi';
import { expectErrorBody } from './support/testApi';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ port: 0, dataDir: 'memory' });
});
afterAll(() => api.close());

/** Sends `request` as it is and answers everything the server wrote until it closed the connection. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(api.url).port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe("requests Node would refuse on its own get the contract's error body", () => {
  it('HTTP/1.1 without Host: 400 bad-request naming the header', async () => {
    const answer = await raw('GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body = bodyOf(answer);
    expectErrorBody(400, body);
    expect(body).toMatchObject({ code: 'bad-request', message: expect.stringContaining('Host') });
  });

  it('HTTP/1.0 without Host (allowed there) and HTTP/1.1 with it are answered as before', async () => {
    expect(await raw('GET /health HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    const answer = await raw('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(answer)).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('CONNECT: 400 bad-request, then the connection closes', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = bodyOf(answer);
    expectErrorBody(400, body);
    expect(body).toMatchObject({ code: 'bad-request', message: expect.stringContaining('CONNECT') });
  });
});
