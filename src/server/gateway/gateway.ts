/**
 * The gateway of one route as a single middleware: the key check, then the endpoint check, then
 * quota and rate (docs/server.md gives this order). Only a request that passes the first two is
 * counted. One middleware instead of three saves two dispatch steps and their promises on every
 * request.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import type { ServerEnv } from '../context.js'
import { gatewayResponse } from '../errors.js'
import type { KeyCheck } from './api-key.js'
import { endpointCheck } from './endpoint-access.js'
import type { UsageCheck } from './usage-limits.js'

/** Makes the gateway middleware of the route of one operation. */
export type Gateway = (operationName: string) => MiddlewareHandler<ServerEnv>

export function gateway(checkKey: KeyCheck, checkUsage: UsageCheck): Gateway {
  return function gatewayOf(operationName) {
    const checkEndpoint = endpointCheck(operationName)
    return async function gatewayCheck(c, next) {
      const refused = checkKey(c) ?? checkEndpoint(c)
      if (refused !== undefined) return gatewayResponse(refused)
      const limited = await checkUsage(c)
      if (limited !== undefined) return gatewayResponse(limited)
      await next()
    }
  }
}
