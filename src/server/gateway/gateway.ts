/**
 * The gateway of one route as a single middleware: the key check, then the endpoint check, then
 * quota and rate (docs/server.md gives this order). Only a request that passes the first two is
 * counted. One check instead of three middlewares saves dispatch steps and their promises on
 * every request.
 * @module
 */
import type { Context } from 'hono'
import type { ServerEnv } from '../context.js'
import { HttpProblem, gatewayResponse, toErrorResponse } from '../errors.js'
import type { KeyCheck } from './api-key.js'
import { endpointCheck } from './endpoint-access.js'
import type { UsageCheck } from './usage-limits.js'

/** The gateway of one route: resolves to the refusal's response, or undefined when the request passes. */
export type GatewayCheck = (c: Context<ServerEnv>) => Promise<Response | undefined>

/** Makes the gateway check of the route of one operation (routes.ts runs it first in the route's gate). */
export type Gateway = (operationName: string) => GatewayCheck

/** Seconds a client is told to wait when the key or usage store failed (a restart takes seconds). */
const STORE_RETRY_AFTER_S = 5

/**
 * @param onStoreError told of every failure of the key or usage store (the server logs it): the
 *   client gets 503 STORE_UNAVAILABLE, not the 500 of a bug, and never waits on the store for
 *   longer than the store's own time limits (sqlite-store.ts, redis-store.ts).
 */
export function gateway(checkKey: KeyCheck, checkUsage: UsageCheck, onStoreError: (err: unknown, c: Context<ServerEnv>) => void = () => {}): Gateway {
  const unavailable = (err: unknown, c: Context<ServerEnv>): Response => {
    onStoreError(err, c)
    const problem = new HttpProblem(503, 'STORE_UNAVAILABLE', 'the API key store is not available at the moment; retry later', {}, STORE_RETRY_AFTER_S)
    return toErrorResponse(problem, c.req.url, 'application/json') as Response
  }
  return function gatewayOf(operationName) {
    const checkEndpoint = endpointCheck(operationName)
    return async function gatewayCheck(c) {
      let refused
      try {
        refused = checkKey(c) ?? checkEndpoint(c)
      } catch (err) {
        return unavailable(err, c)
      }
      if (refused !== undefined) return gatewayResponse(refused)
      let limited
      try {
        limited = await checkUsage(c)
      } catch (err) {
        return unavailable(err, c)
      }
      return limited === undefined ? undefined : gatewayResponse(limited)
    }
  }
}

