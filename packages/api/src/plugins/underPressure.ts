import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/ApiError';

/** When the API sheds load (DESIGN 6): thresholds of its own event loop. */
export interface LoadSheddingOptions {
  /** Mean event-loop delay above which requests get 503. @default 1000 */
  maxEventLoopDelayMs?: number;
  /**
   * Event-loop utilisation (0-1) of the last interval above which requests get 503. @default none: a process
   * serving flat out is busy, not late; the delay says when answers really wait.
   */
  maxEventLoopUtilization?: number;
  /** How often the figures are sampled. @default 1000 */
  sampleIntervalMs?: number;
  /** Seconds a shed client is asked to wait (Retry-After). @default 10 */
  retryAfterS?: number;
}

/**
 * Load shedding (@fastify/under-pressure): an API process whose event loop lags answers at once with 503 and
 * Retry-After instead of queueing more work it cannot finish in time; a load balancer or the client's retry sends
 * the request again later. The body has the contract's error shape, code `overloaded`.
 */
export async function registerUnderPressure(
  app: FastifyInstance,
  options: LoadSheddingOptions = {},
): Promise<void> {
  const retryAfter = options.retryAfterS ?? 10;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 1000,
    maxEventLoopUtilization: options.maxEventLoopUtilization ?? 0,
    // Utilisation of the last interval, not since start.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: options.sampleIntervalMs ?? 1000,
    retryAfter,
    pressureHandler: (_request, reply) => {
      void reply
        .status(503)
        .header('retry-after', String(retryAfter))
        .send(new ApiError(503, 'overloaded', 'The API is overloaded; retry later.').toBody());
    },
  });
}
