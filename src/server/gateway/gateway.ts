/**
 * The gateway of one route as a single middleware: the key check, then the endpoint check, then
 * quota and rate (docs/server.md gives this order). Only a request that passes the first two is
 * counted. One check instead of three middlewares saves dispatch steps and their promises on
 * every request.
 * @module
 */
import type { Context } from 'hono'
import type { ServerEnv } from '../context.js'
import { gatewayResponse } from '../errors.js'
import type { KeyCheck } from './api-key.js'
import { endpointCheck } from './endpoint-access.js'
import type { UsageCheck } from './usage-limits.js'

/** The gateway of one route: resolves to the refusal's response, or undefined when the request passes. */
export type GatewayCheck = (c: Context<ServerEnv>) => Promise<Response | undefined>

/** Makes the gateway check of the route of one operation (routes.ts runs it first in the route's gate). */
export type Gateway = (operationName: string) => GatewayCheck

export function gateway(checkKey: KeyCheck, checkUsage: UsageCheck): Gateway {
  return function gatewayOf(operationName) {
    const checkEndpoint = endpointCheck(operationName)
    return async function gatewayCheck(c) {
      const refused = checkKey(c) ?? checkEndpoint(c)
      if (refused !== undefined) return gatewayResponse(refused)
      const limited = await checkUsage(c)
      return limited === undefined ? undefined : gatewayResponse(limited)
    }
  }
}

