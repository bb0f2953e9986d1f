import { SESSION_COOKIE } from '@lp/sdk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Customer } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { SESSION_TTL_MS, sessionStore } from './sessionStore';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The session token of this request's cookie, when it has a well-formed one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The logged-in customer of this request, or undefined (no cookie, unknown or expired session). Order and cart
 * routes use it to scope what a session may see (issue 6).
 */
export async function sessionCustomer(db: Queryable, request: FastifyRequest): Promise<Customer | undefined> {
  const token = sessionToken(request);
  return token ? sessionStore(db).customer(token) : undefined;
}

const cookieOptions = (request: FastifyRequest, publicUrl: string | undefined) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  // Secure whenever the shopper reached us over https (directly, through PUBLIC_URL or a trusted proxy).
  secure: (publicUrl?.startsWith('https:') ?? false) || request.protocol === 'https',
});

/**
 * Sets the session cookie: kept 30 days when the shopper asked to stay logged in (`remember`), else a cookie the
 * browser drops when it closes (session 25: the next person at a shared computer finds nobody logged in).
 */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  publicUrl: string | undefined,
  remember = false,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(request, publicUrl),
    ...(remember ? { maxAge: Math.floor(SESSION_TTL_MS / 1000) } : {}),
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  publicUrl: string | undefined,
): void {
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(request, publicUrl));
}
